/**
 * Public reads (SPEC §4 "Public reads", DESIGN §5 "Repositories"): server first with a short timeout; every good
 * answer is written through to IndexedDB; when the server cannot answer (unreachable, timeout, 5xx) the local
 * copy answers, seeded from data-seed/ when it has no communities yet. A 404 is an answer ("no such
 * community"), not a failure: it gives null and drops the stale local copy.
 *
 * Only reached through dynamic imports (entry-client's reader loader, the offline pack), so Dexie, ky and the
 * seed data stay out of the chunks a public page needs to become interactive.
 */
import { PUBLIC_LIST_PAGE_SIZE } from '@domain/constants/records';
import {
  toCommunityListItem,
  type Community,
  type CommunityListItem,
} from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { SiteSettings } from '@domain/schemas/settings';
import { ApiError, isServerUnavailable } from '../http-errors';
import { getJson } from '../http-client';
import { localDb, META_KEYS, readMeta, SETTINGS_KEY, storeFullList } from '../local-db';
import { withinStorageTimeLimit } from '../storage-time-limit';

/**
 * Offline, a community or listing this device never stored: not "no such record" (only the server can say that,
 * and a buyer told a home "may have been sold" would believe it), so the page shows this instead.
 */
export class NotOnDeviceError extends Error {
  constructor() {
    super('This page is not saved on this device yet. Connect to the internet to open it.');
    this.name = 'NotOnDeviceError';
  }
}

/** Long enough for a slow 4G answer, short enough that a dead zone falls back to the local copy quickly. */
export const PUBLIC_READ_TIMEOUT_MS = 3000;

/**
 * How long a page waits for IndexedDB (storage-time-limit.ts: a database that stopped answering must not hold the
 * visitor on a page that never opens). Storing the server's answer: the page needs the answer, not the copy, which
 * goes on being stored past the limit; a second is far more than a write takes, and about what the offline pack's
 * writes of a large site can hold a table for on a slow phone. Reading the copy (offline): longer, since the page
 * has nothing else to show, after which it says what it says with no copy at all.
 */
export const COPY_WRITE_TIME_LIMIT_MS = 1_000;
export const COPY_READ_TIME_LIMIT_MS = 4_000;

const read = { timeoutMs: PUBLIC_READ_TIMEOUT_MS };
const encode = encodeURIComponent;

