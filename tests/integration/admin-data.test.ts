/**
 * The admin data layer (web/src/data/repositories/admin/*) against the REAL API: buildApp on memory storage,
 * listening on 127.0.0.1, reached through the one HTTP client (ky, fetch, sockets) as the browser does, with
 * fake-indexeddb for the local copy and the outbox. "Offline" is the client pointed at a port where nothing
 * listens (connection refused), or navigator.onLine = false; "back online" is the real server again plus the
 * sync worker's reconnect drain.
 */
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Community } from '../../domain/schemas/community';
import type { Listing } from '../../domain/schemas/listing';
import { ApiError } from '../../web/src/data/http-errors';
import { configureHttpClient } from '../../web/src/data/http-client';
import { deleteLocalDb, localDb } from '../../web/src/data/local-db';
import { enqueue, listOutbox, makeNetworkFailuresDue } from '../../web/src/data/outbox';
import { RECORD_DELETED_MESSAGE } from '../../web/src/data/outbox-policy';
import { clearSession, getSessionUser, getToken, setSession } from '../../web/src/data/session';
import { stopSyncWorker } from '../../web/src/data/sync';
import { getSyncStatus, subscribeSyncStatus } from '../../web/src/data/sync-status';
import { eventually } from '../../web/src/data/test-support/eventually';
import { holdStore } from '../../web/src/data/test-support/stuck-store';
import { submitWrite, type WriteOutcome } from '../../web/src/data/repositories/admin/write';
import { unreachableBaseUrl } from '../../web/src/data/test-support/fake-api';
import { listAudit } from '../../web/src/data/repositories/admin/audit';
import {
  changePassword,
  clearStoredDataAndReload,
  getPublicConfig,
  login,
  logout,
  verifySession,
} from '../../web/src/data/repositories/admin/auth';
import {
  deleteAdmin,
  listAdmin,
  loadDashboard,
  saveAdmin,
  type AdminSaveInput,
} from '../../web/src/data/repositories/admin/content';
import { AdminActionError, SaveConflictError } from '../../web/src/data/repositories/admin/errors';
import { communityToForm, formToCommunityInput } from '../../web/src/features/admin/content/community-form';
import {
  countNewLeads,
  deleteLead,
  downloadLeadsCsv,
  listLeads,
  updateLead,
} from '../../web/src/data/repositories/admin/leads';
import { getAdminSettings, loadAdminSettings, saveSettings } from '../../web/src/data/repositories/admin/settings';
import {
  discardFailed,
  listOutboxForAdmin,
  resolveConflictKeepMine,
  resolveConflictTakeTheirs,
  retryFailed,
  syncNow,
} from '../../web/src/data/repositories/admin/sync-center';
import { uploadImage, UPLOAD_MESSAGES } from '../../web/src/data/repositories/admin/upload';
import {
  adminDeleteErrorText,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
} from '../../web/src/data/repositories/admin/users';
import {
  ADMIN,
  communityBody,
  createTestApp,
  listingBody as listingFields,
  propertyBody as propertyFields,
  SUPER_ADMIN,
  type TestApp,
} from '../support/api';

const listingBody = (communityId: string, overrides: Record<string, unknown> = {}) =>
  listingFields(communityId, overrides) as AdminSaveInput<'listings'>;
const propertyBody = (overrides: Record<string, unknown> = {}) =>
  propertyFields(overrides) as AdminSaveInput<'properties'>;

let t: TestApp;
let onlineUrl: string;
let offlineUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  onlineUrl = `http://127.0.0.1:${address.port}/api`;
  offlineUrl = await unreachableBaseUrl();
});

afterAll(async () => {
  await stopSyncWorker();
  await t.close();
});

beforeEach(async () => {
  await stopSyncWorker();
  await deleteLocalDb();
  clearSession();
  goOnline();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await stopSyncWorker();
});

function goOffline(): void {
  configureHttpClient({ baseUrl: offlineUrl, fetch: undefined });
}
function goOnline(): void {
  configureHttpClient({ baseUrl: onlineUrl, fetch: undefined });
}
/** Back online the way a browser is: the server answers again and the 'online' event drains the outbox. */
async function reconnect(): Promise<void> {
  goOnline();
  await syncNow();
}

const loginSuper = () => login(SUPER_ADMIN.email, SUPER_ADMIN.password);
const loginAdmin = () => login(ADMIN.email, ADMIN.password);

async function auditCount(action: string, entityId: string): Promise<number> {
  return (await t.storage.list('audit')).filter((entry) => entry.action === action && entry.entityId === entityId)
    .length;
}

/** A fetch that performs the request and then loses the answer, once: the write reached the server. */
function loseNextAnswer(): void {
  let lose = true;
  configureHttpClient({
    baseUrl: onlineUrl,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (!lose) return response;
      lose = false;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    },
  });
}

