/**
 * The lead inbox (DESIGN §6 "Admin Contacts"): contact requests, filtered on the server (GET /api/contacts),
 * with status and notes edited through the outbox (PATCH), deletes (DELETE) and the CSV export.
 *
 * Reads follow the admin policy of content.ts: server first, written through to IndexedDB, HTTP errors raised,
 * the local copy (filtered here the way the server filters) only when the server cannot be reached.
 */
import {
  countLeads,
  filterLeads,
  type LeadCounts,
  type LeadFilter as DomainLeadFilter,
} from '@domain/schemas/lead-filter';
import type { LeadPatch, Lead, LeadStatus } from '@domain/schemas/lead';
import { salesDay } from '@domain/schemas/lead-work';
import type { CONTACT_INTERESTS, LEAD_SOURCES } from '@domain/constants';
import { ApiError, NetworkUnreachableError } from '../../http-errors';
import { getJson, getText } from '../../http-client';
import { localDb } from '../../local-db';
import { listOutbox } from '../../outbox';
import { AdminActionError, unreachableSentence } from './errors';
import { knownOwners, queuedLeadEdit, signedInOwner } from './lead-view';
import { applyQueuedChanges } from './local-view';
import { submitRecordWrite } from './write';

export interface LeadFilter {
  status?: LeadStatus;
  interest?: (typeof CONTACT_INTERESTS)[number];
  source?: (typeof LEAD_SOURCES)[number];
  communityId?: string;
  /** Free text over name, email, phone, message, listing title and notes. */
  q?: string;
  /** YYYY-MM-DD, inclusive: the day the lead arrived as the inbox shows it (domain/schemas/lead-filter.ts receivedDay). */
  from?: string;
  to?: string;
  /** `me`, `unassigned` or an admin's id. */
  owner?: string;
  /** `true`: open leads whose next step is past due. */
  overdue?: 'true';
}

/** Status and notes, and the lead's work: owner, next step, a note or an action for the timeline. */
export type LeadUpdate = Partial<LeadPatch>;

export interface LeadListResult {
  records: Lead[];
  offline: boolean;
  /** Leads with changes made on this device that the server does not have yet. */
  pendingIds: string[];
}

