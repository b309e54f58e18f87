/**
 * Working a lead (issue 18): who owns it, the next step and when it is due, and its timeline: notes with their
 * author and time, status and owner changes, calls, emails and visit confirmations. The server appends the
 * timeline entries itself from what a PATCH changes (domain/leads/lead-changes.ts), so the history cannot be
 * rewritten by a client, and a change queued offline is recorded when it reaches the server, by its author.
 */
import { z } from './zod';
import { TEXT_LIMITS } from '../constants';
import { zonedNow } from '../visit-slots';
import { text } from './common';

/** Kinds of timeline entries: the first four are recorded from a change; the last three are logged actions. */
export const LEAD_EVENT_KINDS = ['note', 'status', 'owner', 'next-step', 'call', 'email', 'visit-confirmed'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
/** What an admin may log as done (quick actions). */
export const LEAD_ACTIVITY_KINDS = ['call', 'email', 'visit-confirmed'] as const;

export const leadEventSchema = z.object({
  at: z.iso.datetime(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  kind: z.enum(LEAD_EVENT_KINDS),
  /** The note, or what changed in words ("NEW → CONTACTED", "Assigned to ana@example.com"). */
  text: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

/** Entries kept per lead; the oldest are dropped beyond it (a lead worked for years stays a bounded record). */
export const MAX_LEAD_EVENTS = 500;

/** The lead-work fields a PATCH may change, beside status and notes (contact.ts). */
export const leadWorkPatchShape = {
  /** An active admin's id, or null to unassign. */
  ownerId: z.string().max(100).nullable().optional(),
  /** The date the next step is due (YYYY-MM-DD), or null to clear it. */
  nextStepAt: z.iso.date({ error: 'Use a date such as 2026-01-31' }).nullable().optional(),
  nextStep: z.string().trim().max(TEXT_LIMITS.short).optional(),
  /** A note appended to the timeline with its author and time. */
  note: text(TEXT_LIMITS.long, 'Write the note first').optional(),
  /** A quick action done (a call, an email sent, a visit confirmed), logged on the timeline. */
  activity: z
    .object({ kind: z.enum(LEAD_ACTIVITY_KINDS), text: z.string().trim().max(TEXT_LIMITS.short).default('') })
    .optional(),
};

/** What a stored lead carries of its work (all optional: leads from before have none). */
export const leadWorkShape = {
  ownerId: z.string().nullable().optional(),
  nextStepAt: z.iso.date().nullable().optional(),
  nextStep: z.string().optional(),
  timeline: z.array(leadEventSchema).optional(),
};

/** Statuses of a lead still being worked (closed and spam leads have no due steps). */
const OPEN_STATUSES = new Set(['NEW', 'CONTACTED', 'APPOINTMENT']);

/** Whether a lead is still being worked. */
export const isOpenLead = (lead: { status: string }): boolean => OPEN_STATUSES.has(lead.status);

/**
 * The sales team's date (Central Time, where the communities and the office are), YYYY-MM-DD: a next step due
 * today becomes overdue at the office's midnight, not at 6 or 7 pm when UTC's day ends.
 */
export const salesDay = (now: Date = new Date()): string => zonedNow(now).date;

/** Whether a lead's next step is due before `today` (YYYY-MM-DD) and the lead is still open. */
export function isOverdue(lead: { nextStepAt?: string | null; status: string }, today: string): boolean {
  return Boolean(lead.nextStepAt) && lead.nextStepAt! < today && isOpenLead(lead);
}
