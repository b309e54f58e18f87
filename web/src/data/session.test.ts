import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { deleteLocalDb } from './local-db';
import { enqueue, listOutbox } from './outbox';
import { clearSession, getSession, getSessionUser, getToken, isLoggedIn, setSession, subscribeSession } from './session';

const admin = { id: 'a1', email: 'staff@example.com', role: 'ADMIN', isActive: true } as AdminUser;

beforeEach(async () => {
  clearSession();
  await deleteLocalDb();
});

describe('session', () => {
  it('stores the token and the user, and clears both', () => {
    expect(getSession()).toBeNull();
    setSession('t1', admin);
    expect(getToken()).toBe('t1');
    expect(getSessionUser()).toEqual(admin);
    expect(isLoggedIn()).toBe(true);
    clearSession();
    expect(getToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('tells subscribers about logins and logouts', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribeSession((session) => seen.push(session?.token ?? null));
    setSession('t1', admin);
    clearSession();
    clearSession(); // nothing to clear: no second notice
    unsubscribe();
    setSession('t2', admin);
    expect(seen).toEqual(['t1', null]);
  });

  it('logging out never touches queued writes', async () => {
    setSession('t1', admin);
    await enqueue({ entity: 'communities', op: 'update', entityId: 'c1', method: 'PUT', path: 'communities/c1' });
    clearSession();
    expect(await listOutbox()).toHaveLength(1);
  });
});