describe('session', () => {
  it('login stores the token and the user; a wrong password gives the server’s message and stores nothing', async () => {
    const refused = await login(SUPER_ADMIN.email, 'wrong-password').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminActionError);
    expect(refused).toMatchObject({ message: 'Invalid email or password', status: 401, offline: false });
    expect(getToken()).toBeNull();

    const admin = await loginSuper();
    expect(admin).toMatchObject({ email: SUPER_ADMIN.email, role: 'SUPER_ADMIN' });
    expect(getToken()).toEqual(expect.any(String));
    expect(getSessionUser()).toEqual(admin);
  });

  it('login without the server says "Login failed" and why', async () => {
    goOffline();
    const error = await loginSuper().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ offline: true });
    expect((error as Error).message).toMatch(/^Login failed\. The server could not be reached/);
  });

  it('verifySession: no token, a good one, offline (stored user), and an expired one (401 clears the session, not the outbox)', async () => {
    await expect(verifySession()).rejects.toThrow('No token available');

    const admin = await loginSuper();
    await stopSyncWorker(); // keep the queued entry below where it is
    await expect(verifySession()).resolves.toMatchObject({ id: admin.id, role: 'SUPER_ADMIN' });

    goOffline();
    await expect(verifySession()).resolves.toEqual(admin);

    goOnline();
    await enqueue({ entity: 'communities', op: 'update', entityId: 'c1', method: 'PUT', path: 'communities/c1' });
    setSession('not-a-valid-token', admin);
    const expired = await verifySession().catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(ApiError);
    expect(expired).toMatchObject({ status: 401, message: 'Authentication expired. Please login again.' });
    expect(getToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
    expect(await listOutbox()).toHaveLength(1);
  });

  it('logout clears the session only', async () => {
    await loginSuper();
    await stopSyncWorker();
    await enqueue({ entity: 'properties', op: 'delete', entityId: 'p1', method: 'DELETE', path: 'properties/p1' });
    logout();
    expect(getToken()).toBeNull();
    expect(await listOutbox()).toHaveLength(1);
  });

  it('public config: no demo credentials outside demo mode, and no failure offline', async () => {
    await expect(getPublicConfig()).resolves.toEqual({ demoMode: false });
    goOffline();
    await expect(getPublicConfig()).resolves.toEqual({ demoMode: false });
  });

  it('changePassword: the server’s message for a wrong current password, then a real change', async () => {
    await loginSuper();
    const email = `pw-${Date.now()}@example.com`;
    await createAdminUser({ email, password: 'first-password-1', role: 'admin' });
    await login(email, 'first-password-1');

    const wrong = await changePassword('not-it-at-all', 'second-password-2').catch((error: unknown) => error);
    expect(wrong).toMatchObject({ message: 'Current password is incorrect', status: 400 });
    expect((wrong as AdminActionError).details).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);

    await changePassword('first-password-1', 'second-password-2');
    logout();
    await expect(login(email, 'first-password-1')).rejects.toThrow('Invalid email or password');
    await expect(login(email, 'second-password-2')).resolves.toMatchObject({ email });
  });

  it('"Clear stored data and reload" keeps unsent changes and says so, and clears the copies', async () => {
    await loginSuper();
    await stopSyncWorker();
    await listAdmin('communities');
    const reload = vi.fn();
    await enqueue({ entity: 'properties', op: 'delete', entityId: 'p1', method: 'DELETE', path: 'properties/p1' });
    const kept = await clearStoredDataAndReload({ reload });
    expect(kept.keptUnsentChanges).toBe(1);
    expect(kept.message).toMatch(
      /except 1 change made on this device.*It is kept, and sent once this device is online/,
    );
    expect(getToken()).toBeNull();
    expect(await localDb().communities.count()).toBe(0);
    expect(await listOutbox()).toHaveLength(1);
    expect(reload).toHaveBeenCalledTimes(1);

    await localDb().outbox.clear();
    await localDb().communities.put({ id: 'x' } as Community);
    await localDb().favorites.put({ key: 'listing:l1', kind: 'listing', id: 'l1', savedAt: 1 } as never);
    await expect(clearStoredDataAndReload({ reload })).resolves.toEqual({ keptUnsentChanges: 0, message: null });
    expect(await localDb().communities.count()).toBe(0);
    // The visitor's favourites are theirs, not a copy of the server's data.
    expect(await localDb().favorites.count()).toBe(1);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('"Clear stored data": when the outbox cannot be read, nothing is cleared, nothing reloads, and it throws', async () => {
    await loginSuper();
    await stopSyncWorker();
    await listAdmin('communities');
    const copies = await localDb().communities.count();
    expect(copies).toBeGreaterThan(0);
    await enqueue({ entity: 'contacts', op: 'create', entityId: 'v1', method: 'POST', path: 'public/contact' });
    const reload = vi.fn();
    // As Chrome's transient "UnknownError" on opening the backing store: the count fails.
    const count = vi.spyOn(localDb().outbox, 'count').mockRejectedValue(new Error('UnknownError'));
    try {
      await expect(clearStoredDataAndReload({ reload })).rejects.toThrow('UnknownError');
    } finally {
      count.mockRestore();
    }
    expect(reload).not.toHaveBeenCalled();
    expect(await listOutbox()).toHaveLength(1);
    expect(await localDb().communities.count()).toBe(copies);
  });
});