/** The server's answer, or `fallback()` when the server cannot answer now (any other error is raised). */
async function serverFirst<T>(
  fromServer: () => Promise<T>,
  writeThrough: (value: T) => Promise<void>,
  fallback: () => Promise<T>,
): Promise<T> {
  let value: T;
  try {
    value = await fromServer();
  } catch (serverError) {
    if (!isServerUnavailable(serverError)) throw serverError;
    try {
      return await withinStorageTimeLimit(fallback(), COPY_READ_TIME_LIMIT_MS, 'reading the local copy');
    } catch (localError) {
      if (localError instanceof NotOnDeviceError) throw localError;
      // No IndexedDB either (blocked, private mode, stuck): the server's failure is the one worth showing.
      console.warn('Local copy unavailable', localError);
      throw serverError;
    }
  }
  // The page must not fail because the copy could not be stored (quota, private mode), nor wait for it for long.
  await withinStorageTimeLimit(writeThrough(value), COPY_WRITE_TIME_LIMIT_MS, 'storing the local copy').catch(
    (error: unknown) => console.warn('Could not keep a local copy', error),
  );
  return value;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

// ---- writing the local copy (also used by the offline pack) ----

/**
 * What this page heard from the server record by record since it loaded: for each community and listing id, the
 * number of the last answer that stored it or found it gone (a 404, or missing from a list it was in scope of).
 * The offline pack fetches whole lists for seconds (minutes on a slow phone) while the visitor browses: a record
 * heard of after the pack's fetch began is newer than the pack's copy, which must not overwrite it or bring back
 * one the server has removed (DESIGN §5: the device copy is never older than what the page was told).
 */
const heard = { communities: new Map<string, number>(), listings: new Map<string, number>() };
let answers = 0;

function hear(table: keyof typeof heard, ids: Iterable<string>): void {
  answers += 1;
  for (const id of ids) heard[table].set(id, answers);
}

/** A mark to take before fetching a list: ids heard of after it are left as they are when the list is stored. */
export const answerMark = (): number => answers;

const heardAfter = (table: keyof typeof heard, mark: number | undefined) =>
  mark === undefined ? undefined : (id: string) => (heard[table].get(id) ?? -1) > mark;

/**
 * The community list, every page of it (pages of PUBLIC_LIST_PAGE_SIZE, in the server's order; a short page is
 * the last): whole records ('full', the offline pack) or list items ('list', cards, search and favourites).
 */
export function fetchCommunityPages(view: 'full', options?: { timeoutMs?: number }): Promise<Community[]>;
export function fetchCommunityPages(view: 'list', options?: { timeoutMs?: number }): Promise<CommunityListItem[]>;
export async function fetchCommunityPages(
  view: 'list' | 'full',
  options: { timeoutMs?: number } = {},
): Promise<CommunityListItem[]> {
  const all: CommunityListItem[] = [];
  for (let offset = 0; ; offset += PUBLIC_LIST_PAGE_SIZE) {
    // The query is left out where it is the server's default (whole records, first page).
    const query = { ...(view === 'list' ? { view } : {}), ...(offset > 0 ? { offset } : {}) };
    const page = await getJson<CommunityListItem[]>('public/communities', {
      ...options,
      ...(Object.keys(query).length > 0 ? { searchParams: query } : {}),
    });
    all.push(...page);
    if (page.length < PUBLIC_LIST_PAGE_SIZE) return all;
  }
}

/**
 * What the list answer keeps on the device: the server's order, and local communities it no longer lists go.
 * The items are not stored: the local table holds whole records (pages and admin forms read them offline), and
 * an item merged over an older local record would give it a version its other fields do not have. Whole
 * records come from the offline pack and from each community page read.
 */
async function keepCommunityList(items: CommunityListItem[]): Promise<void> {
  const db = localDb();
  await db.transaction('rw', [db.communities, db.listings, db.meta], async () => {
    const keep = new Set(items.map((item) => item.id));
    const stale = (await db.communities.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.communities.bulkDelete(stale);
    // Their homes go with them: the device-backed search would otherwise offer homes of a community that is gone.
    if (stale.length > 0) await db.listings.where('communityId').anyOf(stale).delete();
    hear('communities', stale);
    await db.meta.put({ key: META_KEYS.communitiesOrder, value: items.map((item) => item.id) });
  });
}

/**
 * A full list of communities: stored, and local ones the server no longer has are removed. `fetchedAt` (an
 * answerMark taken before the fetch) leaves alone the communities this page heard of since.
 */
export async function storeCommunities(communities: Community[], fetchedAt?: number): Promise<void> {
  await storeFullList(
    localDb().communities,
    META_KEYS.communitiesOrder,
    communities,
    heardAfter('communities', fetchedAt),
  );
}

/**
 * A full list of listings, of one community (by id) or of all: stored, and local listings of that scope the
 * server no longer has are removed. `fetchedAt` (an answerMark taken before the fetch) leaves alone the listings
 * this page heard of since; without it, the list is an answer heard now.
 */
export async function storeListings(listings: Listing[], communityId?: string, fetchedAt?: number): Promise<void> {
  const db = localDb();
  const leaveAlone = heardAfter('listings', fetchedAt) ?? (() => false);
  await db.transaction('rw', [db.listings, db.meta], async () => {
    const keep = new Set(listings.map((listing) => listing.id));
    const scope = communityId ? db.listings.where('communityId').equals(communityId) : db.listings.toCollection();
    const stale = (await scope.primaryKeys()).filter((id) => !keep.has(id) && !leaveAlone(id));
    await db.listings.bulkDelete(stale);
    await db.listings.bulkPut(listings.filter((listing) => !leaveAlone(listing.id)));
    if (!communityId) await db.meta.put({ key: META_KEYS.listingsOrder, value: listings.map((listing) => listing.id) });
    if (fetchedAt === undefined) hear('listings', [...keep, ...stale]);
  });
}

export async function storeSettings(settings: SiteSettings): Promise<void> {
  await localDb().settings.put({ key: SETTINGS_KEY, value: settings });
}

// ---- reading the local copy ----

let seeding: Promise<void> | undefined;

/**
 * SPEC §4: "Example data is seeded when no communities exist." The seed module (~190 KB with zod) is imported
 * only here, so it loads only on a device that is offline with an empty store. Contacts are not seeded: example
 * leads have no place on a visitor's device.
 */
export function ensureLocalSeed(): Promise<void> {
  seeding ??= (async () => {
    const db = localDb();
    if ((await db.communities.count()) > 0) return;
    const { seedRecords } = await import('@data-seed');
    const records = seedRecords();
    await db.transaction('rw', [db.communities, db.listings, db.properties], async () => {
      // Another tab may have seeded (or the server written) in the meantime.
      if ((await db.communities.count()) > 0) return;
      await db.communities.bulkPut(records.communities);
      await db.listings.bulkPut(records.listings);
      await db.properties.bulkPut(records.properties);
    });
  })().finally(() => {
    seeding = undefined;
  });
  return seeding;
}

/** Rows in the order the server last listed them; rows it never listed go last, oldest first. */
function inServerOrder<T extends { id: string; createdAt: string }>(rows: T[], order: string[] | undefined): T[] {
  const position = new Map((order ?? []).map((id, index) => [id, index]));
  const rank = (row: T) => position.get(row.id) ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt));
}

