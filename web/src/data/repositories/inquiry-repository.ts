/**
 * Visitors' inquiries (popup, contact page, listing, visit requests): never lost, delivered exactly once
 * (DESIGN §1 "an inquiry typed in a dead zone is never lost").
 *
 * The inquiry is stored in the outbox first, then sent at once. Its outbox id is the Idempotency-Key of every
 * send, so a send whose answer was lost, repeated after a reload, gets the server's first answer instead of
 * a second lead.
 */
import { requestBackgroundDelivery } from '../background-delivery';
import type { LeadInput } from '@domain/schemas/lead';
import { ApiError, InquiryRejectedError } from '../http-errors';
import { sendJson } from '../http-client';
import { removeOutboxEntry } from '../outbox';
import { deliverClaimed, enqueueClaimedWithin, type Delivery, type SendEntry } from '../outbox-delivery';
import { startSyncWorker } from '../sync';
import { newUuid } from '../uuid';
import { followDelivery } from '../visitor-queue';

/** Answers that mean "not reachable right now" rather than "the server failed". */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export type InquirySource = NonNullable<LeadInput['source']>;

export interface InquiryInput {
  name: string;
  email: string;
  phone?: string;
  message: string;
  interest?: LeadInput['interest'];
  source: InquirySource;
  communityId?: string;
  listingId?: string;
  listingTitle?: string;
  listingIds?: string[];
  /** When the visitor pressed send; defaults to now, so a lead delivered later still shows when it was made. */
  submittedAt?: string;
  preferredDate?: string;
  preferredSlot?: LeadInput['preferredSlot'];
  visitType?: LeadInput['visitType'];
  /** The honeypot: empty unless a bot filled it. */
  website?: string;
  /** How long the form was open, for the server's spam check. */
  fillTimeMs: number;
  /** 'contact' posts to /api/contact (the contact page's call); the default is /api/public/contacts. */
  endpoint?: 'public' | 'contact';
  /** Called once if the inquiry was queued and has since reached the server (never stored). */
  onDelivered?: () => void;
}

export interface InquiryResult {
  /** 'sent': the server has it. 'queued': stored on this device, sent when the network allows. */
  status: 'sent' | 'queued';
  /** The lead's id (chosen here, so the queued and the delivered lead are the same record). */
  id: string;
}

export interface SubmitInquiryOptions {
  /** Tests inject the transport; the default is the HTTP client. */
  send?: SendEntry;
  /** Tests shorten the outbox's time limit. */
  storeTimeLimitMs?: number;
}

/**
 * The last inquiry the server answered with a 500. The server was reached, so it may have stored the lead before
 * failing (a failure after the commit, or a proxy's 500 in front of a server that did its part). The visitor is
 * told to try again; pressed again unchanged, it is sent as the same request (same lead id, same body, same
 * Idempotency-Key), so such a server answers with the lead it has instead of storing a second one, and a server
 * that stored nothing stores it now. Any change to the fields makes it a new inquiry. In memory only: a reload
 * forgets it, as it forgets the form.
 */
let lastServerFailure: { fields: string; requestKey: string; id: string; payload: LeadInput } | undefined;

/** What makes two presses of Send the same inquiry: every field, but not the fill time or the moment of sending. */
const sameInquiryKey = ({ fillTimeMs: _fillTime, submittedAt: _submittedAt, ...fields }: InquiryInput): string =>
  JSON.stringify(fields);

function toPayload(input: InquiryInput, id: string): LeadInput {
  const { endpoint: _endpoint, ...fields } = input;
  return { ...fields, id, phone: fields.phone ?? '', submittedAt: fields.submittedAt ?? new Date().toISOString() };
}

/**
 * Stores, then sends. Resolves 'sent' or 'queued'; throws InquiryRejectedError (with the server's field details)
 * when the server refuses the inquiry (400), which removes it from the queue since resending cannot help.
 */
export async function submitInquiry(
  { onDelivered, ...input }: InquiryInput,
  options: SubmitInquiryOptions = {},
): Promise<InquiryResult> {
  const fields = sameInquiryKey(input);
  const retried = lastServerFailure?.fields === fields ? lastServerFailure : undefined;
  lastServerFailure = undefined;
  const id = retried?.id ?? newUuid();
  const payload = retried?.payload ?? toPayload(input, id);
  // The outbox entry's id is the Idempotency-Key of its sends.
  const requestKey = retried?.requestKey ?? newUuid();
  const path = input.endpoint === 'contact' ? 'contact' : 'public/contacts';
  const rememberServerFailure = () => {
    lastServerFailure = { fields, requestKey, id, payload };
  };

  let stored = false;
  let delivery: Delivery;
  try {
    // Claimed for sending as it is stored, so a drain started meanwhile leaves this send alone.
    // Only the storing has a time limit: a database that stopped answering must not hold the lead.
    delivery = await enqueueClaimedWithin(
      { id: requestKey, entity: 'contacts', op: 'create', entityId: id, method: 'POST', path, payload },
      (claimed) => {
        stored = true;
        return deliverClaimed(claimed, options.send ? { send: options.send } : {});
      },
      options.storeTimeLimitMs,
    );
  } catch (storageError) {
    if (stored) throw storageError;
    // No IndexedDB (blocked, private mode, stuck): the lead cannot wait on this device, so try to send it now. If
    // the stuck store completes later, its send carries the same Idempotency-Key: the server answers with this lead.
    console.warn('Outbox unavailable, sending directly', storageError);
    return sendWithoutOutbox(path, payload, id, requestKey, rememberServerFailure);
  }
  if (delivery.outcome === 'done') return { status: 'sent', id };
  if (delivery.outcome === 'failed' || delivery.outcome === 'conflict') {
    await removeOutboxEntry(requestKey);
    const status = typeof delivery.result.status === 'number' ? delivery.result.status : 400;
    throw new InquiryRejectedError(delivery.result.message ?? 'Invalid input', status, delivery.result.details);
  }
  const status = delivery.result.status;
  if (typeof status === 'number' && status >= 500 && !GATEWAY_STATUSES.has(status)) {
    // The server was reached and failed (a 500): the visitor sees the spec's error and can try again, rather than
    // being told the request waits on a device that is online. Gateway errors and 503 mean the server could not
    // be reached or is briefly unavailable: those wait in the outbox like a dead zone.
    await removeOutboxEntry(requestKey);
    rememberServerFailure();
    throw new ApiError(delivery.result.message ?? `HTTP error! status: ${status}`, status);
  }
  // Network, 502-504, 408, 429: it stays queued; the sync worker sends it when due (and on 'online').
  if (onDelivered) followDelivery(requestKey, onDelivered);
  startSyncWorker();
  requestBackgroundDelivery();
  return { status: 'queued', id };
}

async function sendWithoutOutbox(
  path: string,
  payload: LeadInput,
  id: string,
  requestKey: string,
  rememberServerFailure: () => void,
): Promise<InquiryResult> {
  try {
    await sendJson('POST', path, payload, { idempotencyKey: requestKey });
    return { status: 'sent', id };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) rememberServerFailure();
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw new InquiryRejectedError(error.serverMessage, error.status, error.details);
    }
    throw error;
  }
}
