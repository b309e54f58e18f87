/**
 * bench:sync's one run: records created online, 100 edits queued in the outbox offline, the drain after the
 * network returns timed until the outbox is empty, then the server checked to hold every edit exactly once.
 */
import type { Listing } from '../../domain/schemas/listing';
import type { Property } from '../../domain/schemas/property';
import { countOutbox, listOutbox } from '../../web/src/data/outbox';
import { listAdmin, saveAdmin } from '../../web/src/data/repositories/admin/content';
import { drainAfterReconnect } from '../../web/src/data/sync';
import { pointClientAt, requestCounter, resetRequestCounter, serverList } from './sync-client';

export const EDITS = { listingUpdates: 40, propertyUpdates: 40, listingCreates: 10, propertyCreates: 10 } as const;
export const QUEUED = EDITS.listingUpdates + EDITS.propertyUpdates + EDITS.listingCreates + EDITS.propertyCreates;
const DRAIN_TIMEOUT_MS = 60_000;

export interface RunResult {
  run: number;
  queued: number;
  drainMs: number;
  requests: number;
  /** Time spent waiting for the server's answers (network + server + fsync); the rest is the client's own work. */
  waitingMs: number;
}

export async function oneRun(run: number, apiUrl: string, offlineUrl: string, token: () => string): Promise<RunResult> {
  pointClientAt(apiUrl);
  const communityId = (await listAdmin('communities')).records[0]!.id;
  const listings: Listing[] = [];
  const properties: Property[] = [];
  for (let i = 0; i < EDITS.listingUpdates; i += 1) {
    listings.push(
      (
        await saveAdmin('listings', {
          title: `Bench ${run}-${i}`,
          communityId,
          address: `${i} Bench Lane, Katy, TX 77494`,
          price: 300_000 + i,
          bedrooms: 3,
          bathrooms: 2,
          sqft: 2000,
        })
      ).record,
    );
  }
  for (let i = 0; i < EDITS.propertyUpdates; i += 1) {
    properties.push(
      (
        await saveAdmin('properties', {
          title: `Bench ${run}-${i}`,
          address: `${i} Bench St`,
          city: 'Houston',
          state: 'TX',
          zipCode: '77008',
          price: 400_000 + i,
        })
      ).record,
    );
  }
  await Promise.all([listAdmin('listings'), listAdmin('properties')]);

  // Offline: every edit is kept in the outbox.
  pointClientAt(offlineUrl);
  const createdListingIds: string[] = [];
  const createdPropertyIds: string[] = [];
  const newPrice = (i: number) => 500_000 + run * 1000 + i;
  for (const [i, listing] of listings.entries()) {
    const saved = await saveAdmin('listings', { ...listing, price: newPrice(i) });
    if (!saved.queued) throw new Error('an offline edit was not queued');
  }
  for (const [i, property] of properties.entries()) {
    await saveAdmin('properties', { ...property, price: newPrice(i) });
  }
  for (let i = 0; i < EDITS.listingCreates; i += 1) {
    const saved = await saveAdmin('listings', {
      title: `Offline ${run}-${i}`,
      communityId,
      address: `${i} Offline Way, Katy, TX 77494`,
      price: 350_000,
      bedrooms: 4,
      bathrooms: 3,
      sqft: 2500,
    });
    createdListingIds.push(saved.record.id);
  }
  for (let i = 0; i < EDITS.propertyCreates; i += 1) {
    const saved = await saveAdmin('properties', {
      title: `Offline ${run}-${i}`,
      address: `${i} Offline St`,
      city: 'Houston',
      state: 'TX',
      zipCode: '77007',
      price: 450_000,
    });
    createdPropertyIds.push(saved.record.id);
  }
  const queued = (await listOutbox()).length;
  if (queued !== QUEUED) throw new Error(`expected ${QUEUED} queued edits, found ${queued}`);

  // The network returns: the clock runs until the outbox is empty.
  pointClientAt(apiUrl);
  resetRequestCounter();
  const started = performance.now();
  await drainAfterReconnect();
  for (;;) {
    const counts = await countOutbox();
    if (counts.failed || counts.conflicts)
      throw new Error(`the server refused queued edits: ${JSON.stringify(counts)}`);
    if (counts.pending === 0) break;
    if (performance.now() - started > DRAIN_TIMEOUT_MS) throw new Error('the outbox did not drain within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await drainAfterReconnect();
  }
  const drainMs = performance.now() - started;
  const { requests, waitingMs } = requestCounter();

  // Exactly once, on the server.
  const [serverListings, serverProperties] = await Promise.all([
    serverList<Listing>(apiUrl, token(), 'listings'),
    serverList<Property>(apiUrl, token(), 'properties'),
  ]);
  const listingById = new Map(serverListings.map((listing) => [listing.id, listing]));
  const propertyById = new Map(serverProperties.map((property) => [property.id, property]));
  const problems: string[] = [];
  listings.forEach((listing, i) => {
    const stored = listingById.get(listing.id);
    if (stored?.price !== newPrice(i) || stored.version !== 2) problems.push(`listing ${listing.id}`);
  });
  properties.forEach((property, i) => {
    const stored = propertyById.get(property.id);
    if (stored?.price !== newPrice(i) || stored.version !== 2) problems.push(`property ${property.id}`);
  });
  for (const id of createdListingIds) if (listingById.get(id)?.version !== 1) problems.push(`new listing ${id}`);
  for (const id of createdPropertyIds) if (propertyById.get(id)?.version !== 1) problems.push(`new property ${id}`);
  for (const records of [serverListings, serverProperties]) {
    const titles = records
      .map((record) => record.title)
      .filter((title) => title.startsWith(`Bench ${run}-`) || title.startsWith(`Offline ${run}-`));
    if (new Set(titles).size !== titles.length) problems.push('a record was created twice');
  }
  if (problems.length) throw new Error(`the server does not hold the edits exactly once: ${problems.join(', ')}`);

  return { run, queued, drainMs, requests, waitingMs };
}
