/**
 * Turning a visitor's form into a stored lead: the spam check (DESIGN §4 "Public endpoints") and the record.
 *
 * The rule (docs/decisions.md): only a signal a person cannot trip files a lead as SPAM, and today that is the
 * honeypot. SPAM is stored, answered like a success (a bot learns nothing) and counted beside the inbox's Spam
 * view. A quick fill is not such a signal: browsers autofill, the listing popup arrives with its message written,
 * and a visitor on a slow phone types before the app has started. It becomes a visible flag on a NEW lead
 * (`quickFillMs`), never a reason to hide it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { CLIENT_TIME_HEADER, type Lead, type LeadStatus, type leadInputSchema } from '../../domain';
import { visitTimeProblem } from '../../domain/visit-slots';
import type { NewRecord, Transaction } from '../storage/storage';

/** Below this fill time a lead carries the "sent within N s" flag in the inbox. */
export const QUICK_FILL_FLAG_MS = 2000;

/**
 * How far back a visitor form's own submittedAt is believed: an inquiry may wait days in a phone's outbox, not
 * years. Older, or in the future beyond clock skew, and the server's time is stored instead.
 */
export const SUBMITTED_AT_MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;
export const SUBMITTED_AT_MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * A visitor form's body as the route's schema (leadInputSchema) hands it over: phone and interest defaulted, the
 * rest as sent. Derived from the schema so the two cannot name different fields.
 */
export type LeadSubmission = z.output<typeof leadInputSchema>;

/** The sources a visitor's own form may name; 'open-house' belongs to the kiosk route and 'admin' to staff. */
const VISITOR_SOURCES: ReadonlySet<Lead['source']> = new Set([
  'contact-page',
  'popup',
  'listing',
  'visit',
  'favorites',
]);

/** Why a submission is spam, or null. Only the honeypot decides (see the module comment). */
export function spamReason(submission: Pick<LeadSubmission, 'website'>): string | null {
  if (submission.website && submission.website.trim() !== '') return 'honeypot field filled';
  return null;
}

/** The fill time to flag on the lead, or undefined when the form was open long enough (or sent none). */
export function quickFillMs(submission: Pick<LeadSubmission, 'fillTimeMs'>): number | undefined {
  const { fillTimeMs } = submission;
  return fillTimeMs !== undefined && fillTimeMs < QUICK_FILL_FLAG_MS ? Math.round(fillTimeMs) : undefined;
}

/**
 * What the public contact calls keep of a visitor's body: the kiosk's answers (timeline, agent, consent, open-house
 * date) and the staff and kiosk sources are dropped, and a submittedAt outside the outbox's plausible range is
 * replaced by the server's time. The community reference is resolved by the route (it needs storage).
 */
export function visitorSubmission(
  body: LeadSubmission,
  defaultSource: Lead['source'],
  now: Date = new Date(),
  clientTime?: string,
): LeadSubmission {
  const {
    buyingTimeline: _timeline,
    workingWithAgent: _agent,
    consentText: _consent,
    openHouseDate: _openHouse,
    ...fields
  } = body;
  const source = fields.source && VISITOR_SOURCES.has(fields.source) ? fields.source : defaultSource;
  const onServerClock = onServerClockTime(fields.submittedAt, clientTime, now);
  return { ...fields, source, submittedAt: plausibleSubmittedAt(onServerClock, now) };
}

