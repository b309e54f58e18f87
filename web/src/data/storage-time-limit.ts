/**
 * A time limit on waiting for IndexedDB, where a visitor waits on it.
 *
 * Why: IndexedDB can stop answering a site altogether. In WebKit (every iPhone browser, Safari), a page that goes
 * away while its transactions are in flight can leave them neither committed nor aborted; every later transaction
 * of the site that needs the same object stores then queues behind them, in every tab, until the browser restarts
 * (WebKit bugs 315804 and 324094). WebKitGTK did it here after a few page loads in a row: a listing link tapped on a
 * community page never opened the listing, because the navigation waited for its copy of the listing to be stored;
 * a lead would have waited the same way for its place in the outbox. The database never says it is stuck, so the
 * only sign is time: past the limit, the caller goes on as it does with no IndexedDB at all (private mode).
 */

/** IndexedDB did not answer within the time limit (it may still answer later: the work is not cancelled). */
export class StorageTimeLimitError extends Error {
  constructor(what: string, limitMs: number) {
    super(`The device's storage did not answer within ${limitMs} ms (${what})`);
    this.name = 'StorageTimeLimitError';
  }
}

/**
 * `work`'s outcome, or a StorageTimeLimitError once `limitMs` have passed without one. `stillWaiting` (optional)
 * says at that moment whether the part with the time limit is still under way: a caller whose promise covers more
 * than storage (storing, then sending over the network) limits only the storing.
 */
export function withinStorageTimeLimit<T>(
  work: Promise<T>,
  limitMs: number,
  what: string,
  stillWaiting: () => boolean = () => true,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      if (stillWaiting()) reject(new StorageTimeLimitError(what, limitMs));
    };
    const timer = setTimeout(check, limitMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