describe('content saves online', () => {
  it('creates with an id made on the device, then updates with If-Match and only the changed fields', async () => {
    await loginSuper();
    const created = await saveAdmin('communities', communityBody({ name: 'Cypress Online Test' }));
    expect(created).toMatchObject({
      queued: false,
      created: true,
      record: { name: 'Cypress Online Test', version: 1 },
    });
    expect(created.record.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.storage.get('communities', created.record.id)).toMatchObject({ version: 1 });
    expect(await localDb().communities.get(created.record.id)).toMatchObject({ version: 1 });

    const updated = await saveAdmin('communities', { ...created.record, totalHomes: 250 });
    expect(updated).toMatchObject({ queued: false, created: false, record: { totalHomes: 250, version: 2 } });
    expect(await t.storage.get('communities', created.record.id)).toMatchObject({ totalHomes: 250, version: 2 });
    expect(await localDb().communities.get(created.record.id)).toMatchObject({ totalHomes: 250, version: 2 });
    expect(await listOutbox()).toEqual([]);
  });

  it('the form’s emptied position removes the stored one, online and offline; no position sends nothing', async () => {
    await loginSuper();
    const withPin = (name: string) => communityBody({ name, coordinates: { lat: 29.5145, lng: -95.715 } });
    const emptied = (community: Community) => {
      const form = communityToForm(community);
      form.coordinates = { lat: '', lng: ' ' };
      return { ...formToCommunityInput(form), id: community.id, version: community.version };
    };

    const online = (await saveAdmin('communities', withPin('Pin Online'))).record;
    const cleared = await saveAdmin('communities', emptied(online));
    expect(cleared).toMatchObject({ queued: false, record: { version: 2 } });
    expect(cleared.record).not.toHaveProperty('coordinates');
    expect(await t.storage.get('communities', online.id)).not.toHaveProperty('coordinates');

    // A community created without a position: an unchanged form saves nothing, and creating one sends no null.
    const none = await saveAdmin('communities', { ...formToCommunityInput(communityToForm(cleared.record)) });
    expect(none.record).not.toHaveProperty('coordinates');
    const again = await saveAdmin('communities', emptied(none.record));
    expect(again.record.version).toBe(none.record.version);

    const offlineOne = (await saveAdmin('communities', withPin('Pin Offline'))).record;
    goOffline();
    const queued = await saveAdmin('communities', emptied(offlineOne));
    expect(queued.queued).toBe(true);
    expect(queued.record).not.toHaveProperty('coordinates');
    const shown = (await listAdmin('communities')).records.find((community) => community.id === offlineOne.id);
    expect(shown).not.toHaveProperty('coordinates');
    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('communities', offlineOne.id)).not.toHaveProperty('coordinates');

    // Created offline behind an earlier unsent save (so the create is still unsent), then emptied: the edit is
    // folded into the create, and the create must not carry the edit's null (the create schema refuses it: the
    // whole community was parked as refused, 400, and vanished from the lists).
    goOffline();
    await saveAdmin('properties', propertyBody({ title: 'First offline save' }));
    const made = (await saveAdmin('communities', withPin('Made Offline'))).record;
    const folded = await saveAdmin('communities', emptied(made));
    expect(folded.queued).toBe(true);
    await reconnect();
    expect(await listOutbox()).toEqual([]);
    const stored = await t.storage.get('communities', made.id);
    expect(stored).toMatchObject({ name: 'Made Offline' });
    expect(stored).not.toHaveProperty('coordinates');
  });

  it('a refused save (400) throws the ApiError with field details and leaves nothing queued', async () => {
    await loginSuper();
    const error = await saveAdmin('properties', propertyBody({ title: '', price: -1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Invalid input' });
    expect((error as ApiError).details?.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['title', 'price']),
    );
    expect(await listOutbox()).toEqual([]);
  });

  it('deleting a community that still has listings gives the server’s 409 message; a plain delete goes through', async () => {
    await loginSuper();
    const community = (await saveAdmin('communities', communityBody({ name: 'Has Listings' }))).record;
    const listing = (await saveAdmin('listings', listingBody(community.id))).record;
    const refused = await deleteAdmin('communities', community.id, community.version).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 409,
      serverMessage: 'This community still has 1 listing. Delete them or move them to another community first.',
    });
    expect(await listOutbox()).toEqual([]);

    await expect(deleteAdmin('listings', listing.id, listing.version)).resolves.toEqual({ queued: false });
    await expect(deleteAdmin('communities', community.id, community.version)).resolves.toEqual({ queued: false });
    expect(await t.storage.get('communities', community.id)).toBeUndefined();
    expect(await localDb().communities.get(community.id)).toBeUndefined();
  });

  it('lists listings of one community, and the dashboard loads the three lists together', async () => {
    await loginSuper();
    const community = (await saveAdmin('communities', communityBody({ name: 'Filter Test' }))).record;
    await saveAdmin('listings', listingBody(community.id, { title: 'Only One' }));
    const mine = await listAdmin('listings', { communityId: community.id });
    expect(mine).toMatchObject({ offline: false, pendingIds: [] });
    expect(mine.records.map((listing) => listing.title)).toEqual(['Only One']);

    const dashboard = await loadDashboard();
    expect(dashboard.offline).toBe(false);
    expect(dashboard.communities.length).toBe((await t.storage.list('communities')).length);
    expect(dashboard.listings.length).toBe((await t.storage.list('listings')).length);
    expect(dashboard.properties.length).toBe((await t.storage.list('properties')).length);
  });

  it('admin reads raise HTTP errors (401 without a login) instead of showing the local copy', async () => {
    await loginSuper();
    await listAdmin('properties');
    clearSession();
    const error = await listAdmin('properties').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Authentication expired. Please login again.' });
  });
});

