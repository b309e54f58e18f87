/** POST /api/upload through the HTTP layer: JSON data URL and multipart, limits, and the served file. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/api';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const dataUrl = (bytes: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${bytes.toString('base64')}`;

function multipartBody(bytes: Buffer, filename: string, mime: string) {
  const boundary = '----hc-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/upload', () => {
  it('takes the spec JSON body, answers success and a URL that is served as immutable WebP', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/upload',
      token: t.adminToken,
      json: { filename: `${Date.now()}-house.jpg`, file: dataUrl(jpeg) },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{16}-1000\.webp$/),
      width: 1000,
    });
    expect(body.variants.map((variant: { width: number }) => variant.width)).toEqual([480, 960, 1000]);
    const served = await t.request({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('takes multipart form data, deciding the type from the bytes and not the file name', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody(png, '../../etc/passwd.gif', 'image/gif');
    const response = await t.request({ method: 'POST', url: '/api/upload', token: t.adminToken, payload, headers });
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(/^\/uploads\/[0-9a-f]{16}-300\.webp$/);
    expect(readdirSync(uploadsDir()).every((name) => /^[0-9a-f]{16}-\d+\.webp$/.test(name))).toBe(true);
  });

  it.each([
    [
      'an SVG named .png',
      () =>
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'),
      415,
    ],
    ['HTML', () => dataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg'), 415],
    [
      '5 MB + 1 byte',
      () => dataUrl(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 - 2)])),
      413,
    ],
    ['a truncated JPEG', () => dataUrl(Buffer.from(jpeg.subarray(0, Math.floor(jpeg.length / 2)))), 422],
    ['not a data URL', () => 'hello', 400],
  ])('refuses %s with a clear error and writes no file', async (_case, file, status) => {
    const before = readdirSync(uploadsDir()).length;
    const response = await t.request({
      method: 'POST',
      url: '/api/upload',
      token: t.adminToken,
      json: { filename: 'x.png', file: file() },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, error: expect.stringMatching(/^[A-Z].{10,}/) });
    expect(readdirSync(uploadsDir()).length).toBe(before);
  });

  it('refuses a multipart file over 5 MB with 413', async () => {
    const { payload, headers } = multipartBody(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.jpg', 'image/jpeg');
    const response = await t.request({ method: 'POST', url: '/api/upload', token: t.adminToken, payload, headers });
    expect(response.statusCode).toBe(413);
  });

  it.each([
    [
      'a form whose body ends mid-part',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nabc',
    ],
    ['a form without a boundary', 'multipart/form-data', '--b\r\n\r\n--b--\r\n'],
    ['a body that is not a form at all', 'multipart/form-data; boundary=b', 'garbage'],
  ])(
    'answers %s with 400 and a clear error (found by hostile-input.test.ts: it was a 500)',
    async (_case, type, payload) => {
      const before = readdirSync(uploadsDir()).length;
      const response = await t.request({
        method: 'POST',
        url: '/api/upload',
        token: t.adminToken,
        payload,
        headers: { 'content-type': type },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: expect.stringContaining('form data could not be read'),
      });
      expect(readdirSync(uploadsDir()).length).toBe(before);
    },
  );

  it('requires a token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/upload',
      json: { filename: 'x.jpg', file: dataUrl(jpeg) },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an upload whose admin was deleted while it was being decoded, and keeps none of its files', async () => {
    const leaving = await t.storage.transact((tx) =>
      tx.insert('adminUsers', { email: 'leaving@example.com', passwordHash: 'x', role: 'ADMIN', isActive: true }),
    );
    const token = t.app.signToken(leaving);
    const red = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa2222' } })
      .jpeg()
      .toBuffer();
    const before = readdirSync(uploadsDir()).sort();
    // The deletion lands after the request passed its token check, just before the upload's own transaction.
    const transact = t.storage.transact.bind(t.storage);
    t.storage.transact = (async (body: Parameters<typeof transact>[0]) => {
      t.storage.transact = transact;
      await transact((tx) => tx.update('adminUsers', leaving.id, { isActive: false }));
      return transact(body);
    }) as typeof transact;
    const response = await t.request({
      method: 'POST',
      url: '/api/upload',
      token,
      json: { filename: 'late.jpg', file: dataUrl(red) },
    });
    expect(response.statusCode).toBe(401);
    expect(readdirSync(uploadsDir()).sort()).toEqual(before);
  });
});
