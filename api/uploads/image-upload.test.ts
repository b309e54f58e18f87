import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import {
  UPLOAD_MESSAGES,
  UploadRejectedError,
  decodeDataUrl,
  processImageUpload,
  sniffImageType,
  variantWidths,
} from './image-upload';

let root: string;
let uploadsDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'image-upload-test-'));
  uploadsDir = path.join(root, 'uploads');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A noisy image (so it does not compress to nothing) of the given size and format. */
function makeImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** Files in uploadsDir; an absent folder has none. */
async function listUploads(): Promise<string[]> {
  try {
    return (await readdir(uploadsDir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const fileOf = (url: string): string => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));
const hashOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const isWebp = (bytes: Buffer): boolean =>
  bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
const toDataUrl = (bytes: Buffer, mime = 'image/png'): string => `data:${mime};base64,${bytes.toString('base64')}`;

async function expectRejected(promise: Promise<unknown>, statusCode: number, message?: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRejectedError);
  expect((error as UploadRejectedError).statusCode).toBe(statusCode);
  if (message !== undefined) expect((error as UploadRejectedError).message).toBe(message);
}

function expectRejectedSync(fn: () => unknown, statusCode: number, message?: string): void {
  let error: unknown = null;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(UploadRejectedError);
  expect((error as UploadRejectedError).statusCode).toBe(statusCode);
  if (message !== undefined) expect((error as UploadRejectedError).message).toBe(message);
}

/** Every written file is a final variant name directly inside uploadsDir, and nothing was written elsewhere. */
async function expectOnlyVariantFiles(): Promise<void> {
  expect(await readdir(root)).toEqual(['uploads']);
  for (const name of await listUploads()) {
    expect(name).toMatch(/^[0-9a-f]{16}-\d+\.webp$/);
    expect((await stat(path.join(uploadsDir, name))).isFile()).toBe(true);
  }
}

describe('UploadRejectedError', () => {
  it('carries a status code and a message', () => {
    const error = new UploadRejectedError(415, UPLOAD_MESSAGES.unsupportedType);
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe('Only JPG, PNG and WebP images are accepted.');
    expect(error.name).toBe('UploadRejectedError');
  });

  it('has clear, actionable messages', () => {
    expect(UPLOAD_MESSAGES.tooLarge).toBe('The file is larger than 5 MB. Choose a smaller image.');
    expect(UPLOAD_MESSAGES.tooManyPixels).toBe('The image is too large in pixels (max 40 megapixels).');
    expect(UPLOAD_MESSAGES.unreadable).toBe('The image could not be read. It may be damaged; try exporting it again.');
  });
});

describe('decodeDataUrl', () => {
  it('decodes a base64 data URL whatever the declared type', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    expect(decodeDataUrl(toDataUrl(bytes, 'image/png'))).toEqual(bytes);
    expect(decodeDataUrl(toDataUrl(bytes, 'text/html'))).toEqual(bytes);
    expect(decodeDataUrl(`data:;base64,${bytes.toString('base64')}`)).toEqual(bytes);
    expect(decodeDataUrl(`DATA:image/jpeg;name=a.jpg;BASE64,${bytes.toString('base64')}`)).toEqual(bytes);
  });

  it('accepts unpadded base64 and line-wrapped base64', () => {
    const bytes = Buffer.from('hello world!!');
    const b64 = bytes.toString('base64');
    expect(decodeDataUrl(`data:image/png;base64,${b64.replace(/=+$/, '')}`)).toEqual(bytes);
    expect(decodeDataUrl(`data:image/png;base64,${b64.slice(0, 8)}\r\n${b64.slice(8)}`)).toEqual(bytes);
  });

  it('rejects a missing or malformed data URL prefix with 400', () => {
    const b64 = Buffer.from('abc').toString('base64');
    expectRejectedSync(() => decodeDataUrl(b64), 400, UPLOAD_MESSAGES.notADataUrl);
    expectRejectedSync(() => decodeDataUrl(''), 400, UPLOAD_MESSAGES.notADataUrl);
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64'), 400, UPLOAD_MESSAGES.notADataUrl);
    expectRejectedSync(() => decodeDataUrl(`data:image/png,${b64}`), 400, UPLOAD_MESSAGES.notADataUrl);
    expectRejectedSync(() => decodeDataUrl(undefined as unknown as string), 400, UPLOAD_MESSAGES.notADataUrl);
  });

  it('rejects bad base64 with 400', () => {
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64,!!!!'), 400, UPLOAD_MESSAGES.badBase64);
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64,ab=c'), 400, UPLOAD_MESSAGES.badBase64);
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64,abcde'), 400, UPLOAD_MESSAGES.badBase64);
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64,<svg>'), 400, UPLOAD_MESSAGES.badBase64);
  });

  it('rejects an empty file with 400', () => {
    expectRejectedSync(() => decodeDataUrl('data:image/png;base64,'), 400, UPLOAD_MESSAGES.empty);
  });

  it('accepts exactly 5 MB and rejects 5 MB + 1 byte with 413 without decoding it', () => {
    expect(decodeDataUrl(toDataUrl(Buffer.alloc(MAX_UPLOAD_BYTES, 7))).length).toBe(MAX_UPLOAD_BYTES);

    const tooBig = toDataUrl(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7));
    const from = vi.spyOn(Buffer, 'from');
    try {
      expectRejectedSync(() => decodeDataUrl(tooBig), 413, UPLOAD_MESSAGES.tooLarge);
      expect(from).not.toHaveBeenCalled();
      // Far too big: refused by the cheap length guard too.
      expectRejectedSync(() => decodeDataUrl(`data:image/png;base64,${'A'.repeat(MAX_UPLOAD_BYTES * 3)}`), 413);
      expect(from).not.toHaveBeenCalled();
    } finally {
      from.mockRestore();
    }
  });
});

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their magic numbers', async () => {
    expect(sniffImageType(await makeImage(10, 10, 'jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await makeImage(10, 10, 'png'))).toBe('image/png');
    expect(sniffImageType(await makeImage(10, 10, 'webp'))).toBe('image/webp');
  });

  it('returns null for anything else', async () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(
      sniffImageType(
        await sharp({
          create: { width: 4, height: 4, channels: 3, background: '#000' },
        })
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('variantWidths', () => {
  it('keeps the standard widths that fit, adds the original width between them, and never upscales', () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(700)).toEqual([480, 700]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(1)).toEqual([1]);
  });
});

describe('processImageUpload', () => {
  it('accepts a JPEG: WebP variants at 480, 960 and 1600, the main URL the largest', async () => {
    const bytes = await makeImage(2000, 1500, 'jpeg');
    const hash = hashOf(bytes);
    const result = await processImageUpload(bytes, uploadsDir);

    expect(result).toEqual({
      url: `/uploads/${hash}-1600.webp`,
      width: 1600,
      height: 1200,
      variants: [
        { width: 480, url: `/uploads/${hash}-480.webp` },
        { width: 960, url: `/uploads/${hash}-960.webp` },
        { width: 1600, url: `/uploads/${hash}-1600.webp` },
      ],
    });
    expect(await listUploads()).toEqual([`${hash}-1600.webp`, `${hash}-480.webp`, `${hash}-960.webp`]);
    for (const variant of result.variants) {
      const written = await readFile(fileOf(variant.url));
      expect(isWebp(written)).toBe(true);
      const meta = await sharp(written).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe((variant.width * 3) / 4);
    }
    await expectOnlyVariantFiles();
  });

  it('writes the uploads folder owner-only (0700) and every stored file 0600 (issue 13 item 3)', async () => {
    const result = await processImageUpload(await makeImage(1000, 700, 'jpeg'), uploadsDir);
    expect((await stat(uploadsDir)).mode & 0o777).toBe(0o700);
    expect(result.variants.length).toBeGreaterThan(0);
    for (const variant of result.variants) expect((await stat(fileOf(variant.url))).mode & 0o777).toBe(0o600);
  });

  it('accepts a PNG without upscaling past its width', async () => {
    const bytes = await makeImage(1200, 600, 'png');
    const result = await processImageUpload(bytes, uploadsDir);
    expect(result.variants.map((v) => v.width)).toEqual([480, 960, 1200]);
    expect(result.url).toBe(`/uploads/${hashOf(bytes)}-1200.webp`);
    expect([result.width, result.height]).toEqual([1200, 600]);
    for (const variant of result.variants) {
      const meta = await sharp(await readFile(fileOf(variant.url))).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', variant.width]);
    }
    expect(await listUploads()).toHaveLength(3);
    await expectOnlyVariantFiles();
  });

  it('accepts a small WebP as one variant at its own width (not upscaled)', async () => {
    const bytes = await makeImage(300, 200, 'webp');
    const result = await processImageUpload(bytes, uploadsDir);
    expect(result).toEqual({
      url: `/uploads/${hashOf(bytes)}-300.webp`,
      width: 300,
      height: 200,
      variants: [{ width: 300, url: `/uploads/${hashOf(bytes)}-300.webp` }],
    });
    const written = await readFile(fileOf(result.url));
    expect(isWebp(written)).toBe(true);
    const meta = await sharp(written).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    await expectOnlyVariantFiles();
  });

  it('keeps transparency', async () => {
    const bytes = await sharp({
      create: {
        width: 100,
        height: 50,
        channels: 4,
        background: { r: 0, g: 0, b: 255, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const result = await processImageUpload(bytes, uploadsDir);
    expect((await sharp(await readFile(fileOf(result.url))).metadata()).hasAlpha).toBe(true);
  });

  it('rotates upright by EXIF orientation', async () => {
    // 200×100 stored, orientation 6 (rotate 90° clockwise to display): upright it is 100×200.
    const bytes = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await processImageUpload(bytes, uploadsDir);
    expect([result.width, result.height]).toEqual([100, 200]);
    const meta = await sharp(await readFile(fileOf(result.url))).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.orientation).toBeUndefined();
  });

  it('creates the uploads folder, nested, when it is missing', async () => {
    uploadsDir = path.join(root, 'uploads', 'deeper', 'still');
    const result = await processImageUpload(await makeImage(50, 40, 'png'), uploadsDir);
    expect((await stat(fileOf(result.url))).isFile()).toBe(true);
  });

  it('rejects a file over 5 MB with 413 and writes nothing', async () => {
    await mkdir(uploadsDir, { recursive: true });
    const jpeg = await makeImage(64, 64, 'jpeg');
    const bytes = Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - jpeg.length)]);
    expect(bytes.length).toBe(MAX_UPLOAD_BYTES + 1);
    await expectRejected(processImageUpload(bytes, uploadsDir), 413, UPLOAD_MESSAGES.tooLarge);
    expect(await listUploads()).toEqual([]);
  });

  it('rejects an SVG declared as image/png with 415', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    const bytes = decodeDataUrl(toDataUrl(Buffer.from(svg), 'image/png'));
    await expectRejected(processImageUpload(bytes, uploadsDir), 415, UPLOAD_MESSAGES.unsupportedType);
    expect(await listUploads()).toEqual([]);
  });

  it('rejects HTML bytes with 415', async () => {
    const bytes = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    await expectRejected(processImageUpload(bytes, uploadsDir), 415, UPLOAD_MESSAGES.unsupportedType);
    expect(await listUploads()).toEqual([]);
  });

  it('rejects other image formats (GIF) with 415', async () => {
    const gif = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#000' },
    })
      .gif()
      .toBuffer();
    await expectRejected(processImageUpload(gif, uploadsDir), 415, UPLOAD_MESSAGES.unsupportedType);
  });

  it('rejects an empty file with 400', async () => {
    await expectRejected(processImageUpload(Buffer.alloc(0), uploadsDir), 400, UPLOAD_MESSAGES.empty);
  });

  it('rejects a truncated JPEG with 422 and leaves no file', async () => {
    await mkdir(uploadsDir, { recursive: true });
    const full = await makeImage(800, 600, 'jpeg');
    for (const cut of [2, 1000, Math.floor(full.length / 2)]) {
      const bytes = full.subarray(0, full.length - cut);
      await expectRejected(processImageUpload(bytes, uploadsDir), 422, UPLOAD_MESSAGES.unreadable);
    }
    expect(await listUploads()).toEqual([]);
  });

  it('rejects a truncated PNG and a truncated WebP with 422 and leaves no file', async () => {
    await mkdir(uploadsDir, { recursive: true });
    const png = await makeImage(800, 600, 'png');
    await expectRejected(processImageUpload(png.subarray(0, png.length - 1000), uploadsDir), 422);
    await expectRejected(processImageUpload(png.subarray(0, png.length >> 1), uploadsDir), 422);
    const webp = await makeImage(800, 600, 'webp');
    await expectRejected(processImageUpload(webp.subarray(0, webp.length >> 1), uploadsDir), 422);
    expect(await listUploads()).toEqual([]);
  });

  it('rejects garbage behind a valid magic number with 422', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not really a jpeg'.repeat(20))]);
    await expectRejected(processImageUpload(bytes, uploadsDir), 422, UPLOAD_MESSAGES.unreadable);
    expect(await listUploads()).toEqual([]);
  });

  it('strips metadata: a JPEG comment with a script and EXIF are gone from the output', async () => {
    const jpeg = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#ff0000' },
    })
      .jpeg()
      .withExif({
        IFD0: {
          Copyright: 'secret-owner',
          ImageDescription: 'secret-description',
        },
      })
      .toBuffer();
    const comment = Buffer.from('<script>alert(1)</script>');
    const length = comment.length + 2;
    // COM segment (FF FE, big-endian length including itself) right after SOI.
    const bytes = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]),
      comment,
      jpeg.subarray(2),
    ]);
    expect(bytes.includes('<script>')).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(600); // still a valid JPEG

    const result = await processImageUpload(bytes, uploadsDir);
    expect(result.variants.map((v) => v.width)).toEqual([480, 600]);
    for (const name of await listUploads()) {
      const written = await readFile(path.join(uploadsDir, name));
      expect(written.includes('script')).toBe(false);
      expect(written.includes('secret')).toBe(false);
      const meta = await sharp(written).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('rejects an image over 40 megapixels with the megapixel message and writes nothing', async () => {
    await mkdir(uploadsDir, { recursive: true });
    const bytes = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    expect(bytes.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expectRejected(processImageUpload(bytes, uploadsDir), 422, UPLOAD_MESSAGES.tooManyPixels);
    expect(await listUploads()).toEqual([]);
  });

  it('rejects an image too long and narrow for WebP with 422', async () => {
    const bytes = await sharp({
      create: { width: 480, height: 20000, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    await expectRejected(processImageUpload(bytes, uploadsDir), 422, UPLOAD_MESSAGES.badProportions);
    expect(await listUploads()).toEqual([]);
  });

  it('is idempotent: the same bytes twice give the same answer and no duplicate files', async () => {
    const bytes = await makeImage(1000, 700, 'jpeg');
    const first = await processImageUpload(bytes, uploadsDir);
    const filesAfterFirst = await listUploads();
    const mtimes = await Promise.all(filesAfterFirst.map(async (f) => (await stat(path.join(uploadsDir, f))).mtimeMs));

    const second = await processImageUpload(Buffer.from(bytes), uploadsDir);
    expect(second).toEqual(first);
    expect(await listUploads()).toEqual(filesAfterFirst);
    const mtimesAfter = await Promise.all(
      filesAfterFirst.map(async (f) => (await stat(path.join(uploadsDir, f))).mtimeMs),
    );
    expect(mtimesAfter).toEqual(mtimes);
    await expectOnlyVariantFiles();
  });

  it('restores a missing variant when the same bytes come again', async () => {
    const bytes = await makeImage(1000, 700, 'png');
    const first = await processImageUpload(bytes, uploadsDir);
    await rm(fileOf(first.variants[0]!.url));
    const second = await processImageUpload(bytes, uploadsDir);
    expect(second).toEqual(first);
    expect(await listUploads()).toHaveLength(3);
    await expectOnlyVariantFiles();
  });

  it('different images get different names', async () => {
    const a = await processImageUpload(await makeImage(100, 100, 'png'), uploadsDir);
    const b = await processImageUpload(await makeImage(100, 100, 'png'), uploadsDir);
    expect(a.url).not.toBe(b.url);
    expect(await listUploads()).toHaveLength(2);
  });

  it('writes only inside uploadsDir, under content-hash names', async () => {
    await processImageUpload(await makeImage(2000, 1000, 'jpeg'), uploadsDir);
    await processImageUpload(await makeImage(700, 700, 'png'), uploadsDir);
    await processImageUpload(await makeImage(100, 300, 'webp'), uploadsDir);
    expect(await listUploads()).toHaveLength(3 + 2 + 1);
    await expectOnlyVariantFiles();
  });

  it('removes what it wrote when a write fails, and reports a server error (not a rejection)', async () => {
    const bytes = await makeImage(2000, 1500, 'jpeg');
    const hash = hashOf(bytes);
    // Something that is not a file sits at the largest variant's name: its rename fails.
    await mkdir(path.join(uploadsDir, `${hash}-1600.webp`), {
      recursive: true,
    });

    const error = await processImageUpload(bytes, uploadsDir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UploadRejectedError);
    expect(await listUploads()).toEqual([`${hash}-1600.webp`]);
    expect(await readdir(path.join(uploadsDir, `${hash}-1600.webp`))).toEqual([]);
  });
});
