import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { listingInputSchema } from '@domain/schemas/listing';
import { deleteLocalDb, LOCAL_DB_NAME, LocalDb, localDb } from './local-db';
import { enqueue, listOutbox, removeOutboxEntry, type OutboxDraft } from './outbox';
import type { DeliveryResult, OutboxEntry } from './outbox-entry';
import { drainOutbox, type SendEntry } from './outbox-delivery';
import { missingImageMessage, type SendUpload } from './pending-upload-delivery';
import {
  collectUnusedUploads,
  findPendingUploadIds,
  getPendingUpload,
  keepPendingUpload,
  pendingUploadId,
  replacePendingUploads,
  UNSAVED_UPLOAD_KEEP_MS,
} from './pending-uploads';
import { clearSession, setSession } from './session';
import { stopSyncWorker } from './sync';

const admin: AdminUser = {
  id: 'admin-1',
  email: 'staff@example.com',
  role: 'ADMIN',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

let clock = Date.now();
const now = () => clock;
const random = () => 0.5;

const photo = (fill: number) => new Blob([new Uint8Array(64).fill(fill)], { type: 'image/jpeg' });
/** The URL the fake server gives a photo's bytes (content-addressed: the fill byte stands for the hash). */
const uploadedUrl = (bytes: ArrayBuffer) => `/uploads/${new Uint8Array(bytes)[0]!.toString(16).padStart(16, '0')}-1600.webp`;
const urlOfPhoto = (fill: number) => uploadedUrl(new Uint8Array(64).fill(fill).buffer);

/** A server's upload: content-addressed like api/uploads (same bytes, same URL), counting what it stored. */
function fakeUploadServer(answer?: (call: number) => DeliveryResult | undefined) {
  const stored = new Set<string>();
  const calls: string[] = [];
  const sendUpload: SendUpload = async ({ bytes, filename }) => {
    calls.push(filename);
    const scripted = answer?.(calls.length);
    if (scripted) return scripted;
    const url = uploadedUrl(bytes);
    stored.add(url);
    return { status: 201, body: { success: true, url, variants: [{ width: 1600, url }] } };
  };
  return { sendUpload, calls, stored };
}

/** The write's server: keeps the first answer per Idempotency-Key, as the API does. */
function fakeWriteServer(loseFirstAnswer = false) {
  const bodies = new Map<string, unknown>();
  const calls: OutboxEntry[] = [];
  let lose = loseFirstAnswer;
  const send: SendEntry = async (entry) => {
    calls.push(entry);
    if (!bodies.has(entry.id)) bodies.set(entry.id, entry.payload);
    if (lose) {
      lose = false;
      throw new TypeError('fetch failed');
    }
    return { status: 200, body: { id: entry.entityId, version: 2, ...(bodies.get(entry.id) as object) } };
  };
  return { send, calls, bodies };
}

const listingUpdate = (images: string[]): OutboxDraft => ({
  entity: 'listings',
  op: 'update',
  entityId: 'l1',
  method: 'PUT',
  path: 'listings/l1',
  payload: { title: 'The Magnolia', images },
  baseVersion: 1,
});

beforeEach(async () => {
  await stopSyncWorker();
  await deleteLocalDb();
  clearSession();
  setSession('token-1', admin);
  clock = Date.now();
});

afterEach(async () => {
  await stopSyncWorker();
});

describe('placeholders', () => {
  it('are found and replaced anywhere in a payload, and refused by the domain schema', () => {
    const payload = {
      image: 'pending-upload:a1',
      images: ['/uploads/x-960.webp', 'pending-upload:b2', 'pending-upload:a1'],
      sections: { hero: { backgroundImage: 'pending-upload:c3' } },
      note: 'pending-upload: is only a prefix here',
    };
    expect(findPendingUploadIds(payload)).toEqual(['a1', 'b2', 'c3']);
    expect(replacePendingUploads(payload, (id) => `/uploads/${id}.webp`)).toEqual({
      ...payload,
      image: '/uploads/a1.webp',
      images: ['/uploads/x-960.webp', '/uploads/b2.webp', '/uploads/a1.webp'],
      sections: { hero: { backgroundImage: '/uploads/c3.webp' } },
    });
    expect(pendingUploadId('pending-upload:../x')).toBeNull();
    const refused = listingInputSchema.safeParse({
      title: 'T',
      communityId: 'c1',
      address: 'A',
      price: 1,
      bedrooms: 1,
      bathrooms: 1,
      sqft: 1,
      images: ['pending-upload:a1'],
    });
    expect(refused.success).toBe(false);
  });
});

describe('the local database, version 3', () => {
  it('adds pendingUploads and keeps what versions 1 and 2 stored', async () => {
    const old = new Dexie(LOCAL_DB_NAME);
    old.version(1).stores({
      communities: 'id, slug',
      listings: 'id, communityId',
      properties: 'id',
      contacts: 'id',
      settings: 'key',
      outbox: 'id, [state+nextAttemptAt], entityId, createdAt',
      meta: 'key',
    });
    old.version(2).stores({ favorites: 'key, savedAt' });
    await old.table('listings').put({ id: 'l1', title: 'Kept' });
    await old.table('favorites').put({ key: 'listing:l1', savedAt: 1 });
    old.close();

    const db = new LocalDb();
    expect(await db.listings.get('l1')).toMatchObject({ title: 'Kept' });
    expect(await db.favorites.get('listing:l1')).toMatchObject({ savedAt: 1 });
    await db.pendingUploads.put({ id: 'p1', filename: 'a.jpg', type: 'image/jpeg', createdAt: 1 });
    expect(await db.pendingUploads.get('p1')).toMatchObject({ filename: 'a.jpg' });
    expect(db.verno).toBe(3);
    db.close();
  });
});

describe('a write naming images kept on this device', () => {
  it('uploads them first, sends their URLs under its own key, then lets the bytes go', async () => {
    const front = await keepPendingUpload(photo(1), 'front.jpg');
    const kitchen = await keepPendingUpload(photo(2), 'kitchen.jpg');
    const entry = await enqueue(listingUpdate(['/images/listings/old.jpg', front, kitchen]), { now: clock });
    const uploads = fakeUploadServer();
    const writes = fakeWriteServer();

    expect(await drainOutbox({ send: writes.send, sendUpload: uploads.sendUpload, now, random })).toMatchObject({
      sent: 1,
    });
    expect(uploads.calls).toEqual(['front.jpg', 'kitchen.jpg']);
    expect(writes.calls).toHaveLength(1);
    expect(writes.calls[0]!.id).toBe(entry.id);
    expect(writes.calls[0]!.payload).toEqual({
      title: 'The Magnolia',
      images: ['/images/listings/old.jpg', urlOfPhoto(1), urlOfPhoto(2)],
    });
    expect(JSON.stringify(writes.calls[0]!.payload)).not.toContain('pending-upload:');
    expect(await listOutbox()).toEqual([]);
    // The server's record is the local copy; the bytes are gone, the URL is kept for a form still holding the placeholder.
    expect((await localDb().listings.get('l1'))?.images).toEqual(['/images/listings/old.jpg', urlOfPhoto(1), urlOfPhoto(2)]);
    const row = await getPendingUpload(pendingUploadId(front)!);
    expect(row?.bytes).toBeUndefined();
    expect(row?.uploaded?.url).toBe(urlOfPhoto(1));
  });

  it('after a lost answer, resends the same body under the same key without uploading again', async () => {
    const front = await keepPendingUpload(photo(3), 'front.jpg');
    const entry = await enqueue(listingUpdate([front]), { now: clock });
    const uploads = fakeUploadServer();
    const writes = fakeWriteServer(true);

    expect(await drainOutbox({ send: writes.send, sendUpload: uploads.sendUpload, now, random })).toMatchObject({
      stoppedByNetwork: true,
    });
    // The stored entry still holds the placeholder; its image waits with its answer.
    const [waiting] = await listOutbox();
    expect(waiting).toMatchObject({ id: entry.id, attempts: 1 });
    expect(findPendingUploadIds(waiting!.payload)).toEqual([pendingUploadId(front)]);
    expect((await getPendingUpload(pendingUploadId(front)!))?.bytes).toBeDefined();

    clock += 60_000;
    expect(await drainOutbox({ send: writes.send, sendUpload: uploads.sendUpload, now, random })).toMatchObject({
      sent: 1,
    });
    expect(uploads.calls).toEqual(['front.jpg']);
    expect(uploads.stored.size).toBe(1);
    expect(writes.calls.map((call) => call.id)).toEqual([entry.id, entry.id]);
    expect(writes.calls[1]!.payload).toEqual(writes.calls[0]!.payload);
    expect(writes.bodies.size).toBe(1);
  });

  it('waits when the upload gets no answer, and sends nothing of the write', async () => {
    const front = await keepPendingUpload(photo(4), 'front.jpg');
    await enqueue(listingUpdate([front]), { now: clock });
    const uploads = fakeUploadServer(() => ({ status: 'network', message: 'This device is offline' }));
    const writes = fakeWriteServer();
    const report = await drainOutbox({ send: writes.send, sendUpload: uploads.sendUpload, now, random });
    expect(report).toMatchObject({ retried: 1, stoppedByNetwork: true });
    expect(writes.calls).toHaveLength(0);
    expect((await listOutbox())[0]).toMatchObject({ state: 'pending', lastStatus: 'network' });
    expect((await getPendingUpload(pendingUploadId(front)!))?.bytes).toBeDefined();
  });

  it('parks the write as failed when the server refuses the bytes; discarding it drops the image', async () => {
    const bad = await keepPendingUpload(photo(5), 'broken.jpg');
    await enqueue(listingUpdate([bad]), { now: clock });
    const uploads = fakeUploadServer(() => ({ status: 400, message: 'The file is not a valid image.' }));
    const writes = fakeWriteServer();
    expect(await drainOutbox({ send: writes.send, sendUpload: uploads.sendUpload, now, random })).toMatchObject({
      failed: 1,
    });
    expect(writes.calls).toHaveLength(0);
    const [failed] = await listOutbox();
    expect(failed).toMatchObject({
      state: 'failed',
      lastStatus: 400,
      lastError: 'The photo "broken.jpg" could not be uploaded: The file is not a valid image.',
    });
    expect((await getPendingUpload(pendingUploadId(bad)!))?.bytes).toBeDefined();

    await removeOutboxEntry(failed!.id);
    expect(await getPendingUpload(pendingUploadId(bad)!)).toBeUndefined();
  });

  it('parks the write as failed when its image is no longer on this device', async () => {
    await enqueue(listingUpdate(['pending-upload:gone']), { now: clock });
    const writes = fakeWriteServer();
    await drainOutbox({ send: writes.send, sendUpload: fakeUploadServer().sendUpload, now, random });
    expect(writes.calls).toHaveLength(0);
    expect((await listOutbox())[0]).toMatchObject({ state: 'failed', lastError: missingImageMessage });
  });

  it('pauses admin writes on a 401 from the upload, keeping the write and the image', async () => {
    const front = await keepPendingUpload(photo(6), 'front.jpg');
    await enqueue(listingUpdate([front]), { now: clock });
    const uploads = fakeUploadServer(() => ({ status: 401, message: 'Authentication expired. Please login again.' }));
    const report = await drainOutbox({ send: fakeWriteServer().send, sendUpload: uploads.sendUpload, now, random });
    expect(report.pausedForAuth).toBe(true);
    expect((await listOutbox())[0]).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await getPendingUpload(pendingUploadId(front)!))?.bytes).toBeDefined();
  });
});

describe('collectUnusedUploads', () => {
  it('keeps an image of a form not saved yet, and drops one a later unsent edit no longer names', async () => {
    const unsaved = await keepPendingUpload(photo(7), 'unsaved.jpg', clock);
    const replaced = await keepPendingUpload(photo(8), 'replaced.jpg');
    await enqueue(listingUpdate([replaced]), { now: clock });
    expect((await getPendingUpload(pendingUploadId(replaced)!))?.attachedAt).toBe(clock);
    // The admin removes the photo and saves again before anything was sent: the edits fold into one.
    await enqueue(listingUpdate([]), { now: clock });
    expect(await listOutbox()).toHaveLength(1);
    expect(await getPendingUpload(pendingUploadId(replaced)!)).toBeUndefined();
    expect(await getPendingUpload(pendingUploadId(unsaved)!)).toBeDefined();

    // A form left open for a day without saving lets its image go.
    expect(await collectUnusedUploads(clock + UNSAVED_UPLOAD_KEEP_MS + 1)).toEqual([pendingUploadId(unsaved)]);
    expect(await getPendingUpload(pendingUploadId(unsaved)!)).toBeUndefined();
  });
});
