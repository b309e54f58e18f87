/**
 * Leads as this device shows them while changes wait in the outbox. A lead PATCH may carry a note or an action,
 * which the server turns into timeline entries (domain/leads/lead-changes.ts); shown as plain fields they would
 * vanish, so a queued lead edit goes through the same function, by the signed-in admin, and its new entries are
 * marked as waiting. When the PATCH reaches the server, the server's copy (its clock, its author) replaces them.
 *
 * Also the owners a lead may be given: the active admins (GET /api/admin/owners), kept on this device so an
 * admin at an open house can assign a lead offline.
 */
import { leadChanges } from '@domain/leads/lead-changes';
import { leadPatchSchema, type Lead } from '@domain/schemas/lead';
import type { LeadEvent } from '@domain/schemas/lead-work';
import { NetworkUnreachableError } from '../../http-errors';
import { getJson } from '../../http-client';
import { META_KEYS, readMeta, writeMeta } from '../../local-db';
import type { OutboxEntry } from '../../outbox-entry';
import { getSessionUser } from '../../session';
import type { MergeQueuedEdit } from './local-view';

/** A timeline entry as the inbox shows it: `waiting` when it is a change of this device not yet on the server. */
export type ShownLeadEvent = LeadEvent & { waiting?: true };

export interface LeadOwner {
  id: string;
  email: string;
}

/** How a queued lead PATCH shows on the lead: its fields, and the timeline entries the server will add. */
export function queuedLeadEdit(
  actor: LeadOwner | null,
  ownerEmail: (id: string) => string | undefined,
): MergeQueuedEdit<Lead> {
  return (lead, payload, entry: OutboxEntry) => {
    const patch = leadPatchSchema.safeParse(payload);
    // A payload the schema refuses will be refused by the server too (the Sync page shows it): show it unchanged.
    if (!patch.success) return lead;
    const before = new Set<LeadEvent>(lead.timeline ?? []);
    const changes = leadChanges(
      lead,
      patch.data,
      actor ?? { id: '', email: '' },
      ownerEmail,
      new Date(entry.createdAt),
    );
    const timeline = changes.timeline?.map((event): ShownLeadEvent =>
      before.has(event) ? event : { ...event, waiting: true },
    );
    return { ...lead, ...changes, ...(timeline ? { timeline } : {}) };
  };
}

/** The signed-in admin, as a lead's author and owner. */
export function signedInOwner(): LeadOwner | null {
  const user = getSessionUser();
  return user ? { id: user.id, email: user.email } : null;
}

/**
 * The active admins, by email. Offline, the list this device last saw (or only the signed-in admin, so "assign to
 * me" always works); `offline` says which.
 */
export async function listLeadOwners(): Promise<{ owners: LeadOwner[]; offline: boolean }> {
  try {
    const owners = await getJson<LeadOwner[]>('admin/owners');
    await writeMeta(META_KEYS.leadOwners, owners).catch((error: unknown) =>
      console.warn('Could not keep the owner list on this device', error),
    );
    return { owners, offline: false };
  } catch (error) {
    if (!(error instanceof NetworkUnreachableError)) throw error;
    return { owners: await knownOwners(), offline: true };
  }
}

/** The owners this device knows without the server. */
export async function knownOwners(): Promise<LeadOwner[]> {
  const saved = (await readMeta<LeadOwner[]>(META_KEYS.leadOwners).catch(() => undefined)) ?? [];
  const me = signedInOwner();
  return me && !saved.some((owner) => owner.id === me.id) ? [...saved, me] : saved;
}