/** The device's clock reading a write carries (CLIENT_TIME_HEADER), if it carries one. */
export function clientTimeOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[CLIENT_TIME_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Below this a device's clock is taken as right: the send's own time on the network, and ordinary drift. */
export const CLOCK_SKEW_IGNORED_MS = 2 * 60 * 1000;

/**
 * A device's submittedAt moved onto the server's clock: the device says what its clock read as it sent the
 * request (CLIENT_TIME_HEADER), so the difference from the server's clock is how wrong the device's clock is. A
 * phone 20 days slow filed its lead 20 days back, out of the day's From/To and below weeks of leads; a lead that
 * waited offline keeps its real age. Unchanged without a readable clock reading or when the clocks agree.
 */
export function onServerClockTime(
  submittedAt: string | undefined,
  clientTime: string | undefined,
  now: Date,
): string | undefined {
  const sentAt = clientTime ? Date.parse(clientTime) : Number.NaN;
  const madeAt = submittedAt ? Date.parse(submittedAt) : Number.NaN;
  if (Number.isNaN(sentAt) || Number.isNaN(madeAt)) return submittedAt;
  const skew = now.getTime() - sentAt;
  if (Math.abs(skew) < CLOCK_SKEW_IGNORED_MS) return submittedAt;
  const corrected = new Date(madeAt + skew);
  return Number.isNaN(corrected.getTime()) ? submittedAt : corrected.toISOString();
}

/**
 * A device's own submittedAt if it is plausible (SUBMITTED_AT_MAX_AGE_MS back, SUBMITTED_AT_MAX_SKEW_MS ahead),
 * else the server's time: a phone or kiosk tablet whose clock is wrong (reset by a flat battery) would otherwise
 * sort its leads out of sight, at the bottom of the inbox or pinned above every new one.
 */
export function plausibleSubmittedAt(submittedAt: string | undefined, now: Date): string {
  const submittedTime = submittedAt ? Date.parse(submittedAt) : Number.NaN;
  const plausible =
    submittedTime >= now.getTime() - SUBMITTED_AT_MAX_AGE_MS &&
    submittedTime <= now.getTime() + SUBMITTED_AT_MAX_SKEW_MS;
  return plausible ? submittedAt! : now.toISOString();
}

/** The record to store: the honeypot and the fill time are not kept; status NEW or SPAM. */
export function leadRecord(
  submission: LeadSubmission,
  defaultSource: Lead['source'],
  now: Date = new Date(),
): NewRecord<Lead> {
  const { website: _honeypot, fillTimeMs: _fillTime, ...fields } = submission;
  const reason = spamReason(submission);
  const quick = quickFillMs(submission);
  const status: LeadStatus = reason ? 'SPAM' : 'NEW';
  return {
    ...fields,
    source: fields.source ?? defaultSource,
    submittedAt: fields.submittedAt ?? now.toISOString(),
    status,
    notes: '',
    ...(reason ? { spamReason: reason } : {}),
    ...(quick !== undefined ? { quickFillMs: quick } : {}),
  };
}

/**
 * Stores a visitor's lead in `tx` and returns it. A community the site does not know (a typo, a deleted one) is
 * dropped, not stored as a dangling reference; the lead itself is always kept. A slug is stored as the community's
 * id. Shared by the JSON contact calls (routes/public.ts) and the contact page's form post (routes/contact-form-post.ts).
 */
export function insertVisitorLead(
  tx: Transaction,
  submission: LeadSubmission,
  defaultSource: Lead['source'],
  now: Date = new Date(),
): Lead {
  // The lead id is chosen on the device: a send repeated after its Idempotency-Key expired (an answer lost, the
  // phone back more than a day later) finds the lead and gets the same answer, not a 409 that would park it as
  // refused on the visitor's device (the kiosk route does the same).
  const stored = submission.id ? tx.get('contacts', submission.id) : undefined;
  if (stored) return stored;
  const ref = submission.communityId;
  const community = ref ? (tx.get('communities', ref) ?? tx.findOne('communities', 'slug', ref)) : undefined;
  const { communityId: _claimed, ...fields } = submission;
  const known = community ? { ...fields, communityId: community.id } : fields;
  const record = leadRecord(known, defaultSource, now);
  // A visit time the booking would not have offered (past, closed, out of the window) is said on the lead.
  const { preferredDate, preferredSlot } = submission;
  const visitNote =
    preferredDate && preferredSlot
      ? visitTimeProblem(
          preferredDate,
          preferredSlot,
          new Date(record.submittedAt ?? now),
          now,
          community?.salesOfficeHours,
        )
      : '';
  return tx.insert('contacts', visitNote ? { ...record, notes: visitNote } : record);
}
