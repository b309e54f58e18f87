/**
 * The behaviour every Storage adapter must have (DESIGN §4 "Storage"), as one vitest suite. An adapter's test
 * file calls `runStorageContract(name, makeStorage)`; `makeStorage` gives a fresh, empty storage, optionally a
 * way to reopen it from its files (durable adapters), and a cleanup.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { communityInputSchema, listingInputSchema, type Community, type Listing } from '../../domain';
import {
  NotFoundError,
  UniqueViolationError,
  VersionConflictError,
  type NewRecord,
  type Storage,
  type StoredAdminUser,
} from './storage';

export interface StorageUnderTest {
  storage: Storage;
  /** Opens the same data again (after the contract has closed `storage`). Durable adapters only. */
  reopen?: () => Promise<Storage>;
  /** Closes whatever is still open and removes the adapter's files. */
  cleanup: () => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newCommunity(slug: string, overrides: Partial<NewRecord<Community>> = {}): NewRecord<Community> {
  const input = communityInputSchema.parse({
    name: `Community ${slug}`,
    location: 'Houston, TX',
    description: `About ${slug}`,
    amenities: ['Pool', 'Trails'],
  });
  return { ...input, slug, ...overrides };
}

export function newListing(
  communityId: string,
  title: string,
  overrides: Partial<NewRecord<Listing>> = {},
): NewRecord<Listing> {
  const input = listingInputSchema.parse({
    title,
    communityId,
    address: `1 ${title} St`,
    price: 350_000,
    bedrooms: 3,
    bathrooms: 2.5,
    sqft: 2100,
  });
  return { ...input, ...overrides };
}

export function newAdmin(email: string): NewRecord<StoredAdminUser> {
  return { email, passwordHash: 'argon2id$not-a-real-hash', role: 'ADMIN', isActive: true };
}

/** Assigns without caring whether the object is frozen (strict mode throws on frozen objects). */
function tryMutate(mutate: () => void): void {
  try {
    mutate();
  } catch {
    // frozen: exactly what protects storage
  }
}

