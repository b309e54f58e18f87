import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { ApiError, NetworkUnreachableError } from './http-errors';
import { configureHttpClient, getJson, parseRetryAfter, sendJson } from './http-client';
import { clearSession, getSession, getToken, setSession } from './session';
import { startFakeApi, unreachableBaseUrl, type FakeApi } from './test-support/fake-api';

const admin = { id: 'a1', email: 'staff@example.com', role: 'ADMIN', isActive: true } as AdminUser;
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
  setSession('token-1', admin);
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('requests', () => {
  it('sends JSON with the bearer token on admin calls', async () => {
    api.handle(() => ({ status: 201, body: { id: 'x', version: 1 } }));
    const answer = await sendJson('POST', 'communities', { name: 'A' });
    expect(answer).toEqual({ id: 'x', version: 1 });
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: 'communities', body: { name: 'A' } });
    expect(request!.headers.authorization).toBe('Bearer token-1');
    expect(request!.headers['content-type']).toContain('application/json');
  });

  it('never sends the token to public paths or the contact page call', async () => {
    api.handle(() => ({ status: 200, body: [] }));
    await getJson('public/communities');
    await getJson('/public/listings', { searchParams: { communityId: 'indigo', ignored: undefined } });
    await sendJson('POST', 'contact', { name: 'A' });
    expect(api.requests.map((request) => request.headers.authorization)).toEqual([undefined, undefined, undefined]);
    expect(api.requests[1]!.path).toBe('public/listings?communityId=indigo');
  });

  it('sends Idempotency-Key and If-Match when given', async () => {
    api.handle(() => ({ status: 200, body: {} }));
    await sendJson('PUT', 'communities/c1', { name: 'B' }, { idempotencyKey: 'key-12345678', ifMatchVersion: 4 });
    expect(api.requests[0]!.headers['idempotency-key']).toBe('key-12345678');
    expect(api.requests[0]!.headers['if-match']).toBe('"4"');
  });

  it("sends the device's clock with a body (the server corrects a lead's time for a wrong clock), not with a read", async () => {
    api.handle(() => ({ status: 200, body: {} }));
    const before = Date.now();
    await sendJson('POST', 'public/contacts', { name: 'A' });
    await getJson('public/communities');
    const sent = Date.parse(String(api.requests[0]!.headers['x-client-time']));
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(Date.now());
    expect(api.requests[1]!.headers['x-client-time']).toBeUndefined();
  });

  it('gives undefined for a 204 and sends no body (nor content type) on DELETE', async () => {
    api.handle(() => ({ status: 204 }));
    expect(await sendJson('DELETE', 'communities/c1')).toBeUndefined();
    expect(api.requests[0]!.body).toBeUndefined();
    expect(api.requests[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('SPEC §8 transport errors', () => {
  it('401 clears the session and says so, unwrapped', async () => {
    api.handle(() => ({ status: 401, body: { error: 'Invalid or expired token' } }));
    const error = await failure(getJson('communities'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Authentication expired. Please login again.' });
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('a 401 for a token that a login replaced meanwhile leaves the new session (another tab signed in)', async () => {
    api.handle(() => {
      // The login in another tab lands while this request, sent with token-1, is on its way.
      setSession('token-2', admin);
      return { status: 401, body: { error: 'Invalid or expired token' } };
    });
    const error = await failure(getJson('communities'));
    expect(error).toMatchObject({ status: 401, message: 'Authentication expired. Please login again.' });
    expect(api.requests[0]!.headers.authorization).toBe('Bearer token-1');
    expect(getSession()).toEqual({ token: 'token-2', user: admin });
  });

  it('a 401 to a request sent signed out does not clear a session stored since', async () => {
    clearSession();
    api.handle(() => {
      setSession('token-3', admin);
      return { status: 401, body: { error: 'Unauthorized' } };
    });
    const error = await failure(getJson('communities'));
    expect(error).toMatchObject({ status: 401 });
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
    expect(getToken()).toBe('token-3');
  });

  it('an OK answer cut off on its way is no answer (NetworkUnreachableError), and the session stays', async () => {
    api.handle(() => 'cut');
    const read = await failure(getJson('admin/verify'));
    expect(read).toBeInstanceOf(NetworkUnreachableError);
    const write = await failure(sendJson('PUT', 'communities/c1', { name: 'B' }, { idempotencyKey: 'key-12345678' }));
    expect(write).toBeInstanceOf(NetworkUnreachableError);
    expect(getToken()).toBe('token-1');
  });

  it('an OK answer that is not JSON (a guest Wi-Fi login page) is no answer: a queued write is retried, not dropped', async () => {
    api.handle(() => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      raw: '<html><body>Guest Wi-Fi: accept the terms to continue</body></html>',
    }));
    const write = await failure(sendJson('POST', 'public/contact', { name: 'A' }, { idempotencyKey: 'key-12345678' }));
    expect(write).toBeInstanceOf(NetworkUnreachableError);
    const read = await failure(getJson('public/communities'));
    expect(read).toBeInstanceOf(NetworkUnreachableError);
    // A 200 without a type or body is not this API's either (it answers 204 for nothing).
    api.handle(() => ({ status: 200 }));
    expect(await failure(sendJson('PUT', 'communities/c1', { name: 'B' }))).toBeInstanceOf(NetworkUnreachableError);
  });

  it('a refusal that is not JSON (a guest Wi-Fi portal’s 403, a proxy’s 407) is no answer: a queued write is kept', async () => {
    for (const status of [400, 401, 403, 404, 405, 407]) {
      api.handle(() => ({
        status,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        raw: '<html><body>Accept the terms of this network to continue</body></html>',
      }));
      const write = await failure(sendJson('POST', 'public/contacts', { name: 'A' }, { idempotencyKey: 'key-12345678' }));
      expect(write, String(status)).toBeInstanceOf(NetworkUnreachableError);
    }
    expect(getToken(), 'a 401 that is not the API’s leaves the session').toBe('token-1');
    // A size refusal cannot pass on a resend, whoever answers it (a proxy's body limit).
    api.handle(() => ({ status: 413, headers: { 'content-type': 'text/html' }, raw: '<html>413</html>' }));
    expect(await failure(sendJson('POST', 'upload', {}))).toMatchObject({ status: 413 });
  });

  it('a wrong password at login is the server’s message, not an expired session', async () => {
    api.handle(() => ({ status: 401, body: { error: 'Invalid email or password' } }));
    const error = await failure(sendJson('POST', 'admin/login', { email: 'a@b.c', password: 'x' }));
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
  });

  it('wraps the body’s error as "Network error: …" and keeps field details', async () => {
    const details = [{ path: 'name', message: 'Community Name is required' }];
    api.handle(() => ({ status: 400, body: { error: 'Invalid input', details } }));
    const error = (await failure(sendJson('POST', 'communities', {}))) as ApiError;
    expect(error.message).toBe('Network error: Invalid input');
    expect(error.serverMessage).toBe('Invalid input');
    expect(error.details).toEqual(details);
    expect(getToken()).toBe('token-1');
  });

  it('without a body error it says "HTTP error! status: {code}"', async () => {
    api.handle(() => ({ status: 502 }));
    const error = await failure(getJson('communities'));
    expect(error).toMatchObject({ status: 502, message: 'Network error: HTTP error! status: 502' });
  });

  it('keeps the current record of a 412 and the Retry-After of a 429', async () => {
    const current = { id: 'c1', version: 5 };
    api.handle(() => ({ status: 412, body: { error: 'Changed', current } }));
    expect(await failure(sendJson('PUT', 'communities/c1', {}, { ifMatchVersion: 4 }))).toMatchObject({
      status: 412,
      current,
    });
    api.handle(() => ({ status: 429, body: { error: 'Too many' }, headers: { 'retry-after': '7' } }));
    expect(await failure(sendJson('POST', 'public/contacts', {}))).toMatchObject({ status: 429, retryAfterMs: 7000 });
  });

  it('no answer is a NetworkUnreachableError, not an ApiError', async () => {
    api.handle(() => 'drop');
    const dropped = await failure(getJson('public/communities'));
    expect(dropped).toBeInstanceOf(NetworkUnreachableError);

    configureHttpClient({ baseUrl: await unreachableBaseUrl() });
    expect(await failure(getJson('public/communities'))).toMatchObject({ reason: 'failed' });
  });

  it('a timeout is a NetworkUnreachableError too', async () => {
    api.handle(() => 'hang');
    const error = await failure(getJson('public/communities', { timeoutMs: 150 }));
    expect(error).toBeInstanceOf(NetworkUnreachableError);
    expect(error).toMatchObject({ reason: 'timeout' });
  });

  it('a write is never retried by the client itself', async () => {
    api.handle(() => ({ status: 503, body: { error: 'Busy' } }));
    await failure(sendJson('PUT', 'communities/c1', {}));
    await failure(sendJson('DELETE', 'communities/c1'));
    expect(api.requests).toHaveLength(2);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
