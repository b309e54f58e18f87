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

/**
 * A page laid out in one column: each section a stand-in `standIn` px high until rendered, `real` px after, and the
 * window's top `scrollY` px down the page. `scrolled` records each scrollBy the page asks for.
 */
function columnOf(sections: { name: string; standIn: number; real: number }[], scrollY: number, anchoring: boolean) {
  const scrolled: number[] = [];
  let windowTop = scrollY;
  const rendered = new Set<string>();
  const heightOf = (section: (typeof sections)[number]) =>
    rendered.has(section.name) ? section.real : section.standIn;
  const elements = sections.map((section, index) => ({
    setAttribute: () => rendered.add(section.name),
    getBoundingClientRect: () => {
      const top = sections.slice(0, index).reduce((sum, above) => sum + heightOf(above), 0) - windowTop;
      return { top, bottom: top + heightOf(section), height: heightOf(section) } as DOMRect;
    },
    dispatchEvent: () => true,
  }));
  const idle: (() => void)[] = [];
  renderAheadWhenIdle({
    document: { querySelectorAll: (() => elements) as unknown as Document['querySelectorAll'] },
    whenIdle: (task) => idle.push(task),
    scrollBy: anchoring
      ? undefined
      : (pixels) => {
          scrolled.push(pixels);
          windowTop += pixels;
        },
  });
  const renderAll = () => {
    while (idle.length > 0) idle.shift()!();
  };
  /** Where the top of section `index` is from the window's top. */
  const topOf = (index: number) => elements[index]!.getBoundingClientRect().top;
  return { scrolled, renderAll, topOf };
}

describe('renderAheadWhenIdle, for a visitor who arrived mid-page', () => {
  // Two sections above the window (one grows, one shrinks from its stand-in), the one being read, one below.
  const sections = [
    { name: 'amenities', standIn: 640, real: 910 },
    { name: 'homes', standIn: 640, real: 420 },
    { name: 'listings', standIn: 640, real: 1200 },
    { name: 'builders', standIn: 640, real: 800 },
  ];

  it('without the browser scroll anchoring (WebKit), keeps what the visitor reads where it was', () => {
    const page = columnOf(sections, 1400, false);
    const readingAt = page.topOf(2);
    page.renderAll();
    // The sections above changed by +270 and -220 px; the one below changes nothing above the window.
    expect(page.scrolled).toEqual([270, -220]);
    expect(page.topOf(2)).toBe(readingAt);
  });

  it('leaves the scroll to the browser where it anchors it itself (Chromium, Firefox)', () => {
    const page = columnOf(sections, 1400, true);
    page.renderAll();
    expect(page.scrolled).toEqual([]);
  });

  it('never scrolls for a section in or below the window', () => {
    // At the top of the page: every section starts in or below the window.
    const page = columnOf(sections, 0, false);
    page.renderAll();
    expect(page.scrolled).toEqual([]);
  });
});
