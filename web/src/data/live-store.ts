/**
 * A Dexie liveQuery as an external store for React's useSyncExternalStore: `subscribe` and `getSnapshot`, with one
 * liveQuery shared by every subscriber (started by the first, stopped with the last). liveQuery re-runs the query
 * whenever a table it read changes, in this tab or another one, so the screens follow IndexedDB without polling
 * or events of their own. Dexie stays inside web/src/data (DESIGN §3): features get the store, not the library.
 */
import { liveQuery, type Subscription } from 'dexie';

export interface LiveStore<T> {
  /** Calls `onChange` after every new answer; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /** The last answer (the same object until the next one), or the initial value before the first. */
  getSnapshot: () => T;
}

/**
 * `query` reads IndexedDB through Dexie (localDb()); `initial` is the snapshot until it first answers. A query that
 * fails (IndexedDB unavailable) keeps the last snapshot. `same` tells two answers apart, so an answer equal to
 * the last one changes nothing (no re-render).
 */
export function liveStore<T>(
  query: () => Promise<T>,
  initial: T,
  same: (a: T, b: T) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
): LiveStore<T> {
  let snapshot = initial;
  let subscription: Subscription | undefined;
  const listeners = new Set<() => void>();

  const start = () => {
    subscription = liveQuery(query).subscribe({
      next: (value) => {
        if (same(snapshot, value)) return;
        snapshot = value;
        for (const listener of [...listeners]) listener();
      },
      error: (error: unknown) => console.warn('Local copy unavailable', error),
    });
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      if (!subscription) start();
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
}
