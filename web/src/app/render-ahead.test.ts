import { describe, expect, it } from 'vitest';
import { RENDER_AHEAD_EVENT } from '@/utils/app-ready-event';
import { RENDERED_AHEAD_ATTRIBUTE, renderAheadWhenIdle, type RenderAheadEnvironment } from './render-ahead';

/**
 * A page of `render-when-near` sections (their names), and a queue of the idle periods the page asks for; `log`
 * records, in order, each section marked rendered, laid out, and told with RENDER_AHEAD_EVENT.
 */
function pageOf(names: string[], connection?: RenderAheadEnvironment['connection']) {
  const log: string[] = [];
  const sections = names.map((name) => {
    const attributes = new Map<string, string>();
    return {
      name,
      attributes,
      setAttribute: (attribute: string, value: string) => {
        attributes.set(attribute, value);
        log.push(`${attribute} on ${name}`);
      },
      getBoundingClientRect: () => log.push(`layout of ${name}`),
      dispatchEvent: (event: Event) => log.push(`${event.type} on ${name}`) > 0,
    };
  });
  const selectors: string[] = [];
  const idle: (() => void)[] = [];
  renderAheadWhenIdle({
    document: {
      querySelectorAll: ((selector: string) => {
        selectors.push(selector);
        return sections;
      }) as unknown as Document['querySelectorAll'],
    },
    connection,
    whenIdle: (task) => idle.push(task),
  });
  const rendered = () =>
    sections.filter((section) => section.attributes.has(RENDERED_AHEAD_ATTRIBUTE)).map((s) => s.name);
  const idlePeriod = () => idle.shift()?.();
  return { log, selectors, idle, rendered, idlePeriod };
}

describe('renderAheadWhenIdle', () => {
  it('renders nothing until the page is idle, then one section per idle period, in document order', () => {
    const page = pageOf(['details', 'aside', 'payment estimate']);
    expect(page.rendered()).toEqual([]);

    page.idlePeriod();
    expect(page.rendered()).toEqual(['details']);
    page.idlePeriod();
    expect(page.rendered()).toEqual(['details', 'aside']);
    page.idlePeriod();
    expect(page.rendered()).toEqual(['details', 'aside', 'payment estimate']);
    // Done: it asks for no more idle periods.
    page.idlePeriod();
    expect(page.idle).toEqual([]);
  });

  it('lays each section out in its own idle task, then tells the parts that load when near', () => {
    const page = pageOf(['aside', 'payment estimate']);
    page.idlePeriod();
    expect(page.log).toEqual([
      `${RENDERED_AHEAD_ATTRIBUTE} on aside`,
      'layout of aside',
      `${RENDER_AHEAD_EVENT} on aside`,
    ]);
    page.idlePeriod();
    expect(page.log.slice(3)).toEqual([
      `${RENDERED_AHEAD_ATTRIBUTE} on payment estimate`,
      'layout of payment estimate',
      `${RENDER_AHEAD_EVENT} on payment estimate`,
    ]);
  });

  it('with Save-Data, renders the sections but loads no code early', () => {
    const page = pageOf(['aside', 'payment estimate'], { saveData: true });
    page.idlePeriod();
    page.idlePeriod();
    expect(page.rendered()).toEqual(['aside', 'payment estimate']);
    expect(page.log.filter((entry) => entry.startsWith(RENDER_AHEAD_EVENT))).toEqual([]);
  });

  it('takes the sections the page shows once idle, and not those already rendered ahead', () => {
    const page = pageOf([]);
    // Not before: after a navigation in the app, the new page is not shown yet when it is called.
    expect(page.selectors).toEqual([]);
    page.idlePeriod();
    expect(page.selectors).toEqual([`.render-when-near:not([${RENDERED_AHEAD_ATTRIBUTE}])`]);
    page.idlePeriod();
    expect(page.idle).toEqual([]);
  });
});