describe('content offline', () => {
  it('the offline list is the local copy with queued creates, edits and deletes applied', async () => {
    await loginSuper();
    const [a, b] = await Promise.all([
      saveAdmin('properties', propertyBody({ title: 'Offline A' })),
      saveAdmin('properties', propertyBody({ title: 'Offline B' })),
    ]);
    await listAdmin('properties');

    goOffline();
    const edit = await saveAdmin('properties', { ...a!.record, price: 600_000 });
    expect(edit).toMatchObject({ queued: true, record: { price: 600_000, version: 1 } });
    await expect(deleteAdmin('properties', b!.record.id, b!.record.version)).resolves.toEqual({ queued: true });
    const created = await saveAdmin('properties', propertyBody({ title: 'Made Offline' }));
    expect(created).toMatchObject({ queued: true, created: true, record: { title: 'Made Offline' } });

    const offline = await listAdmin('properties');
    expect(offline.offline).toBe(true);
    const byId = new Map(offline.records.map((property) => [property.id, property]));
    expect(byId.get(a!.record.id)).toMatchObject({ price: 600_000 });
    expect(byId.has(b!.record.id)).toBe(false);
    expect(offline.records.at(-1)).toMatchObject({ id: created.record.id, title: 'Made Offline' });
    expect(offline.pendingIds.sort()).toEqual([a!.record.id, created.record.id].sort());

    // Nothing reached the server.
    expect(await t.storage.get('properties', a!.record.id)).toMatchObject({ price: 515000 });
    expect(await t.storage.get('properties', created.record.id)).toBeUndefined();

    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('properties', a!.record.id)).toMatchObject({ price: 600_000, version: 2 });
    expect(await t.storage.get('properties', b!.record.id)).toBeUndefined();
    expect(await t.storage.get('properties', created.record.id)).toMatchObject({ title: 'Made Offline', version: 1 });
    const online = await listAdmin('properties');
    expect(online).toMatchObject({ offline: false, pendingIds: [] });
  });

  it('offline create then edit reaches the server exactly once, as one record with both changes', async () => {
    await loginSuper();
    goOffline();
    const created = await saveAdmin('communities', communityBody({ name: 'Offline Community' }));
    const id = created.record.id;
    const edited = await saveAdmin('communities', { ...created.record, description: 'Edited while offline.' });
    expect(edited).toMatchObject({ queued: true, record: { id, description: 'Edited while offline.' } });
    // The first attempt failed, so the edit is its own entry, sent after the create.
    expect((await listOutbox()).map((entry) => entry.op)).toEqual(['create', 'update']);

    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('communities', id)).toMatchObject({
      name: 'Offline Community',
      description: 'Edited while offline.',
      version: 2,
    });
    expect(await auditCount('community.create', id)).toBe(1);
    expect(await auditCount('community.update', id)).toBe(1);
  });

  it('a listing in a community created offline is sent after that community', async () => {
    await loginSuper();
    goOffline();
    const community = await saveAdmin('communities', communityBody({ name: 'Made Offline Too' }));
    const listing = await saveAdmin('listings', listingBody(community.record.id, { title: 'In New Community' }));
    expect([community.queued, listing.queued]).toEqual([true, true]);
    const offlineList = await listAdmin('listings', { communityId: community.record.id });
    expect(offlineList.records.map((record) => record.title)).toEqual(['In New Community']);

    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('listings', listing.record.id)).toMatchObject({ communityId: community.record.id });
  });

  it('an answer lost after the server wrote is resent with the same key and not applied twice', async () => {
    await loginSuper();
    const id = crypto.randomUUID();
    loseNextAnswer();
    const saved = await saveAdmin('listings', {
      ...listingBody((await t.storage.list('communities'))[0]!.id, { title: 'Lost Answer' }),
      id,
    });
    expect(saved.queued).toBe(true);
    expect(await t.storage.get('listings', id)).toMatchObject({ title: 'Lost Answer' });

    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect(await auditCount('listing.create', id)).toBe(1);
    expect(await localDb().listings.get(id)).toMatchObject({ title: 'Lost Answer', version: 1 });
  });

  it('a create deleted before it left the device never reaches the server', async () => {
    await loginSuper();
    goOffline();
    await deleteAdmin('communities', crypto.randomUUID()); // an unrelated queued entry first
    const created = await saveAdmin('communities', communityBody({ name: 'Never Sent' }));
    await expect(deleteAdmin('communities', created.record.id)).resolves.toEqual({ queued: false });
    expect((await listOutbox()).map((entry) => entry.entityId)).not.toContain(created.record.id);
    await reconnect();
    expect(await t.storage.get('communities', created.record.id)).toBeUndefined();
  });

  it('a session that expired keeps the change queued and sends it after the next login', async () => {
    const admin = await loginSuper();
    const property = (await saveAdmin('properties', propertyBody({ title: 'Auth Pause' }))).record;
    setSession('expired-token', admin);
    const error = await saveAdmin('properties', { ...property, bedrooms: 5 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Authentication expired. Please login again.' });
    expect(getToken()).toBeNull();
    expect(await listOutbox()).toHaveLength(1);

    await loginSuper();
    await expect.poll(async () => (await listOutbox()).length).toBe(0);
    expect(await t.storage.get('properties', property.id)).toMatchObject({ bedrooms: 5, version: 2 });
  });

  it('uploads need the network: offline the admin is told to upload later', async () => {
    await loginSuper();
    const png = new Blob([await tinyPng()], { type: 'image/png' });
    vi.stubGlobal('navigator', { onLine: false });
    await expect(uploadImage(png, 'house.png')).rejects.toMatchObject({
      message: UPLOAD_MESSAGES.offline,
      offline: true,
    });
    vi.unstubAllGlobals();
    goOffline();
    await expect(uploadImage(png, 'house.png')).rejects.toMatchObject({ offline: true });
  });
});

