/**
 * Example data (DESIGN §2): seeds the server's first start and the browser's empty IndexedDB.
 *
 * The JSON files are the source; this module parses every record through the domain input schemas so defaults
 * apply exactly as they would for an admin's save. It imports only domain/ and the JSON files, so it loads in
 * Node (tsx) and in the browser (Vite) alike. Import attributes (`with { type: 'json' }`) work in both.
 */
import { z } from 'zod';
import {
  communityInputSchema,
  leadInputSchema,
  leadStatusSchema,
  listingInputSchema,
  propertyInputSchema,
  type Community,
  type Lead,
  type LeadStatus,
  type Listing,
  type Property,
} from '../domain';
import communitiesJson from './communities.json' with { type: 'json' };
import contactsJson from './contacts.json' with { type: 'json' };
import listingsJson from './listings.json' with { type: 'json' };
import propertiesJson from './properties.json' with { type: 'json' };

/** The JSON as written, before parsing. Every record also carries a fixed `createdAt` (see `seedRecords`). */
export const rawSeed = {
  communities: communitiesJson,
  listings: listingsJson,
  properties: propertiesJson,
  contacts: contactsJson,
} as const;

export type SeedCommunity = z.infer<typeof communityInputSchema> & { id: string; slug: string };
export type SeedListing = z.infer<typeof listingInputSchema> & { id: string };
export type SeedProperty = z.infer<typeof propertyInputSchema> & { id: string };
/** A contact request as an admin sees it: the visitor's input plus the lead status and notes. */
export type SeedContact = Omit<z.infer<typeof leadInputSchema>, 'website' | 'fillTimeMs'> & {
  id: string;
  status: LeadStatus;
  notes: string;
};

export interface SeedData {
  communities: SeedCommunity[];
  listings: SeedListing[];
  properties: SeedProperty[];
  contacts: SeedContact[];
}

/** Stored-shape records (with `createdAt`, `updatedAt`, `version`), e.g. for an empty IndexedDB. */
export interface SeedRecords {
  communities: Community[];
  listings: Listing[];
  properties: Property[];
  contacts: Lead[];
}

const contactExtrasSchema = z.object({ status: leadStatusSchema, notes: z.string() });
const createdAtSchema = z.object({ createdAt: z.iso.datetime() });
/** `createdAt` of a record passed to `seedRecords` that is not in the JSON. */
const SEED_FALLBACK_DATE = '2026-06-01T00:00:00.000Z';

function parseEach<S extends z.ZodType>(collection: string, schema: S, records: readonly unknown[]): z.infer<S>[] {
  return records.map((record, index) => {
    const result = schema.safeParse(record);
    if (!result.success) {
      const named = (record ?? {}) as { slug?: string; title?: string; name?: string };
      const label = named.slug ?? named.title ?? named.name ?? '';
      throw new Error(`data-seed ${collection}[${index}] ${label} is invalid:\n${z.prettifyError(result.error)}`);
    }
    return result.data;
  });
}

function requireId<T extends { id?: string | undefined }>(collection: string, record: T): T & { id: string } {
  if (!record.id) throw new Error(`data-seed ${collection}: every record needs a fixed id`);
  return record as T & { id: string };
}

/** Parses every seed record through its domain input schema; throws naming the first bad record. */
export function parseSeed(): SeedData {
  const communities = parseEach('communities', communityInputSchema, rawSeed.communities).map((c) => {
    const withId = requireId('communities', c);
    if (!withId.slug) throw new Error(`data-seed communities: ${withId.name} needs a slug`);
    return withId as SeedCommunity;
  });
  const listings = parseEach('listings', listingInputSchema, rawSeed.listings).map((l) => requireId('listings', l));
  const properties = parseEach('properties', propertyInputSchema, rawSeed.properties).map((p) =>
    requireId('properties', p),
  );
  const extras = parseEach('contacts', contactExtrasSchema, rawSeed.contacts);
  const contacts = parseEach('contacts', leadInputSchema, rawSeed.contacts).map((input, index): SeedContact => {
    const { website: _website, fillTimeMs: _fillTimeMs, ...rest } = requireId('contacts', input);
    const extra = extras[index]!;
    return { ...rest, id: rest.id, status: extra.status, notes: extra.notes };
  });
  return { communities, listings, properties, contacts };
}

/** The parsed example data (parsed once, at import). Treat as read-only; call `parseSeed()` for a fresh copy. */
export const seedData: SeedData = parseSeed();

/**
 * Seed records in their stored shape: `createdAt` from the JSON (so "listed" dates look real), `updatedAt` equal
 * to it, `version` 1.
 */
export function seedRecords(data: SeedData = parseSeed()): SeedRecords {
  const createdAt = new Map<string, string>();
  for (const collection of Object.keys(rawSeed) as (keyof typeof rawSeed)[]) {
    const stamps = parseEach(collection, createdAtSchema, rawSeed[collection]);
    rawSeed[collection].forEach((record, index) => createdAt.set(record.id, stamps[index]!.createdAt));
  }
  const meta = (id: string) => {
    const at = createdAt.get(id) ?? SEED_FALLBACK_DATE;
    return { createdAt: at, updatedAt: at, version: 1 };
  };
  return {
    communities: data.communities.map((c) => ({ ...c, ...meta(c.id) })),
    listings: data.listings.map((l) => ({ ...l, ...meta(l.id) })),
    properties: data.properties.map((p) => ({ ...p, ...meta(p.id) })),
    contacts: data.contacts.map((c) => ({ ...c, ...meta(c.id) })),
  };
}

/** `/images/x/name.jpg` → `/images/x/name-960.webp`. */
export function webpVariant(jpegPath: string, width: number): string {
  return jpegPath.replace(/\.jpe?g$/i, `-${width}.webp`);
}

/** Every image path the seed data references (community cards, heroes, listing photos), de-duplicated. */
export function seedImagePaths(data: SeedData = seedData): string[] {
  const paths = new Set<string>();
  for (const community of data.communities) {
    if (community.image) paths.add(community.image);
    if (community.sections.hero.backgroundImage) paths.add(community.sections.hero.backgroundImage);
  }
  for (const listing of data.listings) for (const image of listing.images) paths.add(image);
  return [...paths].sort();
}
