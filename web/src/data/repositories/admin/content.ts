/**
 * Admin content: communities, listings and properties (SPEC §4 "Admin reads", "Community save", "Listing and
 * property save"; DESIGN §5 "Repositories", "Outbox").
 *
 * Reads: the server first, with the token; every good answer is written through to IndexedDB. HTTP errors are
 * raised (ApiError with the SPEC §8 texts). Only when the server cannot be reached at all (offline, refused,
 * timeout) the local copy answers, with `offline: true`, for the "Offline: showing the copy saved on this
 * device" banner. Either way the list shows this device's queued changes on top (see local-view.ts), and
 * `pendingIds` names the records that carry them.
 *
 * Writes: through the outbox (write.ts), so an edit made offline is kept and sent once, in order, when the
 * network is back. Ids of new records are made here, so a record created offline keeps its id on the server.
 * IndexedDB replaces the spec's in-memory community cache: it is refreshed on every save and delete.
 */
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { Property } from '@domain/schemas/property';
import { NetworkUnreachableError } from '../../http-errors';
import { getJson } from '../../http-client';
import { localDb, META_KEYS, readMeta, storeFullList } from '../../local-db';
import { listOutbox } from '../../outbox';
import { newUuid } from '../../uuid';
import { storeCommunities, storeListings } from '../public-repository';
import { applyQueuedChanges, changedFields, inServerOrder, writableFields } from './local-view';
import { submitRecordWrite, submitWrite, type WriteOutcome } from './write';

export type AdminEntity = 'communities' | 'listings' | 'properties';

export interface AdminRecordMap {
  communities: Community;
  listings: Listing;
  properties: Property;
}
export type AdminRecord<E extends AdminEntity> = AdminRecordMap[E];

export interface AdminListQuery {
  /** Listings only: those of one community (by id). */
  communityId?: string;
}

export interface AdminListResult<T> {
  records: T[];
  /** True when the server could not be reached and this is the copy saved on this device. */
  offline: boolean;
  /** Records with changes made on this device that the server does not have yet. */
  pendingIds: string[];
}

/** What a form saves: the record's fields; `id` and `version` when it edits an existing record. */
/** The fields to save; null asks an update to remove an optional field (a community's position). */
export type AdminSaveInput<E extends AdminEntity> = { [K in keyof AdminRecord<E>]?: AdminRecord<E>[K] | null } & {
  id?: string;
  version?: number;
};

export interface AdminSaveResult<T> {
  /** The server's record when delivered; the record as this device now shows it when queued. */
  record: T;
  /** True when the change is stored on this device and waits for the network (the outbox sends it). */
  queued: boolean;
  /** True for a create, false for an update (for the "created" / "updated" toasts). */
  created: boolean;
}

export interface AdminDeleteResult {
  queued: boolean;
}

export interface DashboardData {
  communities: Community[];
  listings: Listing[];
  properties: Property[];
  offline: boolean;
}

type AnyRecord = AdminRecord<AdminEntity>;

// ---- the local copy ----

/** A full list of properties: stored, and local ones the server no longer has are removed. */
export async function storeProperties(properties: Property[]): Promise<void> {
  await storeFullList(localDb().properties, META_KEYS.propertiesOrder, properties);
}

async function writeThrough(entity: AdminEntity, rows: AnyRecord[], communityId: string | undefined): Promise<void> {
  if (entity === 'communities') await storeCommunities(rows as Community[]);
  else if (entity === 'listings') await storeListings(rows as Listing[], communityId);
  else await storeProperties(rows as Property[]);
}

const ORDER_KEYS: Record<AdminEntity, string> = {
  communities: META_KEYS.communitiesOrder,
  listings: META_KEYS.listingsOrder,
  properties: META_KEYS.propertiesOrder,
};

function table(entity: AdminEntity) {
  return localDb()[entity] as unknown as ReturnType<typeof localDb>['properties'];
}

async function readLocal(entity: AdminEntity, communityId: string | undefined): Promise<AnyRecord[]> {
  const rows =
    entity === 'listings' && communityId
      ? await localDb().listings.where('communityId').equals(communityId).toArray()
      : await table(entity).toArray();
  return inServerOrder(rows as AnyRecord[], await readMeta<string[]>(ORDER_KEYS[entity]));
}

/** One record as this device shows it (server copy + queued changes); undefined when unknown or deleted. */
async function localView(entity: AdminEntity, id: string): Promise<{ record: AnyRecord; pending: boolean } | undefined> {
  const row = (await table(entity).get(id)) as AnyRecord | undefined;
  const view = applyQueuedChanges(row ? [row] : [], await listOutbox(), entity);
  const record = view.records.find((candidate) => candidate.id === id);
  return record ? { record, pending: view.pendingIds.includes(id) } : undefined;
}

// ---- reads ----