async function localCommunities(): Promise<Community[]> {
  await ensureLocalSeed();
  const db = localDb();
  return inServerOrder(await db.communities.toArray(), await readMeta<string[]>(META_KEYS.communitiesOrder));
}

async function findLocalCommunity(idOrSlug: string): Promise<Community | undefined> {
  const db = localDb();
  return (await db.communities.get(idOrSlug)) ?? (await db.communities.where('slug').equals(idOrSlug).first());
}

async function localCommunity(idOrSlug: string): Promise<Community | null> {
  await ensureLocalSeed();
  return (await findLocalCommunity(idOrSlug)) ?? null;
}

async function localListings(communityIdOrSlug?: string): Promise<Listing[]> {
  await ensureLocalSeed();
  const db = localDb();
  let rows: Listing[];
  if (communityIdOrSlug) {
    // The server accepts a slug here too (DESIGN §6): resolve it the same way.
    const communityId = (await findLocalCommunity(communityIdOrSlug))?.id ?? communityIdOrSlug;
    rows = await db.listings.where('communityId').equals(communityId).toArray();
  } else {
    rows = await db.listings.toArray();
  }
  return inServerOrder(rows, await readMeta<string[]>(META_KEYS.listingsOrder));
}

async function localListing(id: string): Promise<Listing | null> {
  await ensureLocalSeed();
  return (await localDb().listings.get(id)) ?? null;
}

async function localSettings(): Promise<SiteSettings> {
  const stored = await localDb().settings.get(SETTINGS_KEY);
  if (stored) return stored.value;
  // The defaults come with zod; load them only when nothing was ever stored.
  const { DEFAULT_SITE_SETTINGS } = await import('@domain/schemas/settings');
  return DEFAULT_SITE_SETTINGS;
}

// ---- the reads ----

/** Every community's list item (CommunityListItem: what cards, search and favourites show). */
export function listCommunities(): Promise<CommunityListItem[]> {
  return serverFirst(
    () => fetchCommunityPages('list', read),
    keepCommunityList,
    async () => (await localCommunities()).map(toCommunityListItem),
  );
}

/** By id or slug; null when the server (or, offline, the local copy) has no such community. */
export async function getCommunity(idOrSlug: string): Promise<Community | null> {
  return getOne(
    `public/communities/${encode(idOrSlug)}`,
    async (community) => {
      await localDb().communities.put(community);
      hear('communities', [community.id]);
    },
    () => localCommunity(idOrSlug),
    async () => {
      const stale = await findLocalCommunity(idOrSlug);
      if (stale) {
        await localDb().communities.delete(stale.id);
        await localDb().listings.where('communityId').equals(stale.id).delete();
      }
      hear('communities', stale ? [stale.id, idOrSlug] : [idOrSlug]);
    },
  );
}

/** All listings, or those of one community (id or slug). */
export function listListings(communityId?: string): Promise<Listing[]> {
  return serverFirst(
    () =>
      getJson<Listing[]>('public/listings', { ...read, ...(communityId ? { searchParams: { communityId } } : {}) }),
    async (listings) => {
      if (!communityId) return storeListings(listings);
      const resolvedId = listings[0]?.communityId ?? (await findLocalCommunity(communityId))?.id;
      if (resolvedId) await storeListings(listings, resolvedId);
      else {
        await localDb().listings.bulkPut(listings);
        hear('listings', listings.map((listing) => listing.id));
      }
    },
    () => localListings(communityId),
  );
}

export async function getListing(id: string): Promise<Listing | null> {
  return getOne(
    `public/listings/${encode(id)}`,
    async (listing) => {
      await localDb().listings.put(listing);
      hear('listings', [listing.id]);
    },
    () => localListing(id),
    async () => {
      await localDb().listings.delete(id);
      hear('listings', [id]);
    },
  );
}

/**
 * One record, server first: stored when the server has it, else (offline) read from the local copy, and
 * NotOnDeviceError when the device does not have it; null when the server has no such record, which then leaves
 * the local copy too.
 */
async function getOne<T>(
  path: string,
  store: (record: T) => Promise<unknown>,
  local: () => Promise<T | null>,
  dropStale: () => Promise<void>,
): Promise<T | null> {
  try {
    return await serverFirst<T | null>(
      () => getJson<T>(path, read),
      async (record) => {
        if (record) await store(record);
      },
      async () => {
        const kept = await local();
        if (kept === null) throw new NotOnDeviceError();
        return kept;
      },
    );
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await dropLocal(dropStale);
    return null;
  }
}

export function getSettings(): Promise<SiteSettings> {
  return serverFirst(() => getJson<SiteSettings>('public/settings', read), storeSettings, localSettings);
}

async function dropLocal(remove: () => Promise<void>): Promise<void> {
  await withinStorageTimeLimit(remove(), COPY_WRITE_TIME_LIMIT_MS, 'dropping a stale local copy').catch(
    (error: unknown) => console.warn('Could not update the local copy', error),
  );
}
