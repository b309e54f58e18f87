import { describe, expect, it } from 'vitest';
import { offlineReadinessOf, watchOfflineReadiness, type OfflineReadiness } from './offline-readiness';

/** A service worker container whose controller the test sets, firing 'controllerchange' as a browser does. */
class FakeContainer extends EventTarget {
  controller: ServiceWorker | null = null;
  takeControl() {
    this.controller = {} as ServiceWorker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

describe('offline readiness', () => {
  it('is unavailable without service workers, preparing until one controls the page, then ready', () => {
    expect(offlineReadinessOf(undefined)).toBe('unavailable');
    expect(offlineReadinessOf({ controller: null })).toBe('preparing');
    expect(offlineReadinessOf({ controller: {} as ServiceWorker })).toBe('ready');
  });

  it('reports the readiness at once and again when a worker takes control, until unsubscribed', () => {
    const container = new FakeContainer();
    const seen: OfflineReadiness[] = [];
    const stop = watchOfflineReadiness((readiness) => seen.push(readiness), container);
    expect(seen).toEqual(['preparing']);
    container.takeControl();
    expect(seen).toEqual(['preparing', 'ready']);
    stop();
    container.takeControl();
    expect(seen).toHaveLength(2);
  });
});