/** A list for the admin screens (see the file comment for the policy). */
export async function listAdmin<E extends AdminEntity>(
  entity: E,
  query: AdminListQuery = {},
): Promise<AdminListResult<AdminRecord<E>>> {
  const communityId = entity === 'listings' ? query.communityId : undefined;
  let rows: AnyRecord[];
  let offline = false;
  try {
    rows = await getJson<AnyRecord[]>(entity, communityId ? { searchParams: { communityId } } : {});
    // The screen must not fail because the copy could not be stored (quota, private mode).
    await writeThrough(entity, rows, communityId).catch((error: unknown) =>
      console.warn('Could not keep a local copy', error),
    );
  } catch (serverError) {
    if (!(serverError instanceof NetworkUnreachableError)) throw serverError;
    try {
      rows = await readLocal(entity, communityId);
    } catch (localError) {
      console.warn('Local copy unavailable', localError);
      throw serverError;
    }
    offline = true;
  }
  const entries = await listOutbox().catch(() => []);
  const view = applyQueuedChanges(rows, entries, entity);
  const records = communityId
    ? view.records.filter((record) => (record as Listing).communityId === communityId)
    : view.records;
  return {
    records: records as AdminRecord<E>[],
    offline,
    pendingIds: view.pendingIds.filter((id) => records.some((record) => record.id === id)),
  };
}

/** The dashboard's three lists, loaded together (SPEC §2 "Communities, listings and properties load together"). */
export async function loadDashboard(): Promise<DashboardData> {
  const [communities, listings, properties] = await Promise.all([
    listAdmin('communities'),
    listAdmin('listings'),
    listAdmin('properties'),
  ]);
  return {
    communities: communities.records,
    listings: listings.records,
    properties: properties.records,
    offline: communities.offline || listings.offline || properties.offline,
  };
}

// ---- writes ----

/**
 * Creates or updates (SPEC §4): an update when the input has an id and this device knows the record (or the
 * input carries the version it was loaded at), otherwise a create with an id made here. An update sends only
 * the fields that changed, with If-Match = the version the admin started from (`input.version`, else the local
 * copy's), so "keep mine" after a conflict re-applies the admin's own changes and nothing else.
 *
 * Throws ApiError for a refused save (400 with `details` for the form, 409, 403, 404), SaveConflictError (412)
 * when someone else changed the record, and ApiError 401 when the session expired (the change stays queued).
 */
export async function saveAdmin<E extends AdminEntity>(
  entity: E,
  input: AdminSaveInput<E>,
  /**
   * The record as the form opened it. The changed fields are those that differ from it, whatever this device's
   * copy holds now: a list read since then may have stored a colleague's newer version, and a diff against that
   * sent every field, so that "Keep mine" reverted the colleague's changes too.
   */
  base?: AdminRecord<E>,
): Promise<AdminSaveResult<AdminRecord<E>>> {
  const { id: inputId, version: inputVersion, ...rest } = input as AdminSaveInput<E> & Record<string, unknown>;
  const fields = writableFields(rest);
  const known = inputId ? await localView(entity, inputId) : undefined;
  const isUpdate = inputId !== undefined && (known !== undefined || inputVersion !== undefined);

  if (isUpdate) {
    const id = inputId;
    const baseVersion = inputVersion ?? known?.record.version;
    const reference = base ?? (known && known.record.version === baseVersion ? known.record : undefined);
    const payload = reference ? changedFields(reference, fields) : fields;
    if (known && Object.keys(payload).length === 0) {
      return { record: known.record as AdminRecord<E>, queued: known.pending, created: false };
    }
    const outcome = await submitRecordWrite({ entity, op: 'update', method: 'PUT', id, payload, baseVersion });
    return finishSave(entity, id, outcome, false, { ...fields, version: baseVersion });
  }

  const id = inputId ?? newUuid();
  const outcome = await submitWrite({
    entity,
    op: 'create',
    entityId: id,
    method: 'POST',
    path: entity,
    // A new record has nothing to remove: its null fields are simply left out.
    payload: { ...withoutNulls(fields), id },
  });
  return finishSave(entity, id, outcome, true, { ...withoutNulls(fields), version: 1 });
}

async function finishSave<E extends AdminEntity>(
  entity: E,
  id: string,
  outcome: WriteOutcome,
  created: boolean,
  input: Record<string, unknown>,
): Promise<AdminSaveResult<AdminRecord<E>>> {
  if (outcome.status === 'delivered' && isRecord(outcome.body)) {
    return { record: outcome.body as AdminRecord<E>, queued: false, created };
  }
  const view = await localView(entity, id);
  // An edit of a record this device never loaded: show what the admin sent.
  const record = view?.record ?? ({ ...input, id } as unknown as AnyRecord);
  return { record: record as AdminRecord<E>, queued: outcome.status === 'queued', created };
}

const withoutNulls = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));

const isRecord = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * Deletes a record (If-Match when `version` is given). Throws ApiError with the server's message when refused,
 * e.g. 409 for a community that still has listings; a record someone else deleted already counts as deleted.
 */
export async function deleteAdmin(entity: AdminEntity, id: string, version?: number): Promise<AdminDeleteResult> {
  const outcome = await submitRecordWrite({ entity, op: 'delete', method: 'DELETE', id, baseVersion: version });
  return { queued: outcome.status === 'queued' };
}
