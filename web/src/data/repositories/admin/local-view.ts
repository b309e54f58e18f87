/**
 * The admin's view of a record list: the records as the server last gave them, with this device's queued,
 * unsent changes applied on top (created records present, deleted ones absent, edits merged).
 *
 * The record tables in IndexedDB only ever hold what the server confirmed; queued changes live only in the
 * outbox and are applied when a list is read. So discarding a failed change or taking "theirs" in a conflict
 * needs no undo in the tables, and the public pages of this device never show an admin's unsent edits.
 */
import { byCreatedAt, type OutboxEntity, type OutboxEntry } from '../../outbox-entry';

export interface RecordLike {
  id: string;
  version?: number;
}

export interface QueuedView<T> {
  records: T[];
  /** Ids of the records that carry changes not yet on the server. */
  pendingIds: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Entries still on their way (not parked as a conflict or a failure). */
const onItsWay = (entry: OutboxEntry) => entry.state === 'pending' || entry.state === 'sending';

/**
 * How a queued edit shows on the record it changes. By default its fields replace the record's (a PUT or PATCH
 * of plain fields); a lead's PATCH carries a note or an action that the server turns into timeline entries,
 * so the leads repository passes its own (lead-view.ts).
 */
export type MergeQueuedEdit<T> = (existing: T, payload: Record<string, unknown>, entry: OutboxEntry) => T;

/** The payload's fields over the record; a null field is one the write removes (a community's position). */
function mergeFields<T>(existing: T, payload: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...existing, ...payload };
  for (const [key, value] of Object.entries(payload)) if (value === null) delete merged[key];
  return merged as T;
}

/**
 * Applies the queued entries of `entity` to `rows`, oldest first. A record's entries after a parked one (conflict,
 * failed) are left out: they build on a change the server has not taken, and the sync center shows them.
 * Records created offline go last, in the order they were made (the server lists new records last too).
 * `now` is the timestamp given to records created offline (they have no server dates yet).
 */
export function applyQueuedChanges<T extends RecordLike>(
  rows: readonly T[],
  entries: readonly OutboxEntry[],
  entity: OutboxEntity,
  now: Date = new Date(),
  mergeEdit: MergeQueuedEdit<T> = mergeFields,
): QueuedView<T> {
  const byId = new Map<string, T>(rows.map((row) => [row.id, row]));
  const parked = new Set<string>();
  const pending = new Set<string>();
  for (const entry of [...entries].sort(byCreatedAt)) {
    if (entry.entity !== entity) continue;
    // Visitors' inquiries queued on this device are not leads in the inbox yet.
    if (entry.path.startsWith('public/') || entry.path === 'contact') continue;
    if (!onItsWay(entry)) {
      parked.add(entry.entityId);
      continue;
    }
    if (parked.has(entry.entityId)) continue;
    const existing = byId.get(entry.entityId);
    const payload = isObject(entry.payload) ? entry.payload : {};
    if (entry.op === 'delete') {
      byId.delete(entry.entityId);
    } else if (entry.op === 'create') {
      const stamp = now.toISOString();
      byId.set(entry.entityId, {
        ...mergeFields({ createdAt: stamp, updatedAt: stamp, ...existing }, payload),
        id: entry.entityId,
        version: existing?.version ?? 1,
      } as unknown as T);
    } else if (existing) {
      byId.set(entry.entityId, { ...mergeEdit(existing, payload, entry), id: existing.id, version: existing.version });
    } else {
      // An edit of a record outside this list (another community's listing): nothing to show here.
      continue;
    }
    pending.add(entry.entityId);
  }
  return { records: [...byId.values()], pendingIds: [...pending].filter((id) => byId.has(id)) };
}

/** Rows in the order the server last listed them; rows it never listed go last, oldest first. */
export function inServerOrder<T extends { id: string; createdAt?: string }>(rows: T[], order: string[] | undefined): T[] {
  const position = new Map((order ?? []).map((id, index) => [id, index]));
  const rank = (row: T) => position.get(row.id) ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort((a, b) => rank(a) - rank(b) || (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** Top-level fields of `next` whose value differs from `base` (nested objects compared whole, as PUT replaces them). */
export function changedFields(base: object, next: Record<string, unknown>): Record<string, unknown> {
  const baseFields = base as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    // null asks for no value (a community's emptied position), which a field the record lacks already is.
    if (JSON.stringify(baseFields[key] ?? null) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed;
}

/** Server-owned fields, and anything a screen added for itself (`_pending`...), never go to the server. */
const SERVER_FIELDS = new Set(['id', 'version', 'createdAt', 'updatedAt']);

export function writableFields(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !SERVER_FIELDS.has(key) && !key.startsWith('_') && value !== undefined),
  );
}
