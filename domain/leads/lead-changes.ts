/**
 * What a lead PATCH changes, with the timeline entries it adds (domain/schemas/lead-work.ts). The server writes
 * the entries, from the signed-in admin and its own clock: a client cannot forge or rewrite the history, and a
 * change queued offline is recorded when it arrives, by the admin who made it. The back office runs the same
 * function over its queued changes, so a note written offline shows on the timeline (marked as waiting) exactly
 * as the server will record it.
 */
import type { LeadPatch, Lead } from '../schemas/lead';
import { MAX_LEAD_EVENTS, type LeadEvent, type LeadEventKind } from '../schemas/lead-work';

export interface LeadActor {
  id: string;
  email: string;
}

const ACTIVITY_LABELS: Record<'call' | 'email' | 'visit-confirmed', string> = {
  call: 'Called',
  email: 'Email sent',
  'visit-confirmed': 'Visit confirmed',
};

/**
 * A next step in words, as the timeline records it and the inbox lists it: "<step> by <date>", "<step> (no date)"
 * (the form lets either be filled alone), "Next step by <date>"; '' when there is neither.
 */
export function nextStepText(step: { nextStep?: string | null; nextStepAt?: string | null }): string {
  const text = step.nextStep ?? '';
  if (step.nextStepAt) return `${text || 'Next step'} by ${step.nextStepAt}`;
  return text ? `${text} (no date)` : '';
}

/** The fields to store for `patch` on `current`, the timeline included. */
export function leadChanges(
  current: Lead,
  patch: LeadPatch,
  actor: LeadActor,
  ownerEmail: (id: string) => string | undefined,
  now: Date,
): Partial<Lead> {
  const events: LeadEvent[] = [];
  const add = (kind: LeadEventKind, text: string) =>
    events.push({ at: now.toISOString(), actorId: actor.id, actorEmail: actor.email, kind, text });

  const { note, activity, ...fields } = patch;
  if (fields.status !== undefined && fields.status !== current.status)
    add('status', `${current.status} → ${fields.status}`);
  if (fields.ownerId !== undefined && fields.ownerId !== (current.ownerId ?? null)) {
    add('owner', fields.ownerId ? `Assigned to ${ownerEmail(fields.ownerId) ?? fields.ownerId}` : 'Unassigned');
  }
  const nextStepAt = fields.nextStepAt !== undefined ? fields.nextStepAt : (current.nextStepAt ?? null);
  const nextStep = fields.nextStep !== undefined ? fields.nextStep : (current.nextStep ?? '');
  if (nextStepAt !== (current.nextStepAt ?? null) || nextStep !== (current.nextStep ?? '')) {
    // Cleared only when neither the step nor its date is left: a step without a date is still a step to do.
    add('next-step', nextStepText({ nextStep, nextStepAt }) || 'Next step cleared');
  }
  if (note !== undefined) add('note', note);
  if (activity) add(activity.kind, activity.text || ACTIVITY_LABELS[activity.kind]);

  const changes: Partial<Lead> = { ...fields };
  if (events.length > 0) changes.timeline = [...(current.timeline ?? []), ...events].slice(-MAX_LEAD_EVENTS);
  return changes;
}
