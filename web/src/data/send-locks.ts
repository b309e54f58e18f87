/**
 * Which outbox entries a live page is sending (DESIGN §5 "Outbox and sync worker"). A page holds a Web Lock named
 * after an entry from before it claims the entry until the answer is stored. The browser lets go of a page's locks
 * the moment the page is gone (closed, reloaded, crashed, or killed in the background by a phone's system), so an
 * entry still 'sending' whose lock is free has no sender left: nothing would settle it before its lease ran out
 * (SEND_LEASE_MS, 30 s). The drain takes such an entry over at once. That is safe: its resend carries the same
 * Idempotency-Key, so a server that got the first send answers with what it stored.
 *
 * Locks are held only while a send is under way: a page holding one is kept out of the back/forward cache.
 * Without Web Locks (old browsers, Node) nothing is held or taken over, and the lease alone decides, as before.
 */
const LOCK_PREFIX = 'outbox-send:';

function lockManager(): Pick<LockManager, 'request'> | undefined {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function' ? navigator.locks : undefined;
}

/**
 * Runs `send` (claim, send, store the answer) holding the entry's lock. For an entry no other page can know yet
 * (an inquiry being stored): if the lock were taken, this waits for it.
 */
export async function sendHoldingLock<T>(entryId: string, send: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  return locks ? locks.request(LOCK_PREFIX + entryId, send) : send();
}

/** Runs `run` holding the entry's lock if no page holds it; null, without running it, when one does. */
export async function ifNoPageSends<T>(entryId: string, run: () => Promise<T>): Promise<T | null> {
  const locks = lockManager();
  if (!locks) return run();
  return locks.request(LOCK_PREFIX + entryId, { ifAvailable: true }, async (lock) => (lock ? run() : null));
}

/**
 * Whether a 'sending' entry can be checked for a live sender here: only with Web Locks. Without them a free lock
 * would prove nothing, and the lease must run out.
 */
export function canSeeLiveSenders(): boolean {
  return lockManager() !== undefined;
}
