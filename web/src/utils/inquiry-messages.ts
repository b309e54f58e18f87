/** Texts of the visitor forms that SPEC §8 does not word (the outbox is DESIGN's addition). */

/** Shown when an inquiry could not be sent now and waits in the outbox on this device, and the device is offline. */
export const OFFLINE_QUEUED_MESSAGE =
  "You're offline. Your request is saved on this device and will be sent when the connection returns.";

/**
 * The same, when the browser says it is online: the server could not take the request just now (a 429 from an
 * address many visitors share, as an open house's guest Wi-Fi; a 503 while it restarts) or the network answers
 * nothing although connected (a dead zone on Wi-Fi). "You're offline" would be untrue there.
 */
export const NOT_SENT_YET_MESSAGE =
  "We couldn't send your request just now. It is saved on this device and will be sent automatically.";

/** The notice of a request waiting in the outbox, worded by whether the browser is offline. */
export const queuedMessage = (): string =>
  typeof navigator !== 'undefined' && !navigator.onLine ? OFFLINE_QUEUED_MESSAGE : NOT_SENT_YET_MESSAGE;
