/**
 * Turning a visitor's form into a stored lead: the spam check (DESIGN §4 "Public endpoints") and the record.
 * Suspected spam is stored with status SPAM and answered like a success, so a bot learns nothing and a
 * person wrongly flagged is still in the inbox's spam view.
 */
import type { ContactRequest, LeadStatus } from '../../domain';
import type { NewRecord } from '../storage/storage';

/** Faster than any person can fill a form: name, email and a message take longer than this. */
export const MIN_HUMAN_FILL_TIME_MS = 2000;

export interface ContactSubmission {
  id?: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  interest: ContactRequest['interest'];
  source?: ContactRequest['source'];
  communityId?: string;
  listingId?: string;
  listingTitle?: string;
  listingIds?: string[];
  submittedAt?: string;
  preferredDate?: string;
  preferredSlot?: ContactRequest['preferredSlot'];
  visitType?: ContactRequest['visitType'];
  website?: string;
  fillTimeMs?: number;
}

/** Why a submission looks automated, or null when it looks human. */
export function spamReason(submission: Pick<ContactSubmission, 'website' | 'fillTimeMs'>): string | null {
  if (submission.website && submission.website.trim() !== '') return 'honeypot field filled';
  if (submission.fillTimeMs !== undefined && submission.fillTimeMs < MIN_HUMAN_FILL_TIME_MS) {
    return `form filled in ${Math.round(submission.fillTimeMs)} ms`;
  }
  return null;
}

/** The record to store: the honeypot and the fill time are not kept; status NEW or SPAM. */
export function leadRecord(
  submission: ContactSubmission,
  defaultSource: ContactRequest['source'],
  now: Date = new Date(),
): NewRecord<ContactRequest> {
  const { website: _honeypot, fillTimeMs: _fillTime, ...fields } = submission;
  const reason = spamReason(submission);
  const status: LeadStatus = reason ? 'SPAM' : 'NEW';
  return {
    ...fields,
    source: fields.source ?? defaultSource,
    submittedAt: fields.submittedAt ?? now.toISOString(),
    status,
    notes: '',
    ...(reason ? { spamReason: reason } : {}),
  };
}
