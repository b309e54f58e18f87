/** Texts of the visitor forms that SPEC §8 does not word (the outbox is DESIGN's addition). */

/** Shown when an inquiry could not be sent now and waits in the outbox on this device. */
export const OFFLINE_QUEUED_MESSAGE =
  "You're offline. Your request is saved on this device and will be sent when the connection returns.";
