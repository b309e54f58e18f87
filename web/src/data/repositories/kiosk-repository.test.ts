import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { BUYING_TIMELINES } from '@domain/schemas/open-house';
import { deleteLocalDb, localDb, META_KEYS, readMeta, writeMeta } from '../local-db';
import { enqueue, listOutbox } from '../outbox';
import { getToken, setSession } from '../session';
import { configureHttpClient } from '../http-client';
import { startFakeApi } from '../test-support/fake-api';
import { holdStore } from '../test-support/stuck-store';
import { signOutForKiosk, submitKioskSignIn, type KioskMode } from './kiosk-repository';

const admin: AdminUser = {
  id: 'admin-1',
  email: 'agent@example.com',
  role: 'ADMIN',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

beforeEach(async () => {
  await deleteLocalDb();
});

describe('signOutForKiosk', () => {
  it("signs the admin out and removes the device's copies of leads and properties, keeping queued edits and public data", async () => {
    setSession('token-1', admin);
    const db = localDb();
    await db.contacts.put({ id: 'lead-1', name: 'Maria Lopez', email: 'maria@example.com' } as never);
    await db.properties.put({ id: 'prop-1', title: 'Lot 14' } as never);
    await db.communities.put({ id: 'c1', slug: 'emberly', name: 'Emberly' } as never);
    await writeMeta(META_KEYS.leadOwners, [{ id: 'admin-1', email: 'agent@example.com' }]);
    const queued = await enqueue({
      entity: 'contacts',
      op: 'patch',
      entityId: 'lead-1',
      method: 'PATCH',
      path: 'contacts/lead-1',
      payload: { note: 'Called back' },
    });

    await signOutForKiosk();

    expect(getToken()).toBeNull();
    expect(await db.contacts.count()).toBe(0);
    expect(await db.properties.count()).toBe(0);
    expect(await readMeta(META_KEYS.leadOwners)).toBeUndefined();
    expect(await db.communities.get('c1')).toMatchObject({ name: 'Emberly' });
    expect((await listOutbox()).map((entry) => entry.id)).toEqual([queued.id]);
  });

  it('ends the admin token on the server too: the tablet goes to the public', async () => {
    const api = await startFakeApi(() => ({ status: 200, body: { success: true } }));
    try {
      configureHttpClient({ baseUrl: api.baseUrl });
      setSession('kiosk-starter-token', admin);
      await signOutForKiosk();
      expect(getToken()).toBeNull();
      await vi.waitFor(() => expect(api.requests).toHaveLength(1));
      expect(api.requests[0]).toMatchObject({ method: 'POST', path: 'admin/logout' });
      expect(api.requests[0]!.headers.authorization).toBe('Bearer kiosk-starter-token');
    } finally {
      configureHttpClient({ baseUrl: '/api' });
      await api.close();
    }
  });
});

describe('submitKioskSignIn', () => {
  const mode: KioskMode = {
    communityId: 'community-1',
    communitySlug: 'austin-point',
    communityName: 'Austin Point',
    pass: 'kiosk-pass',
    passExpiresAt: '2099-01-01T00:00:00.000Z',
    adminEmail: admin.email,
    passwordHash: null,
    startedAt: '2026-12-01T00:00:00.000Z',
  };
  const fields = {
    name: 'Open House Visitor',
    email: 'visitor@example.com',
    phone: '',
    buyingTimeline: BUYING_TIMELINES[0],
    workingWithAgent: false,
    consentText: 'I agree to be contacted.',
  };

  it('sends a sign-in at once when the tablet’s storage stops answering (WebKit), and the server keeps one', async () => {
    const keys = new Set<string>();
    const api = await startFakeApi((request) => {
      keys.add(String(request.headers['idempotency-key']));
      return { status: 201, body: { success: true } };
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck = await holdStore('outbox');
    try {
      configureHttpClient({ baseUrl: api.baseUrl });
      const result = await submitKioskSignIn(mode, fields, new Date(), 200);
      expect(result.status).toBe('sent');
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]).toMatchObject({ method: 'POST', path: 'public/kiosk/sign-ins' });
      expect(api.requests[0]!.body).toMatchObject({ id: result.id, name: 'Open House Visitor' });
      await stuck.release();
      // The store that waited completes now and sends its entry with the same key: one sign-in on the server.
      await vi.waitFor(async () => expect(await listOutbox()).toEqual([]));
      expect(keys.size).toBe(1);
    } finally {
      await stuck.release();
      warn.mockRestore();
      configureHttpClient({ baseUrl: '/api' });
      await api.close();
    }
  });
});