describe('conflicts', () => {
  async function storedListing(title: string): Promise<Listing> {
    const community = (await t.storage.list('communities'))[0]!;
    return (await saveAdmin('listings', listingBody(community.id, { title }))).record;
  }

  /** Another admin edits the record on the server (version + 1). */
  async function colleagueEdits(id: string, changes: Record<string, unknown>): Promise<void> {
    const response = await t.request({ method: 'PUT', url: `/api/listings/${id}`, token: t.adminToken, json: changes });
    expect(response.statusCode).toBe(200);
  }

  it('a stale version gives a 412 the screen can recognise; keep mine applies my change over theirs', async () => {
    await loginSuper();
    const listing = await storedListing('Conflict Keep');
    await colleagueEdits(listing.id, { status: 'PENDING' });

    const error = await saveAdmin('listings', { ...listing, price: 399_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaveConflictError);
    expect(error).toMatchObject({ status: 412, current: { id: listing.id, version: 2, status: 'PENDING' } });
    const [parked] = await listOutboxForAdmin();
    expect(parked).toMatchObject({
      id: (error as SaveConflictError).entryId,
      state: 'conflict',
      payload: { price: 399_000 },
      conflict: { current: { version: 2 } },
    });

    await resolveConflictKeepMine(parked!.id);
    expect(await listOutbox()).toEqual([]);
    // Mine (the price) over theirs; their status stays, since only my changed field was sent.
    expect(await t.storage.get('listings', listing.id)).toMatchObject({
      price: 399_000,
      status: 'PENDING',
      version: 3,
    });
  });

  it("a form saved after this device's copy moved on sends only its own changes, so keep mine keeps the colleague's", async () => {
    await loginSuper();
    const opened = await storedListing('Conflict Moved Copy');
    await colleagueEdits(opened.id, { price: 499_000 });
    // A list read while the form is open stores the colleague's version 2 on this device.
    await listAdmin('listings');
    const error = await saveAdmin('listings', { ...opened, description: 'Only the description' }, opened).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SaveConflictError);
    const [parked] = await listOutboxForAdmin();
    expect(parked!.payload, 'only the field changed in the form').toEqual({ description: 'Only the description' });
    await resolveConflictKeepMine(parked!.id);
    expect(await t.storage.get('listings', opened.id)).toMatchObject({
      description: 'Only the description',
      price: 499_000,
    });
  });

  it('a delete behind an unresolved conflict of the same record is queued at once, not left waiting', async () => {
    await loginSuper();
    const listing = await storedListing('Conflict Then Delete');
    await colleagueEdits(listing.id, { status: 'SOLD' });
    await saveAdmin('listings', { ...listing, price: 1 }).catch(() => undefined);
    const started = Date.now();
    const result = await deleteAdmin('listings', listing.id, listing.version);
    expect(result).toMatchObject({ queued: true });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await t.storage.get('listings', listing.id)).toMatchObject({ status: 'SOLD' });
  });

  it('take theirs drops my change and keeps the server’s record locally', async () => {
    await loginSuper();
    const listing = await storedListing('Conflict Take');
    await colleagueEdits(listing.id, { title: 'Renamed By Colleague' });
    const error = (await saveAdmin('listings', { ...listing, bedrooms: 2 }).catch(
      (e: unknown) => e,
    )) as SaveConflictError;
    await resolveConflictTakeTheirs(error.entryId);
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('listings', listing.id)).toMatchObject({
      title: 'Renamed By Colleague',
      bedrooms: 4,
      version: 2,
    });
    expect(await localDb().listings.get(listing.id)).toMatchObject({ title: 'Renamed By Colleague', version: 2 });
  });

  it('an offline edit that meets a colleague’s edit is parked as a conflict by the drain', async () => {
    await loginSuper();
    const listing = await storedListing('Conflict Offline');
    goOffline();
    await saveAdmin('listings', { ...listing, sqft: 3000 });
    await colleagueEdits(listing.id, { sqft: 2000 });
    await reconnect();
    const [parked] = await listOutboxForAdmin();
    expect(parked).toMatchObject({ state: 'conflict', lastStatus: 412, conflict: { current: { sqft: 2000 } } });
    await resolveConflictKeepMine(parked!.id);
    expect(await t.storage.get('listings', listing.id)).toMatchObject({ sqft: 3000, version: 3 });
  });

  it('a change refused while syncing is kept as failed, with the server’s details, until retried or discarded', async () => {
    await loginSuper();
    const property = (await saveAdmin('properties', propertyBody({ title: 'Refused Later' }))).record;
    goOffline();
    await saveAdmin('properties', { ...property, zipCode: 'x'.repeat(300) });
    await reconnect();
    const [failed] = await listOutboxForAdmin();
    expect(failed).toMatchObject({ state: 'failed', lastStatus: 400, lastError: 'Invalid input' });
    expect(failed!.details?.[0]?.path).toBe('zipCode');

    // Retry says what came of it: refused again, with the server's reason.
    await expect(retryFailed(failed!.id)).rejects.toThrow('Refused again: Invalid input');
    expect((await listOutboxForAdmin())[0]).toMatchObject({ id: failed!.id, state: 'failed' });
    await discardFailed(failed!.id);
    expect(await listOutbox()).toEqual([]);
    expect(await t.storage.get('properties', property.id)).toMatchObject({ zipCode: '77008', version: 1 });
  });

  it('an edit of a record a colleague deleted meanwhile is refused as such, and keeps the record’s name', async () => {
    await loginSuper();
    const listing = await storedListing('Deleted Meanwhile');
    goOffline();
    await saveAdmin('listings', { ...listing, sqft: 3100 });
    const deleted = await t.request({ method: 'DELETE', url: `/api/listings/${listing.id}`, token: t.adminToken });
    expect(deleted.statusCode).toBeLessThan(300);
    await reconnect();
    // The next online list read drops this device's copy of the deleted listing.
    expect((await listAdmin('listings')).records.map((record) => record.id)).not.toContain(listing.id);
    const [refused] = await listOutboxForAdmin();
    expect(refused).toMatchObject({
      state: 'failed',
      lastStatus: 404,
      lastError: RECORD_DELETED_MESSAGE,
      payload: { sqft: 3100 },
      recordName: 'Deleted Meanwhile',
    });
    await discardFailed(refused!.id);
    expect(await listOutbox()).toEqual([]);
  });
});