export function runStorageContract(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`Storage contract: ${name}`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;

    beforeEach(async () => {
      subject = await makeStorage();
      storage = subject.storage;
    });
    afterEach(async () => {
      vi.useRealTimers();
      await subject.cleanup();
    });

    describe('insert, get, list', () => {
      it('sets id, dates and version, and returns records in insertion order', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2024-05-01T10:00:00.000Z'));
        const a = await storage.transact((tx) => tx.insert('communities', newCommunity('alpha')));
        const b = await storage.transact((tx) => tx.insert('communities', newCommunity('bravo')));
        const c = await storage.transact((tx) => tx.insert('communities', newCommunity('charlie')));

        expect(a.id).toMatch(UUID);
        expect(a).toMatchObject({
          slug: 'alpha',
          version: 1,
          createdAt: '2024-05-01T10:00:00.000Z',
          updatedAt: '2024-05-01T10:00:00.000Z',
        });
        expect(await storage.get('communities', a.id)).toEqual(a);
        expect(await storage.get('communities', 'missing')).toBeUndefined();
        expect((await storage.list('communities')).map((r) => r.slug)).toEqual(['alpha', 'bravo', 'charlie']);
        expect(await storage.count('communities')).toBe(3);
        expect(await storage.count('listings')).toBe(0);
        expect(new Set([a.id, b.id, c.id]).size).toBe(3);
      });

      it('keeps an id the caller supplies', async () => {
        const id = '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
        const made = await storage.transact((tx) => tx.insert('communities', newCommunity('given', { id })));
        expect(made.id).toBe(id);
        expect((await storage.get('communities', id))?.slug).toBe('given');
      });

      it('ignores storage-owned fields the caller tries to set', async () => {
        const sneaky = { ...newCommunity('sneaky'), version: 99, createdAt: 'yesterday' } as NewRecord<Community>;
        const made = await storage.transact((tx) => tx.insert('communities', sneaky));
        expect(made.version).toBe(1);
        expect(made.createdAt).not.toBe('yesterday');
      });

      it('lets a body read its own writes', async () => {
        const seen = await storage.transact((tx) => {
          const community = tx.insert('communities', newCommunity('self'));
          tx.insert('listings', newListing(community.id, 'Own'));
          return {
            bySlug: tx.findOne('communities', 'slug', 'self')?.id === community.id,
            listings: tx.list('listings', { communityId: community.id }).length,
          };
        });
        expect(seen).toEqual({ bySlug: true, listings: 1 });
      });
    });

    describe('findOne and where filters', () => {
      let c1: Community;
      let c2: Community;
      beforeEach(async () => {
        [c1, c2] = await storage.transact((tx) => [
          tx.insert('communities', newCommunity('one', { location: 'Katy, TX' })),
          tx.insert('communities', newCommunity('two')),
        ]);
        await storage.transact((tx) => {
          tx.insert('listings', newListing(c1.id, 'A', { status: 'AVAILABLE' }));
          tx.insert('listings', newListing(c2.id, 'B', { status: 'SOLD' }));
          tx.insert('listings', newListing(c1.id, 'C', { status: 'SOLD' }));
          tx.insert('listings', newListing(c1.id, 'D', { status: 'AVAILABLE', bedrooms: 5 }));
        });
      });

      it('finds by unique field, lookup field, id and plain field', async () => {
        expect((await storage.findOne('communities', 'slug', 'two'))?.id).toBe(c2.id);
        expect(await storage.findOne('communities', 'slug', 'nope')).toBeUndefined();
        expect((await storage.findOne('communities', 'location', 'Katy, TX'))?.id).toBe(c1.id);
        expect((await storage.findOne('communities', 'id', c1.id))?.slug).toBe('one');
        expect((await storage.findOne('listings', 'communityId', c1.id))?.title).toBe('A');
        expect(await storage.findOne('listings', 'communityId', 'nobody')).toBeUndefined();
      });

      it('filters on indexed and non-indexed fields, combined, in insertion order', async () => {
        const titles = (rows: Listing[]) => rows.map((r) => r.title);
        expect(titles(await storage.list('listings', { communityId: c1.id }))).toEqual(['A', 'C', 'D']);
        expect(titles(await storage.list('listings', { status: 'SOLD' }))).toEqual(['B', 'C']);
        expect(titles(await storage.list('listings', { communityId: c1.id, status: 'AVAILABLE' }))).toEqual(['A', 'D']);
        expect(titles(await storage.list('listings', { status: 'AVAILABLE', bedrooms: 5 }))).toEqual(['D']);
        expect(titles(await storage.list('listings', { communityId: 'nobody' }))).toEqual([]);
        expect(titles(await storage.list('listings', { communityId: undefined }))).toEqual(['A', 'B', 'C', 'D']);
        expect((await storage.list('communities', { slug: 'one' })).map((r) => r.id)).toEqual([c1.id]);
      });

      it('keeps lookup results in insertion order after a record moves between values', async () => {
        const b = (await storage.findOne('listings', 'title', 'B'))!;
        await storage.transact((tx) => tx.update('listings', b.id, { communityId: c1.id }));
        expect((await storage.list('listings', { communityId: c1.id })).map((r) => r.title)).toEqual([
          'A',
          'B',
          'C',
          'D',
        ]);
        expect(await storage.list('listings', { communityId: c2.id })).toEqual([]);
      });
    });

    describe('unique constraints', () => {
      it('rejects a second community with the same slug, on insert and on update', async () => {
        const one = await storage.transact((tx) => tx.insert('communities', newCommunity('taken')));
        const other = await storage.transact((tx) => tx.insert('communities', newCommunity('free')));

        const onInsert = await storage
          .transact((tx) => tx.insert('communities', newCommunity('taken')))
          .catch((e) => e);
        expect(onInsert).toBeInstanceOf(UniqueViolationError);
        expect(onInsert).toMatchObject({ collection: 'communities', field: 'slug', value: 'taken' });

        const onUpdate = await storage
          .transact((tx) => tx.update('communities', other.id, { slug: 'taken' }))
          .catch((e) => e);
        expect(onUpdate).toBeInstanceOf(UniqueViolationError);
        expect((await storage.get('communities', other.id))?.slug).toBe('free');

        // Keeping one's own slug is not a clash; a removed record's slug is free again.
        await storage.transact((tx) => tx.update('communities', one.id, { slug: 'taken', name: 'Renamed' }));
        await storage.transact((tx) => tx.remove('communities', one.id));
        await storage.transact((tx) => tx.update('communities', other.id, { slug: 'taken' }));
        expect((await storage.findOne('communities', 'slug', 'taken'))?.id).toBe(other.id);
        expect(await storage.findOne('communities', 'slug', 'free')).toBeUndefined();
      });

      it('rejects a duplicate admin email (case-sensitive: callers store lower case)', async () => {
        await storage.transact((tx) => tx.insert('adminUsers', newAdmin('ana@example.com')));
        const error = await storage
          .transact((tx) => tx.insert('adminUsers', newAdmin('ana@example.com')))
          .catch((e) => e);
        expect(error).toBeInstanceOf(UniqueViolationError);
        expect(error).toMatchObject({ collection: 'adminUsers', field: 'email' });
        await storage.transact((tx) => tx.insert('adminUsers', newAdmin('Ana@example.com')));
        expect(await storage.count('adminUsers')).toBe(2);
      });

      it('rejects a duplicate id', async () => {
        const first = await storage.transact((tx) => tx.insert('communities', newCommunity('first')));
        const error = await storage
          .transact((tx) => tx.insert('communities', newCommunity('second', { id: first.id })))
          .catch((e) => e);
        expect(error).toBeInstanceOf(UniqueViolationError);
        expect(error).toMatchObject({ collection: 'communities', field: 'id', value: first.id });
        expect(await storage.count('communities')).toBe(1);
      });
    });

    describe('update and remove', () => {
      it('merges shallowly, bumps the version and updatedAt, keeps id and createdAt', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2024-05-01T10:00:00.000Z'));
        const made = await storage.transact((tx) => tx.insert('communities', newCommunity('merge')));
        vi.setSystemTime(new Date('2024-05-02T11:30:00.000Z'));
        const updated = await storage.transact((tx) =>
          tx.update('communities', made.id, {
            name: 'New name',
            theme: { primaryColor: '#112233', borderRadius: '4px', borderRadiusLarge: '8px' },
            // storage-owned fields in changes are ignored
            ...({ id: 'other', version: 50, createdAt: 'x' } as object),
          }),
        );
        expect(updated).toMatchObject({
          id: made.id,
          name: 'New name',
          location: made.location,
          amenities: made.amenities,
          theme: { primaryColor: '#112233', borderRadius: '4px', borderRadiusLarge: '8px' },
          version: 2,
          createdAt: '2024-05-01T10:00:00.000Z',
          updatedAt: '2024-05-02T11:30:00.000Z',
        });
        expect(await storage.get('communities', made.id)).toEqual(updated);
        expect(await storage.get('communities', 'other')).toBeUndefined();
      });

      it('checks expectedVersion and reports the current record on a conflict', async () => {
        const made = await storage.transact((tx) => tx.insert('communities', newCommunity('versioned')));
        const v2 = await storage.transact((tx) =>
          tx.update('communities', made.id, { name: 'v2' }, { expectedVersion: 1 }),
        );
        expect(v2.version).toBe(2);

        const stale = await storage
          .transact((tx) => tx.update('communities', made.id, { name: 'stale' }, { expectedVersion: 1 }))
          .catch((e) => e);
        expect(stale).toBeInstanceOf(VersionConflictError);
        expect(stale).toMatchObject({ collection: 'communities', expectedVersion: 1 });
        expect(stale.current).toEqual(v2);

        const staleRemove = await storage
          .transact((tx) => tx.remove('communities', made.id, { expectedVersion: 1 }))
          .catch((e) => e);
        expect(staleRemove).toBeInstanceOf(VersionConflictError);
        expect((await storage.get('communities', made.id))?.name).toBe('v2');
      });

      it('removes and returns the record as it was', async () => {
        const [a, b, c] = await storage.transact((tx) => [
          tx.insert('communities', newCommunity('ra')),
          tx.insert('communities', newCommunity('rb')),
          tx.insert('communities', newCommunity('rc')),
        ]);
        const removed = await storage.transact((tx) => tx.remove('communities', b.id, { expectedVersion: 1 }));
        expect(removed).toEqual(b);
        expect(await storage.get('communities', b.id)).toBeUndefined();
        expect(await storage.findOne('communities', 'slug', 'rb')).toBeUndefined();
        expect((await storage.list('communities')).map((r) => r.id)).toEqual([a.id, c.id]);
        expect(await storage.count('communities')).toBe(2);
      });

      it('answers NotFoundError for a missing record', async () => {
        const onUpdate = await storage
          .transact((tx) => tx.update('communities', 'ghost', { name: 'x' }))
          .catch((e) => e);
        expect(onUpdate).toBeInstanceOf(NotFoundError);
        expect(onUpdate).toMatchObject({ collection: 'communities', id: 'ghost' });
        const onRemove = await storage.transact((tx) => tx.remove('listings', 'ghost')).catch((e) => e);
        expect(onRemove).toBeInstanceOf(NotFoundError);
      });
    });

    describe('transactions', () => {
      it('leaves nothing behind when a body throws midway', async () => {
        await storage.transact((tx) => tx.insert('communities', newCommunity('dup')));
        const revision = storage.revision('communities');
        const error = await storage
          .transact((tx) => {
            tx.insert('communities', newCommunity('first-of-two'));
            tx.insert('communities', newCommunity('dup'));
          })
          .catch((e) => e);
        expect(error).toBeInstanceOf(UniqueViolationError);
        expect(await storage.findOne('communities', 'slug', 'first-of-two')).toBeUndefined();
        expect(await storage.count('communities')).toBe(1);
        expect(storage.revision('communities')).toBe(revision);
      });

      it('restores updates, removals and their order when a body throws', async () => {
        const [a, b, c] = await storage.transact((tx) => [
          tx.insert('communities', newCommunity('oa')),
          tx.insert('communities', newCommunity('ob')),
          tx.insert('communities', newCommunity('oc')),
        ]);
        const listing = await storage.transact((tx) => tx.insert('listings', newListing(b.id, 'L')));
        const before = await storage.list('communities');
        await expect(
          storage.transact((tx) => {
            tx.update('communities', a.id, { name: 'changed', slug: 'oa-changed' });
            tx.remove('communities', b.id);
            tx.update('listings', listing.id, { communityId: c.id });
            tx.insert('communities', newCommunity('ob', { id: b.id }));
            tx.remove('communities', b.id);
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await storage.list('communities')).toEqual(before);
        expect((await storage.findOne('communities', 'slug', 'oa'))?.id).toBe(a.id);
        expect(await storage.findOne('communities', 'slug', 'oa-changed')).toBeUndefined();
        expect((await storage.findOne('communities', 'slug', 'ob'))?.id).toBe(b.id);
        expect((await storage.list('listings', { communityId: b.id })).map((r) => r.id)).toEqual([listing.id]);
        expect(await storage.list('listings', { communityId: c.id })).toEqual([]);
      });

      it('refuses an asynchronous body and leaves nothing', async () => {
        const error = await storage
          .transact((tx) => {
            tx.insert('communities', newCommunity('async'));
            return Promise.resolve(1);
          })
          .catch((e) => e);
        expect(error).toBeInstanceOf(TypeError);
        expect(await storage.count('communities')).toBe(0);
      });

      it('bumps the revision of touched collections only', async () => {
        const communities = storage.revision('communities');
        const listings = storage.revision('listings');
        const audit = storage.revision('audit');
        const c = await storage.transact((tx) => tx.insert('communities', newCommunity('rev')));
        expect(storage.revision('communities')).not.toBe(communities);
        expect(storage.revision('listings')).toBe(listings);

        const afterInsert = storage.revision('communities');
        await storage.transact((tx) => {
          tx.insert('listings', newListing(c.id, 'R1'));
          tx.insert('listings', newListing(c.id, 'R2'));
        });
        expect(storage.revision('communities')).toBe(afterInsert);
        expect(storage.revision('listings')).not.toBe(listings);

        const afterListings = storage.revision('listings');
        await storage.transact((tx) => tx.list('listings'));
        expect(storage.revision('listings')).toBe(afterListings);
        expect(storage.revision('audit')).toBe(audit);
      });

      it('runs 200 concurrent transactions one at a time, all visible', async () => {
        const counter = await storage.transact((tx) =>
          tx.insert('idempotency', {
            id: 'counter',
            requestHash: 'h',
            statusCode: 200,
            body: { n: 0 },
            expiresAt: '2999-01-01T00:00:00.000Z',
          }),
        );
        const versions = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            storage.transact((tx) => {
              const current = tx.get('idempotency', counter.id)!;
              const n = (current.body as { n: number }).n;
              tx.insert('audit', {
                at: new Date().toISOString(),
                actorId: null,
                actorEmail: null,
                action: `op-${i}`,
                entity: 'test',
                entityId: null,
                ip: null,
                outcome: 'success',
              });
              return tx.update('idempotency', counter.id, { body: { n: n + 1 } }, { expectedVersion: current.version })
                .version;
            }),
          ),
        );
        expect(new Set(versions).size).toBe(200);
        expect(await storage.count('audit')).toBe(200);
        const final = (await storage.get('idempotency', counter.id))!;
        expect(final.version).toBe(201);
        expect(final.body).toEqual({ n: 200 });
        expect((await storage.list('audit')).map((r) => r.action)).toEqual(
          Array.from({ length: 200 }, (_, i) => `op-${i}`),
        );
      });

      it('lets a body start another transaction that runs after it', async () => {
        let inner: Promise<unknown> | undefined;
        await storage.transact((tx) => {
          tx.insert('communities', newCommunity('outer'));
          inner = storage.transact((tx2) => tx2.findOne('communities', 'slug', 'outer')?.slug);
        });
        await expect(inner).resolves.toBe('outer');
      });
    });

    describe('isolation of returned records', () => {
      it('cannot be corrupted by mutating what it returned or what it was given', async () => {
        const input = newCommunity('iso');
        const made = await storage.transact((tx) => tx.insert('communities', input));
        const snapshot = structuredClone(made);
        input.name = 'mutated input';
        input.amenities.push('mutated');

        const got = (await storage.get('communities', made.id))!;
        const listed = (await storage.list('communities'))[0]!;
        for (const record of [made, got, listed]) {
          tryMutate(() => {
            record.name = 'mutated';
          });
          tryMutate(() => {
            record.amenities.push('mutated');
          });
          tryMutate(() => {
            record.theme.primaryColor = '#000000';
          });
          tryMutate(() => {
            record.version = 42;
          });
        }
        expect(await storage.get('communities', made.id)).toEqual(snapshot);
        expect((await storage.findOne('communities', 'slug', 'iso'))?.name).toBe(snapshot.name);
      });
    });

    describe('expiring records (issue 13 item 7)', () => {
      const record = (id: string, expiresAt: string) => ({
        id,
        requestHash: 'hmac-sha256:x',
        statusCode: 201,
        body: { id },
        expiresAt,
      });

      it('deleteExpired removes the idempotency records expired at `now`, and only those', async () => {
        await storage.transact((tx) => {
          tx.insert('idempotency', record('old', '2030-01-01T00:00:00.000Z'));
          tx.insert('idempotency', record('exactly-now', '2030-06-01T00:00:00.000Z'));
          tx.insert('idempotency', record('fresh', '2030-06-01T00:00:00.001Z'));
        });
        const revision = storage.revision('idempotency');
        expect(await storage.deleteExpired('idempotency', new Date('2030-06-01T00:00:00.000Z'))).toBe(2);
        expect((await storage.list('idempotency')).map((r) => r.id)).toEqual(['fresh']);
        expect(storage.revision('idempotency')).not.toBe(revision);
        expect(await storage.deleteExpired('idempotency', new Date('2030-06-01T00:00:00.000Z'))).toBe(0);
        if (subject.reopen) {
          await storage.close();
          storage = await subject.reopen();
          expect((await storage.list('idempotency')).map((r) => r.id)).toEqual(['fresh']);
        }
      });

      it('deleteExpired handles many records', async () => {
        await storage.transact((tx) => {
          for (let i = 0; i < 2500; i++) tx.insert('idempotency', record(`r${i}`, '2030-01-01T00:00:00.000Z'));
          tx.insert('idempotency', record('kept', '2999-01-01T00:00:00.000Z'));
        });
        expect(await storage.deleteExpired('idempotency', new Date('2031-01-01T00:00:00.000Z'))).toBe(2500);
        expect(await storage.count('idempotency')).toBe(1);
      });
    });

    describe('lifecycle', () => {
      it('rejects calls after close', async () => {
        await storage.close();
        await expect(storage.get('communities', 'x')).rejects.toThrow();
        await expect(storage.transact((tx) => tx.list('communities'))).rejects.toThrow();
      });

      it('keeps everything committed across close and reopen', async (context) => {
        if (!subject.reopen) {
          // Skipped for adapters without reopen: memory storage keeps nothing across close by design.
          context.skip();
          return;
        }
        const [one] = await storage.transact((tx) => [
          tx.insert('communities', newCommunity('keep-one')),
          tx.insert('communities', newCommunity('keep-two')),
          tx.insert('adminUsers', newAdmin('keep@example.com')),
        ]);
        await storage.transact((tx) => tx.insert('listings', newListing(one.id, 'Kept')));
        await storage.transact((tx) => tx.update('communities', one.id, { name: 'Kept name' }));
        const gone = await storage.transact((tx) => tx.insert('communities', newCommunity('gone')));
        await storage.transact((tx) => tx.remove('communities', gone.id));
        const before = {
          communities: await storage.list('communities'),
          listings: await storage.list('listings'),
          adminUsers: await storage.list('adminUsers'),
        };
        await storage.close();

        storage = await subject.reopen();
        expect(await storage.list('communities')).toEqual(before.communities);
        expect(await storage.list('listings')).toEqual(before.listings);
        expect(await storage.list('adminUsers')).toEqual(before.adminUsers);
        expect((await storage.findOne('communities', 'slug', 'keep-one'))?.version).toBe(2);
        expect(await storage.findOne('communities', 'slug', 'gone')).toBeUndefined();
        expect((await storage.list('listings', { communityId: one.id })).map((r) => r.title)).toEqual(['Kept']);
        // Constraints hold after reopening too.
        await expect(
          storage.transact((tx) => tx.insert('adminUsers', newAdmin('keep@example.com'))),
        ).rejects.toBeInstanceOf(UniqueViolationError);
      });

      it("keeps an audit entry's record name and field-by-field changes across close and reopen", async (context) => {
        if (!subject.reopen) {
          // Skipped for adapters without reopen: memory storage keeps nothing across close by design.
          context.skip();
          return;
        }
        const entry = await storage.transact((tx) =>
          tx.insert('audit', {
            at: '2026-01-31T12:00:00.000Z',
            actorId: 'a1',
            actorEmail: 'owner@example.com',
            action: 'community.update',
            entity: 'communities',
            entityId: 'c1',
            ip: null,
            outcome: 'success',
            recordName: 'Willow Bend North',
            changes: [
              { field: 'name', before: 'Willow Bend', after: 'Willow Bend North' },
              { field: 'totalHomes', before: 120, after: null },
              { field: 'featured', before: false, after: true },
            ],
            moreChanges: 2,
          }),
        );
        await storage.close();
        storage = await subject.reopen();
        expect(await storage.get('audit', entry.id)).toEqual(entry);
      });
    });
  });
}
