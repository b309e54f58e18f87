/**
 * The device's copy of the data (DESIGN §5): one IndexedDB database through Dexie. Public reads write through to
 * it, the offline pack fills it, and the outbox keeps queued writes in it. The service worker never caches /api:
 * this database is the one offline copy of data.
 *
 * Schema changes add a new `this.version(n + 1).stores(...)` (with `.upgrade()` when rows must change) below the
 * existing ones; never edit a released version, or browsers that already have it will refuse to open.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Community } from '@domain/schemas/community';
import type { Lead } from '@domain/schemas/lead';
import type { Listing } from '@domain/schemas/listing';
import type { Property } from '@domain/schemas/property';
import type { SiteSettings } from '@domain/schemas/settings';
import type { OutboxEntry } from './outbox-entry';
import type { PendingUploadRow } from './pending-uploads';
import type { FavoriteRow } from './repositories/favorites-repository';

export const LOCAL_DB_NAME = 'houston-communities';

/** Site settings are one row, key 'site'. */
export interface SettingsRow {
  key: string;
  value: SiteSettings;
}

/** Small facts about the local copy: lastSyncAt, offlinePackAt, the server's list order. */
export interface MetaRow {
  key: string;
  value: unknown;
}

export const META_KEYS = {
  lastSyncAt: 'lastSyncAt',
  offlinePackAt: 'offlinePackAt',
  /** Ids in the order the server listed them, so an offline list shows the same order as an online one. */
  communitiesOrder: 'order:communities',
  listingsOrder: 'order:listings',
  propertiesOrder: 'order:properties',
  /** The active admins a lead may be assigned to, as the server last listed them (offline owner choice). */
  leadOwners: 'lead-owners',
  /** When this device last made its queued writes durable (flushToDisk). */
  durableFlush: 'durable-flush',
} as const;

export const SETTINGS_KEY = 'site';

export class LocalDb extends Dexie {
  communities!: EntityTable<Community, 'id'>;
  listings!: EntityTable<Listing, 'id'>;
  properties!: EntityTable<Property, 'id'>;
  contacts!: EntityTable<Lead, 'id'>;
  settings!: EntityTable<SettingsRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  favorites!: EntityTable<FavoriteRow, 'key'>;
  pendingUploads!: EntityTable<PendingUploadRow, 'id'>;

  constructor(name: string = LOCAL_DB_NAME) {
    super(name);
    // Version 1. Indexes: communities by slug (/community/{slug}), listings by community, the outbox by what
    // the drain asks (ready entries: state + nextAttemptAt; per record: entityId; order: createdAt).
    this.version(1).stores({
      communities: 'id, slug',
      listings: 'id, communityId',
      properties: 'id',
      contacts: 'id',
      settings: 'key',
      outbox: 'id, [state+nextAttemptAt], entityId, createdAt',
      meta: 'key',
    });
    // Version 2: the visitor's favourites (listings and communities saved on this device), newest first.
    this.version(2).stores({ favorites: 'key, savedAt' });
    // Version 3: images chosen while the server could not be reached, waiting for the write that names them
    // (pending-uploads.ts). A new table only: the rows of versions 1 and 2 are kept as they are.
    this.version(3).stores({ pendingUploads: 'id, createdAt' });
  }
}

let instance: LocalDb | undefined;

/** The database, opened on first use (Dexie opens lazily on the first query). */
export function localDb(): LocalDb {
  instance ??= new LocalDb();
  return instance;
}

/** Tests: removes the database so the next `localDb()` starts empty. */
export async function deleteLocalDb(): Promise<void> {
  const db = instance ?? new LocalDb();
  instance = undefined;
  await db.delete();
}

/**
 * Makes every write this database has committed so far survive an OS crash or a power cut, not only a killed
 * browser: Chromium commits IndexedDB transactions "relaxed" by default (written, not yet flushed to disk), and
 * a tablet at an open house whose battery dies seconds after a visitor pressed Send would lose their details.
 * One small transaction with `durability: 'strict'` waits for the flush; the log it flushes holds the earlier,
 * relaxed commits too, so the offline copies' bulk writes keep the cheap default and only what the outbox
 * acknowledges pays for the flush (outbox.ts). Browsers that ignore the option (Safari, Firefox) flush as
 * they do anyway.
 */
export async function flushToDisk(db: LocalDb = localDb()): Promise<void> {
  if (!db.isOpen()) await db.open();
  const transaction = db.backendDB().transaction('meta', 'readwrite', { durability: 'strict' });
  transaction.objectStore('meta').put({ key: META_KEYS.durableFlush, value: Date.now() } satisfies MetaRow);
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('The durable flush was aborted'));
  });
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await localDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await localDb().meta.put({ key, value });
}

/**
 * A full list from the server, stored: the table's rows it no longer has are removed and its order is kept under
 * `orderKey`, in one transaction. Rows for which `leaveAlone` says so are neither written nor removed (the device
 * heard of them after this list was fetched).
 */
export async function storeFullList<T extends { id: string }>(
  table: EntityTable<T, 'id'>,
  orderKey: string,
  rows: T[],
  leaveAlone: (id: string) => boolean = () => false,
): Promise<void> {
  const db = localDb();
  await db.transaction('rw', [table, db.meta], async () => {
    const keep = new Set(rows.map((row) => row.id));
    const stale = (await table.toCollection().primaryKeys()).filter((id) => !keep.has(id) && !leaveAlone(id));
    await table.bulkDelete(stale);
    await table.bulkPut(rows.filter((row) => !leaveAlone(row.id)));
    await db.meta.put({ key: orderKey, value: rows.map((row) => row.id) });
  });
}