describe('settings', () => {
  it('a super admin saves online; offline the change is queued, shown, and sent after reconnecting', async () => {
    await loginSuper();
    const before = await getAdminSettings();
    const general = { ...before.general, siteName: 'Houston Homes Online' };
    await expect(saveSettings({ general })).resolves.toMatchObject({ queued: false, settings: { general } });
    expect((await t.request({ method: 'GET', url: '/api/public/settings' })).json()).toMatchObject({ general });

    goOffline();
    const seo = { ...before.seo, metaTitle: 'Set While Offline' };
    await expect(saveSettings({ seo })).resolves.toMatchObject({ queued: true, settings: { general, seo } });
    await expect(loadAdminSettings()).resolves.toMatchObject({
      offline: true,
      pending: true,
      settings: { general, seo },
    });

    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/public/settings' })).json()).toMatchObject({ general, seo });
  });

  it("a whole form saved offline sends only the fields it changed: a colleague's change to another field stays, in the same group too", async () => {
    await loginSuper();
    const loaded = await getAdminSettings();
    goOffline();
    const draft = { ...loaded, general: { ...loaded.general, contactPhone: '(713) 555-0199' } };
    await expect(saveSettings(draft, loaded)).resolves.toMatchObject({ queued: true });
    // A second save from the same form, of another field of the same group: both wait, merged field by field.
    const second = { ...draft, general: { ...draft.general, contactEmail: 'office@example.com' } };
    await expect(saveSettings(second, draft)).resolves.toMatchObject({
      queued: true,
      settings: { general: { contactPhone: '(713) 555-0199', contactEmail: 'office@example.com' } },
    });
    const colleague = await t.request({
      method: 'PUT',
      url: '/api/settings',
      token: t.superToken,
      json: {
        general: { ...loaded.general, siteName: 'Colleague name' },
        seo: { ...loaded.seo, metaTitle: 'Colleague title' },
      },
    });
    expect(colleague.statusCode).toBe(200);
    await reconnect();
    expect(await listOutbox()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/public/settings' })).json()).toMatchObject({
      general: { siteName: 'Colleague name', contactPhone: '(713) 555-0199', contactEmail: 'office@example.com' },
      seo: { metaTitle: 'Colleague title' },
    });
  });

  it('a regular admin reads settings but may not save them', async () => {
    await loginAdmin();
    const settings = await getAdminSettings();
    const error = await saveSettings({ general: { ...settings.general, siteName: 'Nope' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, serverMessage: 'Super admin access required' });
    expect(await listOutbox()).toEqual([]);
  });
});

