import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageTimeLimitError, withinStorageTimeLimit } from './storage-time-limit';

afterEach(() => {
  vi.useRealTimers();
});

/** A promise settled from outside. */
function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('withinStorageTimeLimit', () => {
  it('gives the work’s answer when it comes in time, and its error', async () => {
    await expect(withinStorageTimeLimit(Promise.resolve(7), 1_000, 'a read')).resolves.toBe(7);
    await expect(withinStorageTimeLimit(Promise.reject(new Error('quota')), 1_000, 'a write')).rejects.toThrow('quota');
  });

  it('fails with StorageTimeLimitError once the limit has passed without an answer', async () => {
    vi.useFakeTimers();
    const work = pending<number>();
    const limited = withinStorageTimeLimit(work.promise, 1_000, 'storing a lead');
    const outcome = limited.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(999);
    work.resolve(1); // within the limit
    expect(await outcome).toBe('answered');

    const stuck = pending<number>();
    const late = withinStorageTimeLimit(stuck.promise, 1_000, 'storing a lead').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await late;
    expect(error).toBeInstanceOf(StorageTimeLimitError);
    expect((error as Error).message).toContain('storing a lead');
  });

  it('past the limit, goes on waiting when the part with the limit is done (the send after the store)', async () => {
    vi.useFakeTimers();
    const work = pending<string>();
    let stored = false;
    const limited = withinStorageTimeLimit(work.promise, 1_000, 'storing', () => !stored);
    stored = true;
    await vi.advanceTimersByTimeAsync(5_000);
    work.resolve('sent');
    await expect(limited).resolves.toBe('sent');
  });
});