function searchParams(filter: LeadFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/** The server's filter, for the local copy (one implementation, in domain/). */
export function filterLeadsLocally(leads: readonly Lead[], filter: LeadFilter): Lead[] {
  return filterLeads(leads, filter as Readonly<DomainLeadFilter>, { adminId: signedInOwner()?.id });
}

/** This device's copy of leads with its queued changes applied, notes and actions on the timeline. */
async function withQueuedChanges(rows: Lead[]) {
  const owners = new Map((await knownOwners()).map((owner) => [owner.id, owner.email]));
  const edit = queuedLeadEdit(signedInOwner(), (id) => owners.get(id));
  return applyQueuedChanges(rows, await listOutbox().catch(() => []), 'contacts', new Date(), edit);
}

async function writeThrough(leads: Lead[], filter: LeadFilter): Promise<void> {
  const db = localDb();
  await db.transaction('rw', db.contacts, async () => {
    // Only the unfiltered inbox (every lead but SPAM) tells which local leads the server no longer has.
    if (Object.keys(searchParams(filter)).length === 0) {
      const keep = new Set(leads.map((lead) => lead.id));
      const stale = (await db.contacts.toArray())
        .filter((lead) => lead.status !== 'SPAM' && !keep.has(lead.id))
        .map((lead) => lead.id);
      await db.contacts.bulkDelete(stale);
    }
    await db.contacts.bulkPut(leads);
  });
}

/** Leads matching `filter`, newest first, with this device's queued status and notes changes applied. */
export async function listLeads(filter: LeadFilter = {}): Promise<LeadListResult> {
  let rows: Lead[];
  let offline = false;
  try {
    rows = await getJson<Lead[]>('contacts', { searchParams: searchParams(filter) });
    await writeThrough(rows, filter).catch((error: unknown) => console.warn('Could not keep a local copy', error));
  } catch (serverError) {
    if (!(serverError instanceof NetworkUnreachableError)) throw serverError;
    try {
      rows = await localDb().contacts.toArray();
    } catch (localError) {
      console.warn('Local copy unavailable', localError);
      throw serverError;
    }
    offline = true;
  }
  const view = await withQueuedChanges(rows);
  // A queued status change may move a lead out of (or, offline, into) this view.
  const records = filterLeadsLocally(view.records, filter);
  return { records, offline, pendingIds: view.pendingIds.filter((id) => records.some((lead) => lead.id === id)) };
}

/**
 * How many leads each status holds (GET /api/contacts/counts), for the count beside the inbox's Spam view; offline,
 * counted from this device's copy with its queued changes applied.
 */
export async function countLeadsByStatus(): Promise<LeadCounts & { offline: boolean }> {
  try {
    return { ...(await getJson<LeadCounts>('contacts/counts')), offline: false };
  } catch (serverError) {
    if (!(serverError instanceof NetworkUnreachableError)) throw serverError;
    const rows = await localDb().contacts.toArray();
    const view = await withQueuedChanges(rows);
    return { ...countLeads(view.records), offline: true };
  }
}

/**
 * The number of NEW leads, for the sidebar badge (each minute and on every page change): the counts call, a few
 * bytes, not every NEW lead with its timeline (megabytes in a busy inbox).
 */
export async function countNewLeads(): Promise<number> {
  return (await countLeadsByStatus()).byStatus.NEW;
}

async function localLead(id: string): Promise<Lead | undefined> {
  const row = await localDb().contacts.get(id);
  return (await withQueuedChanges(row ? [row] : [])).records[0];
}

/**
 * One lead by id, whatever the inbox's filter (GET /api/contacts/{id}): a lead's own address opens it from a link
 * or after a reload. Offline, this device's copy; null when neither has it.
 */
export async function getLead(id: string): Promise<{ record: Lead | null; offline: boolean }> {
  try {
    const lead = await getJson<Lead>(`contacts/${encodeURIComponent(id)}`);
    await localDb()
      .contacts.put(lead)
      .catch((error: unknown) => console.warn('Could not keep a local copy', error));
    return { record: (await withQueuedChanges([lead])).records[0] ?? null, offline: false };
  } catch (serverError) {
    if (serverError instanceof ApiError && serverError.status === 404) return { record: null, offline: false };
    if (!(serverError instanceof NetworkUnreachableError)) throw serverError;
    return { record: (await localLead(id)) ?? null, offline: true };
  }
}

/**
 * Changes a lead's status and/or notes through the outbox (PATCH /api/contacts/{id}, If-Match when `version`
 * is given). Throws like saveAdmin: ApiError when refused, SaveConflictError on 412, ApiError 401 when the
 * session expired (the change stays queued).
 */
export async function updateLead(
  id: string,
  patch: LeadUpdate,
  version?: number,
): Promise<{ record: Lead; queued: boolean }> {
  const payload = Object.fromEntries(Object.entries(patch).filter((entry) => entry[1] !== undefined));
  const outcome = await submitRecordWrite({ entity: 'contacts', op: 'patch', method: 'PATCH', id, payload, baseVersion: version });
  if (outcome.status === 'delivered' && outcome.body && typeof outcome.body === 'object') {
    return { record: outcome.body as Lead, queued: false };
  }
  const record = (await localLead(id)) ?? ({ id, ...payload } as unknown as Lead);
  return { record, queued: outcome.status === 'queued' };
}

/** Deletes a lead through the outbox. */
export async function deleteLead(id: string, version?: number): Promise<{ queued: boolean }> {
  const outcome = await submitRecordWrite({ entity: 'contacts', op: 'delete', method: 'DELETE', id, baseVersion: version });
  return { queued: outcome.status === 'queued' };
}

/**
 * `leads-YYYY-MM-DD.csv`, the name the server gives its export: the sales team's day (Central Time), so an export
 * made in a Houston evening is not named for tomorrow (UTC's day).
 */
export function leadsCsvFilename(date: Date = new Date()): string {
  return `leads-${salesDay(date)}.csv`;
}

/**
 * The CSV export of the leads matching `filter` (GET /api/contacts/export.csv with the token, so not a plain
 * link). The screen saves the Blob (e.g. with an object URL and leadsCsvFilename()). HTTP errors are raised as
 * ApiError; no answer gives an AdminActionError saying so (an export needs the server).
 */
export async function downloadLeadsCsv(filter: LeadFilter = {}): Promise<Blob> {
  try {
    const csv = await getText('contacts/export.csv', { searchParams: searchParams(filter) });
    // The server starts the file with a UTF-8 BOM (so spreadsheet programs read the accents right); reading the
    // answer as text drops it, so it is put back.
    const withBom = csv.startsWith('\ufeff') ? csv : `\ufeff${csv}`;
    return new Blob([withBom], { type: 'text/csv;charset=utf-8' });
  } catch (error) {
    if (error instanceof NetworkUnreachableError) {
      throw new AdminActionError(
        `The leads could not be exported. ${unreachableSentence(error)}`,
        { offline: true, cause: error },
      );
    }
    throw error;
  }
}
