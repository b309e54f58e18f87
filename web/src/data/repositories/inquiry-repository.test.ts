import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@domain/schemas/admin-user';
import { ApiError, InquiryRejectedError } from '../http-errors';
import { configureHttpClient } from '../http-client';
import { deleteLocalDb } from '../local-db';
import { listOutbox } from '../outbox';
import { clearSession, setSession } from '../session';
import { stopSyncWorker } from '../sync';
import { startFakeApi, unreachableBaseUrl, type FakeAnswer, type FakeApi, type RecordedRequest } from '../test-support/fake-api';
import { eventually } from '../test-support/eventually';
import { holdStore } from '../test-support/stuck-store';
import { submitInquiry, type InquiryInput } from './inquiry-repository';

/**
 * A contact endpoint that behaves like the API: it stores one lead per Idempotency-Key and replays the first
 * answer for a repeated key. `mode` makes it fail the ways a phone's network does.
 */
type Mode = 'ok' | 'lose-answer-once' | 'down' | 'rate-limited' | 'invalid' | 'broken' | 'fail-after-storing-once';
let mode: Mode = 'ok';
const answersByKey = new Map<string, { body: string; answer: FakeAnswer }>();
const leads: RecordedRequest[] = [];

function contactEndpoint(request: RecordedRequest): FakeAnswer {
  if (mode === 'down') return { status: 503, body: { error: 'The server cannot save changes right now.' } };
  if (mode === 'broken') return { status: 500, body: { error: 'Internal server error' } };
  if (mode === 'rate-limited') {
    return { status: 429, body: { error: 'Too many requests.' }, headers: { 'retry-after': '120' } };
  }
  if (mode === 'invalid') {
    return {
      status: 400,
      body: { error: 'Invalid input', details: [{ path: 'email', message: 'Please enter a valid email address' }] },
    };
  }
  const key = String(request.headers['idempotency-key']);
  const previous = answersByKey.get(key);
  // As the API: the first answer for a key is replayed; the same key with another body is refused.
  if (previous) {
    return previous.body === JSON.stringify(request.body)
      ? previous.answer
      : { status: 422, body: { error: 'This Idempotency-Key was used with a different request.' } };
  }
  leads.push(request);
  const body = request.body as { id: string; submittedAt: string };
  const answer: FakeAnswer = { status: 201, body: { success: true, id: body.id, submittedAt: body.submittedAt } };
  answersByKey.set(key, { body: JSON.stringify(request.body), answer });
  if (mode === 'lose-answer-once') {
    mode = 'ok';
    return 'drop';
  }
  if (mode === 'fail-after-storing-once') {
    mode = 'ok';
    return { status: 500, body: { error: 'Internal server error' } };
  }
  return answer;
}

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi(contactEndpoint);
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  await stopSyncWorker();
  await deleteLocalDb();
  configureHttpClient({ baseUrl: api.baseUrl });
  mode = 'ok';
  answersByKey.clear();
  leads.length = 0;
  api.requests.length = 0;
  clearSession();
});
afterEach(async () => {
  await stopSyncWorker();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const input: InquiryInput = {
  name: 'Ana Torres',
  email: 'ana@example.com',
  message: 'Is the Pecan plan still available?',
  interest: 'buying',
  source: 'listing',
  listingId: 'dd50dddc-a23a-4b88-8b7d-70832f8b682b',
  listingTitle: 'The Pecan Plan with Lake View',
  website: '',
  fillTimeMs: 12_000,
};

describe('submitInquiry', () => {
  it('sends at once and leaves nothing queued', async () => {
    setSession('admin-token', { id: 'a1' } as AdminUser);
    const result = await submitInquiry(input);
    expect(result.status).toBe('sent');
    expect(await listOutbox()).toEqual([]);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: 'public/contacts' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.body).toMatchObject({
      id: result.id,
      name: 'Ana Torres',
      phone: '',
      source: 'listing',
      listingTitle: 'The Pecan Plan with Lake View',
      fillTimeMs: 12_000,
      website: '',
    });
    expect((request!.body as { submittedAt: string }).submittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(request!.body).not.toHaveProperty('endpoint');
  });

  it('sends a lead at once when the outbox stops answering (WebKit), and the late store makes no second lead', async () => {
    const stuck = await holdStore('outbox');
    try {
      const result = await submitInquiry(input, { storeTimeLimitMs: 200 });
      expect(result.status).toBe('sent');
      expect(leads.map((lead) => (lead.body as { id: string }).id)).toEqual([result.id]);
    } finally {
      await stuck.release();
    }
    // The store waited behind the stuck transaction and completes now; its send carries the same key, and the
    // server answers with the lead it has.
    await eventually(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]!.headers['idempotency-key']).toBe(api.requests[0]!.headers['idempotency-key']);
    await eventually(() => expect(leads).toHaveLength(1));
    for (let tries = 0; (await listOutbox()).length > 0 && tries < 100; tries++) await sleep(20);
    expect(await listOutbox()).toEqual([]);
  });

  it('uses /api/contact for the contact page', async () => {
    expect(await submitInquiry({ ...input, source: 'contact-page', endpoint: 'contact' })).toMatchObject({
      status: 'sent',
    });
    expect(api.requests[0]!.path).toBe('contact');
  });

  it('queues when the server is unreachable, and the worker delivers it once the server is back', async () => {
    configureHttpClient({ baseUrl: await unreachableBaseUrl() });
    const result = await submitInquiry(input);
    expect(result.status).toBe('queued');
    const [queued] = await listOutbox();
    expect(queued).toMatchObject({ entityId: result.id, state: 'pending', attempts: 1, path: 'public/contacts' });

    configureHttpClient({ baseUrl: api.baseUrl });
    await vi.waitFor(async () => expect(await listOutbox()).toEqual([]), { timeout: 5000, interval: 50 });
    expect(leads).toHaveLength(1);
    expect(leads[0]!.headers['idempotency-key']).toBe(queued!.id);
  });

  it('queues on 5xx and keeps a 429 queued until Retry-After has passed', async () => {
    mode = 'down';
    expect((await submitInquiry(input)).status).toBe('queued');
    await stopSyncWorker();

    mode = 'rate-limited';
    const before = Date.now();
    expect((await submitInquiry(input)).status).toBe('queued');
    const limited = (await listOutbox()).find((entry) => entry.lastError === 'Too many requests.');
    expect(limited!.nextAttemptAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(await listOutbox()).toHaveLength(2);
    expect(leads).toHaveLength(0);
  });

  it('reports a server failure (500) as an error the form shows, and keeps nothing queued', async () => {
    mode = 'broken';
    const error = await submitInquiry(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500 });
    expect(await listOutbox()).toEqual([]);
  });

  it('a 500 after the server stored the lead, then Send again unchanged: one lead, the same request replayed', async () => {
    mode = 'fail-after-storing-once';
    const failure = await submitInquiry(input).catch((caught: unknown) => caught);
    expect(failure).toMatchObject({ status: 500 });
    // The form sends its fill time and a new moment of sending with the second press: still the same inquiry.
    const again = await submitInquiry({ ...input, fillTimeMs: 30_000, submittedAt: new Date().toISOString() });
    expect(again.status).toBe('sent');
    expect(leads).toHaveLength(1);
    expect(again.id).toBe((leads[0]!.body as { id: string }).id);
    const keys = api.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await listOutbox()).toEqual([]);
  });

  it('after a 500, an edited inquiry is a new one (its own lead and key)', async () => {
    mode = 'fail-after-storing-once';
    await submitInquiry(input).catch(() => undefined);
    const edited = await submitInquiry({ ...input, message: 'Is the Pecan plan available with a pool?' });
    expect(edited.status).toBe('sent');
    expect(leads).toHaveLength(2);
    expect(new Set(api.requests.map((request) => request.headers['idempotency-key'])).size).toBe(2);
  });

  it('a 500 before anything was stored, then Send again: stored once', async () => {
    mode = 'broken';
    await submitInquiry(input).catch(() => undefined);
    mode = 'ok';
    expect((await submitInquiry(input)).status).toBe('sent');
    expect(leads).toHaveLength(1);
  });

  it('rejects what the server refuses, with its field details, and keeps nothing queued', async () => {
    mode = 'invalid';
    const error = await submitInquiry({ ...input, email: 'not-an-email' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InquiryRejectedError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      details: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
    expect(await listOutbox()).toEqual([]);
  });

  it('delivers exactly once when the answer is lost, even across a reload', async () => {
    mode = 'lose-answer-once';
    const result = await submitInquiry(input);
    expect(result.status).toBe('queued');
    expect(leads).toHaveLength(1); // the server did get it
    await stopSyncWorker();

    // A reload: fresh modules, same IndexedDB.
    vi.resetModules();
    const reloadedHttp = await import('../http-client');
    const reloadedDelivery = await import('../outbox-delivery');
    reloadedHttp.configureHttpClient({ baseUrl: api.baseUrl });
    const report = await reloadedDelivery.drainOutbox({ now: () => Date.now() + 120_000 });
    expect(report.sent).toBe(1);
    expect(leads).toHaveLength(1);
    const keys = api.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(await listOutbox()).toEqual([]);
  });
});
