import { describe, expect, it } from 'vitest';
import { prefetchLikelyCode, type PrefetchEnvironment } from './prefetch-likely-code';

/** A <link> as far as the prefetch uses one: its properties, its event listeners and its place in the head. */
class FakeLink {
  rel = '';
  crossOrigin: string | null = null;
  href = '';
  listeners = new Map<string, () => void>();
  constructor(private readonly head: Set<FakeLink>) {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  remove() {
    this.head.delete(this);
  }
}

/** A document whose starter tag carries `prefetch` as its data-prefetch attribute (none when undefined). */
function environment(prefetch: string | undefined, connection?: { saveData?: boolean }) {
  const head = new Set<FakeLink>();
  const env: PrefetchEnvironment = {
    document: {
      querySelector: ((selector: string) =>
        selector === 'script[data-prefetch]' && prefetch !== undefined
          ? { getAttribute: (name: string) => (name === 'data-prefetch' ? prefetch : null) }
          : null) as unknown as Document['querySelector'],
      createElement: (() => new FakeLink(head)) as unknown as Document['createElement'],
      head: { appendChild: (link: FakeLink) => head.add(link) } as unknown as HTMLHeadElement,
    },
    connection,
  };
  const links = () => [...head].map(({ rel, crossOrigin, href }) => ({ rel, crossOrigin, href }));
  return { env, head, links };
}

describe('prefetchLikelyCode', () => {
  it("adds a prefetch link, in CORS mode as module scripts are fetched, for each URL of the starter's list", () => {
    const { env, links } = environment('/assets/inquiry-popup-I.js  /assets/dialog-parts-D.js');
    prefetchLikelyCode(env);
    expect(links()).toEqual([
      { rel: 'prefetch', crossOrigin: '', href: '/assets/inquiry-popup-I.js' },
      { rel: 'prefetch', crossOrigin: '', href: '/assets/dialog-parts-D.js' },
    ]);
  });

  it("removes each link once fetched or failed, so Vite's preload helper still preloads those modules", () => {
    const { env, head, links } = environment('/assets/inquiry-popup-I.js /assets/dialog-parts-D.js');
    prefetchLikelyCode(env);
    const [popup, dialogParts] = [...head];
    popup!.listeners.get('load')!();
    expect(links().map((link) => link.href)).toEqual(['/assets/dialog-parts-D.js']);
    dialogParts!.listeners.get('error')!();
    expect(links()).toEqual([]);
  });

  it('adds nothing on a page without a list (the service worker’s shell, a page with no likely next step)', () => {
    const { env, links } = environment(undefined);
    prefetchLikelyCode(env);
    expect(links()).toEqual([]);
  });

  it('adds nothing for a visitor who asked the browser to save data', () => {
    const { env, links } = environment('/assets/inquiry-popup-I.js', { saveData: true });
    prefetchLikelyCode(env);
    expect(links()).toEqual([]);
  });
});
