/**
 * Record sets for the API benchmark (DESIGN §7): the seed (1×) and the seed replicated N times (100×).
 *
 * - Replication: copy 0 is the seed itself; copies 1..N-1 of every community, listing, property and contact get
 *   new UUIDs, communities get unique slugs `<slug>-<k>`, and listings (and contacts that name a community or a
 *   listing) are re-pointed to the community/listing of the same copy. So N× holds exactly N times the records.
 * - Our server: the records are inserted into a fresh DATA_DIR through the real file storage, one large
 *   transaction per collection (chunked), then `close()` compacts them into db.json. The server then starts on
 *   it like on any existing data folder (it only creates the first admin, since communities already exist).
 * - json-server: the very records our storage holds (same ids, fields, createdAt, version) are written to a
 *   db.json with the collections `communities`, `listings`, `properties`, `contacts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSeed, type SeedData } from '../../data-seed';
import { openFileStorage } from '../../api/storage/file-storage';
import type { CollectionName, NewRecord } from '../../api/storage/storage';

export const BENCH_COLLECTIONS = ['communities', 'listings', 'properties', 'contacts'] as const;
export type BenchCollection = (typeof BENCH_COLLECTIONS)[number];

/** Records inserted per transaction while pre-populating (each transaction is one journal line). */
const INSERT_CHUNK = 2500;

/** The seed replicated `scale` times (scale 1 = the seed as parsed by parseSeed()). */
export function buildRecordSet(scale: number, seed: SeedData = parseSeed()): SeedData {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer, got ${scale}`);
  const out: SeedData = { communities: [], listings: [], properties: [], contacts: [] };
  for (let copy = 0; copy < scale; copy++) {
    const communityIds = new Map<string, string>();
    const listingIds = new Map<string, string>();
    const newId = (map: Map<string, string> | null, old: string) => {
      if (copy === 0) return old;
      const id = randomUUID();
      map?.set(old, id);
      return id;
    };
    for (const community of seed.communities) {
      const id = newId(communityIds, community.id);
      out.communities.push({ ...community, id, slug: copy === 0 ? community.slug : `${community.slug}-${copy}` });
    }
    for (const listing of seed.listings) {
      const id = newId(listingIds, listing.id);
      const communityId =
        copy === 0 ? listing.communityId : (communityIds.get(listing.communityId) ?? listing.communityId);
      out.listings.push({ ...listing, id, communityId });
    }
    for (const property of seed.properties) out.properties.push({ ...property, id: newId(null, property.id) });
    for (const contact of seed.contacts) {
      const repointed = { ...contact, id: newId(null, contact.id) };
      if (copy > 0 && contact.communityId)
        repointed.communityId = communityIds.get(contact.communityId) ?? contact.communityId;
      if (copy > 0 && contact.listingId) repointed.listingId = listingIds.get(contact.listingId) ?? contact.listingId;
      if (copy > 0 && contact.listingIds)
        repointed.listingIds = contact.listingIds.map((old) => listingIds.get(old) ?? old);
      out.contacts.push(repointed);
    }
  }
  return out;
}

export type StoredRecords = Record<BenchCollection, Array<{ id: string } & Record<string, unknown>>>;

/**
 * Inserts `data` into a fresh file storage in `dataDir` (a few large transactions), closes it (which writes
 * the db.json snapshot) and returns the records exactly as stored.
 */
export async function populateFileStorage(dataDir: string, data: SeedData): Promise<StoredRecords> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const storage = await openFileStorage({ dataDir });
  try {
    for (const collection of BENCH_COLLECTIONS) {
      const records = data[collection] as Array<{ id: string }>;
      for (let start = 0; start < records.length; start += INSERT_CHUNK) {
        const chunk = records.slice(start, start + INSERT_CHUNK);
        await storage.transact((tx) => {
          for (const record of chunk) {
            tx.insert(collection as CollectionName, record as unknown as NewRecord<never>);
          }
        });
      }
    }
    const stored = {} as StoredRecords;
    for (const collection of BENCH_COLLECTIONS) {
      // Records are frozen and plain JSON: a JSON round trip gives ordinary objects for the json-server file.
      stored[collection] = JSON.parse(JSON.stringify(await storage.list(collection))) as StoredRecords[BenchCollection];
    }
    return stored;
  } finally {
    await storage.close();
  }
}

/** json-server's database: one array per collection, pretty-printed as json-server itself writes it. */
export async function writeJsonServerDb(file: string, records: StoredRecords): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(records, null, 2));
}

export interface GeneratedData {
  scale: number;
  /** DATA_DIR for our server (pre-populated). */
  ourDataDir: string;
  /** db.json for json-server (the same records). */
  jsonServerDb: string;
  counts: Record<BenchCollection, number>;
  communityIds: string[];
  listingIds: string[];
}

/** Builds the `scale`× record set under `rootDir/<scale>x/` for both servers. */
export async function generateApiData(scale: number, rootDir: string): Promise<GeneratedData> {
  const base = path.join(rootDir, `${scale}x`);
  const ourDataDir = path.join(base, 'ours');
  const jsonServerDb = path.join(base, 'json-server', 'db.json');
  const records = await populateFileStorage(ourDataDir, buildRecordSet(scale));
  await writeJsonServerDb(jsonServerDb, records);
  const counts = Object.fromEntries(BENCH_COLLECTIONS.map((c) => [c, records[c].length])) as Record<
    BenchCollection,
    number
  >;
  return {
    scale,
    ourDataDir,
    jsonServerDb,
    counts,
    communityIds: records.communities.map((c) => c.id),
    listingIds: records.listings.map((l) => l.id),
  };
}
