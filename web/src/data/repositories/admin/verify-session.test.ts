/**
 * verifySession against a real HTTP server playing the API (test-support/fake-api): only the server's refusal of the
 * very token that was checked signs the admin out (SPEC §4); no answer, a cut-off answer, an answer without the
 * admin, or a refusal of a token that a newer login replaced leave the stored session standing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { ApiError } from '../../http-errors';
import { configureHttpClient } from '../../http-client';
import { getSession, setSession } from '../../session';
import { startFakeApi, type FakeApi } from '../../test-support/fake-api';
import { logout, revokeToken, verifySession } from './auth';

const stored = { id: 'a1', email: 'staff@example.com', role: 'ADMIN', isActive: true } as AdminUser;
let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  configureHttpClient({ baseUrl: api.baseUrl, timeoutMs: 10_000 });
  setSession('token-1', stored);
});

describe('verifySession', () => {
  it('a good answer refreshes the stored user (a changed role shows at once)', async () => {
    const promoted = { ...stored, role: 'SUPER_ADMIN' } as AdminUser;
    api.handle(() => ({ status: 200, body: { valid: true, admin: promoted } }));
    await expect(verifySession()).resolves.toEqual(promoted);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer token-1');
    expect(getSession()).toEqual({ token: 'token-1', user: promoted });
  });

  it('an answer cut off on its way, or one without the admin, is no answer: the session stands', async () => {
    api.handle(() => 'cut');
    await expect(verifySession()).resolves.toEqual(stored);
    api.handle(() => ({ status: 200, body: {} }));
    await expect(verifySession()).resolves.toEqual(stored);
    api.handle(() => ({ status: 200 }));
    await expect(verifySession()).resolves.toEqual(stored);
    expect(getSession()).toEqual({ token: 'token-1', user: stored });
  });

  it('a 403 for this token signs out', async () => {
    api.handle(() => ({ status: 403, body: { error: 'Forbidden' } }));
    const error = await verifySession().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403 });
    expect(getSession()).toBeNull();
  });

  it('a refusal of a token that a login in another tab replaced meanwhile leaves the new session', async () => {
    const other = { ...stored, id: 'a2', email: 'other@example.com' } as AdminUser;
    for (const status of [401, 403]) {
      setSession('token-1', stored);
      api.handle(() => {
        setSession('token-2', other);
        return { status, body: { error: 'Invalid or expired token' } };
      });
      const error = await verifySession().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status });
      expect(getSession()).toEqual({ token: 'token-2', user: other });
    }
  });
});

describe('logout', () => {
  it('clears the session at once, then asks the server to end the very token it held', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.handle(async () => {
      await answered;
      return { status: 200, body: { success: true } };
    });
    logout();
    // Cleared before the server answers: the page goes to the login after 100 ms whatever the network does.
    expect(getSession()).toBeNull();
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: 'admin/logout' });
    expect(api.requests[0]!.headers.authorization).toBe('Bearer token-1');
    answer();
  });

  it('with the server out of reach, the session is cleared all the same (the token ends at its expiry)', async () => {
    api.handle(() => 'cut');
    logout();
    expect(getSession()).toBeNull();
    await expect(revokeToken('token-1')).resolves.toBe(false);
  });
});