describe('leads', () => {
  it('lists, filters, patches (online and offline), exports and deletes leads', async () => {
    await loginSuper();
    const all = await listLeads();
    expect(all.offline).toBe(false);
    expect(all.records.length).toBeGreaterThan(0);
    // The badge's count asks for the counts only, never the leads themselves.
    const asked: string[] = [];
    configureHttpClient({
      baseUrl: onlineUrl,
      fetch: (input, init) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      },
    });
    const newCount = await countNewLeads();
    goOnline();
    expect(asked).toEqual(['/api/contacts/counts']);
    expect(newCount).toBe(all.records.filter((lead) => lead.status === 'NEW').length);

    const lead = all.records.find((candidate) => candidate.status === 'NEW')!;
    const patched = await updateLead(lead.id, { status: 'CONTACTED', notes: 'Called back' }, lead.version);
    expect(patched).toMatchObject({ queued: false, record: { status: 'CONTACTED', notes: 'Called back' } });
    expect(await countNewLeads()).toBe(newCount - 1);

    goOffline();
    const queued = await updateLead(lead.id, { status: 'APPOINTMENT' }, patched.record.version);
    expect(queued).toMatchObject({ queued: true, record: { status: 'APPOINTMENT', notes: 'Called back' } });
    // A visitor's name stays off the queue (a kiosk started on this device wipes the leads, not the queue).
    expect((await listOutbox()).map((entry) => entry.recordName)).toEqual([undefined]);
    const offline = await listLeads({ status: 'APPOINTMENT' });
    expect(offline).toMatchObject({ offline: true, pendingIds: [lead.id] });
    expect(offline.records.map((record) => record.id)).toContain(lead.id);
    await expect(downloadLeadsCsv()).rejects.toMatchObject({ offline: true });

    await reconnect();
    expect(await t.storage.get('contacts', lead.id)).toMatchObject({ status: 'APPOINTMENT', notes: 'Called back' });

    const csv = await (await downloadLeadsCsv({ status: 'APPOINTMENT' })).text();
    expect(csv.split('\n')[0]).toMatch(/name/i);
    expect(csv).toContain(lead.email);

    await expect(deleteLead(lead.id)).resolves.toEqual({ queued: false });
    expect(await t.storage.get('contacts', lead.id)).toBeUndefined();
  });
});

describe('a refused save folded into a change still waiting on this device', () => {
  it('keeps the earlier change (parked as failed, on the Sync page) instead of dropping it with the refusal', async () => {
    await loginSuper();
    const lead = (await listLeads()).records[0]!;
    const colleague = (await t.storage.list('adminUsers')).find((admin) => admin.email === ADMIN.email)!;
    // Offline: another change is queued first, so the note waits unsent behind it.
    goOffline();
    expect((await saveAdmin('properties', propertyBody({ title: 'Queued first' }))).queued).toBe(true);
    const noted = await updateLead(lead.id, { note: 'Called: wants a Saturday visit, budget 450k' }, lead.version);
    expect(noted.queued).toBe(true);
    // Meanwhile the colleague is deactivated; back online, the lead is assigned to them before the queue drained.
    await t.storage.transact((tx) => tx.update('adminUsers', colleague.id, { isActive: false }));
    goOnline();
    await makeNetworkFailuresDue(Date.now()); // as the 'online' event does, before its drain has run
    const refused = await updateLead(lead.id, { ownerId: colleague.id }, lead.version).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
    const parked = (await listOutbox()).filter((entry) => entry.entityId === lead.id);
    // The server is shared by this file's tests: the colleague signs in again in later ones.
    await t.storage.transact((tx) => tx.update('adminUsers', colleague.id, { isActive: true }));
    expect(parked, 'the note is still on this device').toMatchObject([
      { state: 'failed', payload: { note: 'Called: wants a Saturday visit, budget 450k' } },
    ]);
  });
});

