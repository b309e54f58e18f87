import { describe, expect, it } from 'vitest';
import { prefetchLikelyCode, type PrefetchEnvironment } from './prefetch-likely-code';

/** A document whose starter tag carries `prefetch` as its data-prefetch attribute (none when undefined). */
function environment(prefetch: string | undefined, connection?: { saveData?: boolean }) {
  const added: Record<string, string>[] = [];
  const env: PrefetchEnvironment = {
    document: {
      querySelector: ((selector: string) =>
        selector === 'script[data-prefetch]' && prefetch !== undefined
          ? { getAttribute: (name: string) => (name === 'data-prefetch' ? prefetch : null) }
          : null) as unknown as Document['querySelector'],
      createElement: (() => ({})) as unknown as Document['createElement'],
      head: { appendChild: (link: Record<string, string>) => added.push({ ...link }) } as unknown as HTMLHeadElement,
    },
    connection,
  };
  return { env, added };
}

describe('prefetchLikelyCode', () => {
  it("adds a prefetch link, in CORS mode as module scripts are fetched, for each URL of the starter's list", () => {
    const { env, added } = environment('/assets/inquiry-popup-I.js  /assets/dialog-parts-D.js');
    prefetchLikelyCode(env);
    expect(added).toEqual([
      { rel: 'prefetch', crossOrigin: '', href: '/assets/inquiry-popup-I.js' },
      { rel: 'prefetch', crossOrigin: '', href: '/assets/dialog-parts-D.js' },
    ]);
  });

  it('adds nothing on a page without a list (the service worker’s shell, a page with no likely next step)', () => {
    const { env, added } = environment(undefined);
    prefetchLikelyCode(env);
    expect(added).toEqual([]);
  });

  it('adds nothing for a visitor who asked the browser to save data', () => {
    const { env, added } = environment('/assets/inquiry-popup-I.js', { saveData: true });
    prefetchLikelyCode(env);
    expect(added).toEqual([]);
  });
});
