import { describe, expect, it } from 'vitest';
import { prefetchLikelyCode, type PrefetchEnvironment } from './prefetch-likely-code';

/** A <link> as far as the prefetch uses one: its properties and its place in the head. */
interface FakeLink {
  rel: string;
  crossOrigin: string | null;
  href: string;
}

/**
 * A document whose starter tag carries `prefetch` as its data-prefetch attribute (none when undefined), and a queue
 * of the tasks the prefetch leaves for later, run one at a time by `runTask`.
 */
function environment(prefetch: string | undefined, connection?: { saveData?: boolean }) {
  const head: FakeLink[] = [];
  const tasks: (() => void)[] = [];
  const env: PrefetchEnvironment = {
    document: {
      querySelector: ((selector: string) =>
        selector === 'script[data-prefetch]' && prefetch !== undefined
          ? { getAttribute: (name: string) => (name === 'data-prefetch' ? prefetch : null) }
          : null) as unknown as Document['querySelector'],
      createElement: (() => ({ rel: '', crossOrigin: null, href: '' })) as unknown as Document['createElement'],
      head: { appendChild: (link: FakeLink) => head.push(link) } as unknown as HTMLHeadElement,
    },
    connection,
    later: (task) => tasks.push(task),
  };
  const runTask = () => tasks.shift()?.();
  const runAll = () => {
    while (tasks.length) runTask();
  };
  return { env, head, tasks, runTask, runAll };
}

describe('prefetchLikelyCode', () => {
  it("adds a modulepreload link, in CORS mode as modules are imported, for each URL of the starter's list", () => {
    const { env, head, runAll } = environment('/assets/inquiry-popup-I.js  /assets/dialog-parts-D.js');
    prefetchLikelyCode(env);
    runAll();
    expect(head).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/inquiry-popup-I.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/dialog-parts-D.js' },
    ]);
  });

  it('adds one link per task, none in the task that called it, and leaves them in place', () => {
    const { env, head, tasks, runTask } = environment('/assets/a-A.js /assets/b-B.js /assets/c-C.js');
    prefetchLikelyCode(env);
    expect(head).toHaveLength(0);
    for (const count of [1, 2, 3]) {
      runTask();
      expect(head).toHaveLength(count);
    }
    runTask();
    expect(tasks).toHaveLength(0);
    expect(head.map((link) => link.href)).toEqual(['/assets/a-A.js', '/assets/b-B.js', '/assets/c-C.js']);
  });

  it('adds nothing on a page without a list (the service worker’s shell, a page with no likely next step)', () => {
    const { env, head, runAll } = environment(undefined);
    prefetchLikelyCode(env);
    runAll();
    expect(head).toEqual([]);
  });

  it('adds nothing for a visitor who asked the browser to save data', () => {
    const { env, head, tasks, runAll } = environment('/assets/inquiry-popup-I.js', { saveData: true });
    prefetchLikelyCode(env);
    runAll();
    expect(head).toEqual([]);
    expect(tasks).toEqual([]);
  });
});