describe('admin users and audit', () => {
  it('a super admin lists, creates and deletes admins; the server’s refusals come through', async () => {
    const me = await loginSuper();
    const users = await listAdminUsers();
    expect(users.map((user) => user.email)).toEqual(expect.arrayContaining([SUPER_ADMIN.email, ADMIN.email]));

    const email = `new-${Date.now()}@example.com`;
    const created = await createAdminUser({ email, password: 'long-enough-1', role: 'admin' });
    expect(created).toMatchObject({ email, role: 'ADMIN', isActive: true });
    const duplicate = await createAdminUser({ email, password: 'long-enough-1' }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ status: 409, message: 'An admin user with this email already exists' });
    const invalid = await createAdminUser({ email: '', password: 'short' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400 });
    expect((invalid as AdminActionError).details?.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );

    const self = await deleteAdminUser(me.id).catch((e: unknown) => e);
    expect(self).toMatchObject({ status: 403, message: 'Cannot delete your own account' });
    expect(adminDeleteErrorText(self)).toBe('You cannot delete your own account. Please contact another Super Admin.');

    await deleteAdminUser(created.id);
    expect((await listAdminUsers()).map((user) => user.email)).not.toContain(email);

    const page = await listAudit({ limit: 3 });
    expect(page.total).toBeGreaterThan(3);
    expect(page.entries).toHaveLength(3);
    expect(page.entries[0]).toMatchObject({ action: 'admin-user.delete', entityId: created.id });
  });

  it('a regular admin is refused with the server’s message', async () => {
    await loginAdmin();
    await expect(listAdminUsers()).rejects.toMatchObject({ status: 403, message: 'Super admin access required' });
    const error = await deleteAdminUser(t.superAdmin.id).catch((e: unknown) => e);
    expect(adminDeleteErrorText(error)).toBe(
      'Only Super Admins can delete admin users. You do not have sufficient permissions.',
    );
    goOffline();
    await expect(listAdminUsers()).rejects.toMatchObject({ offline: true });
  });
});

describe('image upload', () => {
  it('posts the image as a data URL and answers the URL and srcset variants', async () => {
    await loginSuper();
    const image = await uploadImage(new Blob([await tinyPng(800, 600)], { type: 'image/png' }), 'front.png');
    expect(image.url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(image.variants.length).toBeGreaterThan(0);
    expect(image.variants.at(-1)!.url).toBe(image.url);
    const audit = (await t.storage.list('audit')).filter((entry) => entry.action === 'upload.create');
    expect(audit.at(-1)).toMatchObject({ detail: image.url });
  });

  it('shows the server’s error for bytes that are not an image, and refuses bad files before sending', async () => {
    await loginSuper();
    const fake = new Blob([new TextEncoder().encode('not really a png')], { type: 'image/png' });
    await expect(uploadImage(fake, 'fake.png')).rejects.toMatchObject({
      message: 'Only JPG, PNG and WebP images are accepted.',
    });
    await expect(uploadImage(new Blob(['x'], { type: 'text/plain' }), 'a.txt')).rejects.toThrow(
      'Please select an image file',
    );
  });
});

async function tinyPng(width = 40, height = 30): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
}

describe('a device whose storage does not answer', () => {
  it('the sync indicator counts a change still waiting for its place in the outbox, until it is stored and sent', async () => {
    // WebKit can leave a site's IndexedDB stuck until the browser restarts (web/src/data/storage-time-limit.ts);
    // here another connection holds the outbox with a transaction that never ends, as such a stuck one does.
    await loginSuper();
    const id = '6f1b1d2e-51a7-4c55-9d3e-3c0a1f0b9a01';
    const stuck = await holdStore('outbox');
    let outcome: WriteOutcome | undefined;
    let saving: Promise<void>;
    try {
      saving = submitWrite(
        {
          entity: 'communities',
          op: 'create',
          entityId: id,
          method: 'POST',
          path: 'communities',
          payload: { ...communityBody({ name: 'Stuck Storage Test' }), id },
        },
        100,
      ).then((result) => void (outcome = result));
      await eventually(() => expect(getSyncStatus().waitingForStorage).toBe(1));
      expect(outcome, 'not stored, so not sent either').toBeUndefined();
      expect(await t.storage.get('communities', id)).toBeUndefined();
    } finally {
      await stuck.release();
    }
    // Not cut short: once the device answers, the change is stored and sent as usual.
    await saving;
    expect(outcome?.status).toBe('delivered');
    expect(getSyncStatus().waitingForStorage).toBe(0);
    expect(await t.storage.get('communities', id)).toMatchObject({ name: 'Stuck Storage Test' });
  });

  it('a change stored in time is never counted', async () => {
    await loginSuper();
    const seen: number[] = [];
    const stop = subscribeSyncStatus((status) => seen.push(status.waitingForStorage));
    try {
      const id = '6f1b1d2e-51a7-4c55-9d3e-3c0a1f0b9a02';
      const payload = { ...communityBody({ name: 'Prompt Storage Test' }), id };
      const draft = { entity: 'communities', op: 'create', entityId: id, method: 'POST', path: 'communities', payload };
      expect((await submitWrite(draft as Parameters<typeof submitWrite>[0], 300)).status).toBe('delivered');
      // Past the notice time: nothing was left counting.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      stop();
    }
    expect(seen.every((count) => count === 0)).toBe(true);
  });
});
