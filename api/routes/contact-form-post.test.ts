/** The contact page's form posted by the browser itself, with no app running (api/routes/contact-form-post.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TEXT_LIMITS } from '../../domain';
import { contactBody, createTestApp, type TestApp } from '../../tests/support/api';
import { createMemoryStorage } from '../storage/memory-storage';
import { StorageUnavailableError } from '../storage/storage';
import { CONTACT_FORM_SENT_LOCATION, contactFormFields } from './contact-form-post';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

/** What Chromium sends for the contact form (application/x-www-form-urlencoded, the honeypot empty). */
const formBody = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    name: 'Maria Lopez',
    email: 'maria@example.com',
    phone: '',
    interest: 'buying',
    message: 'We are relocating to Houston & want 4 bedrooms.',
    website: '',
    ...fields,
  }).toString();

const postForm = (payload: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    payload,
  });

describe('POST /contact (the form without JavaScript)', () => {
  it('stores the lead as the JSON call would and sends the browser to /contact?sent=1 (303)', async () => {
    const response = await postForm(formBody());
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(CONTACT_FORM_SENT_LOCATION);
    const leads = await t.storage.list('contacts');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      phone: '',
      interest: 'buying',
      message: 'We are relocating to Houston & want 4 bedrooms.',
      source: 'contact-page',
      status: 'NEW',
    });
    expect(leads[0]).not.toHaveProperty('website');
    expect(Date.parse(leads[0]!.submittedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes a message at its length limit written in characters of several bytes (percent-encoded 9-12 bytes each)', async () => {
    const message = '住'.repeat(TEXT_LIMITS.long - 2) + '🏡';
    const body = formBody({ name: 'Lǐ Wěi', message });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const response = await postForm(body);
    expect(response.statusCode).toBe(303);
    expect((await t.storage.list('contacts'))[0]).toMatchObject({ name: 'Lǐ Wěi', message });
  });

  it('files a filled honeypot as SPAM with the same answer', async () => {
    const response = await postForm(formBody({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(303);
    expect((await t.storage.list('contacts'))[0]).toMatchObject({ status: 'SPAM' });
  });

  it('takes no source, status or kiosk field from the post: only the form fields', async () => {
    await postForm(`${formBody()}&source=open-house&status=CONTACTED&notes=x&consentText=y`);
    const [lead] = await t.storage.list('contacts');
    expect(lead).toMatchObject({ source: 'contact-page', status: 'NEW', notes: '' });
    expect(lead).not.toHaveProperty('consentText');
  });

  it.each([
    ['email malformed', { email: 'maria-at-example' }, `Email: ${MESSAGES.emailInvalid}`],
    ['message blank', { message: '   ' }, `Message: ${MESSAGES.messageRequired}`],
    ['unknown interest', { interest: 'lottery' }, 'Interest: '],
  ])('refuses %s with a page that names the field, and stores nothing', async (_case, fields, text) => {
    const response = await postForm(formBody(fields));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Your message was not sent');
    expect(response.body).toContain(text);
    expect(response.body).toContain('Back button');
    expect(await t.storage.count('contacts')).toBe(0);
  });

  it('escapes what it shows', async () => {
    const response = await postForm(formBody({ interest: '<script>alert(1)</script>' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>');
  });

  it('refuses a JSON body (that is POST /api/contact) and stores nothing', async () => {
    const response = await t.request({ method: 'POST', url: '/contact', json: contactBody() });
    expect(response.statusCode).toBe(415);
    expect(await t.storage.count('contacts')).toBe(0);
  });

  it('shares the per-address limit with POST /api/contact: 429 with Retry-After and a page', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { contactRateLimit: 3 } });
    const json = () => t.request({ method: 'POST', url: '/api/contact', json: contactBody() });
    const statuses = [(await json()).statusCode, (await json()).statusCode, (await postForm(formBody())).statusCode];
    expect(statuses).toEqual([201, 201, 303]);
    const limited = await postForm(formBody());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many messages were sent from your network');
    expect((await json()).statusCode).toBe(429);
    expect(await t.storage.count('contacts')).toBe(3);
  });

  it('says on a page (503, Retry-After) when the storage cannot save, and nothing is stored', async () => {
    await t.close();
    const memory = createMemoryStorage();
    let writesFail = false;
    // The memory storage, whose writes fail once the test says so (a full or read-only disk).
    const storage = new Proxy(memory, {
      get(target, property) {
        if (property === 'transact' && writesFail)
          return () => Promise.reject(new StorageUnavailableError('disk full'));
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    t = await createTestApp({ seed: false, storage });
    writesFail = true;
    const response = await postForm(formBody());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('We could not save your message just now');
    expect(await memory.count('contacts')).toBe(0);
  });

  it('still answers an urlencoded body elsewhere with 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('contactFormFields', () => {
  it('reads the first value of each form field, trimmed, and nothing else', () => {
    expect(contactFormFields('name=+Ann+&name=Bob&email=a%40b.co&extra=1')).toEqual({
      name: 'Ann',
      email: 'a@b.co',
      phone: '',
      interest: '',
      message: '',
      website: '',
    });
  });
});
