/**
 * The back office's check of an image's bytes (domain/images/check-image-bytes.ts, through validateImageFile) against
 * the server's own processing (api/uploads/image-upload.ts) on the same real files: what the server refuses for a
 * reason the header shows is refused before upload with the server's message, and nothing the server accepts is
 * ever refused. A file kept offline that the server then refuses parks the record's whole queued write (audit F3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImageUpload, UPLOAD_MESSAGES, UploadRejectedError } from '../../api/uploads/image-upload';
import { checkImageBytes } from '../../domain/images/check-image-bytes';
import { validateImageFile } from '../../web/src/data/repositories/admin/upload';

let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = path.join(await mkdtemp(path.join(tmpdir(), 'check-image-bytes-')), 'uploads');
});
afterAll(async () => {
  await rm(path.dirname(uploadsDir), { recursive: true, force: true });
});

/** The server's answer: null when it stores the image, else its refusal's message. */
async function serverVerdict(bytes: Buffer): Promise<string | null> {
  try {
    await processImageUpload(bytes, uploadsDir);
    return null;
  } catch (error) {
    if (error instanceof UploadRejectedError) return error.message;
    throw error;
  }
}

const noisy = (width: number, height: number, channels: 3 | 4 = 3): Sharp =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 51, g: 102, b: 153, alpha: 0.5 } : '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
const flat = (width: number, height: number): Sharp =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });
const cut = (bytes: Buffer, length: number): Buffer => Buffer.from(bytes.subarray(0, length));

/** Files the server refuses for what their header shows: the check must give the same message. */
async function refusedFiles(): Promise<[string, Buffer, string][]> {
  const jpeg = await noisy(800, 600).jpeg().toBuffer();
  const png = await noisy(800, 600).png().toBuffer();
  const webp = await noisy(800, 600).webp().toBuffer();
  // An 8 × 8 JPEG whose frame header says 8000 × 6000 (upload.test.ts's fixture): refused before any decoding.
  const declared = await flat(8, 8).jpeg({ quality: 1 }).toBuffer();
  const frame = declared.indexOf(Buffer.from([0xff, 0xc0]));
  declared.writeUInt16BE(6000, frame + 5);
  declared.writeUInt16BE(8000, frame + 7);
  return [
    ['48-megapixel JPEG', await flat(8000, 6000).jpeg({ quality: 1 }).toBuffer(), UPLOAD_MESSAGES.tooManyPixels],
    ['small JPEG whose header declares 8000 × 6000', declared, UPLOAD_MESSAGES.tooManyPixels],
    ['42-megapixel PNG', await flat(7000, 6000).png().toBuffer(), UPLOAD_MESSAGES.tooManyPixels],
    [
      '41-megapixel lossless WebP',
      await flat(8200, 5000).webp({ lossless: true }).toBuffer(),
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    ['GIF', await flat(40, 30).gif().toBuffer(), UPLOAD_MESSAGES.unsupportedType],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      UPLOAD_MESSAGES.unsupportedType,
    ],
    ['JPEG cut by 2 bytes', cut(jpeg, jpeg.length - 2), UPLOAD_MESSAGES.unreadable],
    ['JPEG cut in half', cut(jpeg, jpeg.length >> 1), UPLOAD_MESSAGES.unreadable],
    ['JPEG magic number then text', Buffer.from('\xff\xd8\xffnot really a jpeg', 'latin1'), UPLOAD_MESSAGES.unreadable],
    ['PNG cut in half', cut(png, png.length >> 1), UPLOAD_MESSAGES.unreadable],
    ['PNG cut by 1000 bytes', cut(png, png.length - 1000), UPLOAD_MESSAGES.unreadable],
    ['PNG cut inside its header', cut(png, 20), UPLOAD_MESSAGES.unreadable],
    ['PNG cut after its header', cut(png, 33), UPLOAD_MESSAGES.unreadable],
    ['PNG cut inside its last IDAT chunk’s checksum', cut(png, png.length - 14), UPLOAD_MESSAGES.unreadable],
    ['WebP cut in half', cut(webp, webp.length >> 1), UPLOAD_MESSAGES.unreadable],
    ['WebP cut inside its header', cut(webp, 24), UPLOAD_MESSAGES.unreadable],
    ['PNG too long and narrow', await flat(480, 20000).png().toBuffer(), UPLOAD_MESSAGES.badProportions],
    [
      'JPEG too long and narrow once upright (EXIF orientation 6)',
      await flat(20000, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      UPLOAD_MESSAGES.badProportions,
    ],
  ];
}

/** Files the server stores: the check must let every one through. */
async function acceptedFiles(): Promise<[string, Buffer][]> {
  const png = await noisy(300, 200).png().toBuffer();
  return [
    // The image data is whole; only the 12-byte IEND chunk is cut: the decoder does not need it.
    ['PNG cut inside its end chunk', cut(png, png.length - 6)],
    ['JPEG', await noisy(641, 479).jpeg().toBuffer()],
    ['progressive JPEG', await noisy(333, 777).jpeg({ progressive: true }).toBuffer()],
    ['PNG', await noisy(300, 200).png().toBuffer()],
    ['PNG with alpha', await noisy(120, 80, 4).png().toBuffer()],
    ['lossy WebP', await noisy(801, 603).webp().toBuffer()],
    ['lossless WebP', await noisy(97, 211).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha', await noisy(150, 90, 4).webp().toBuffer()],
    ['exactly 40 megapixels', await flat(8000, 5000).jpeg({ quality: 1 }).toBuffer()],
    // Stored 100 × 20000, upright 20000 × 100: the upright image is the one the server checks.
    [
      'long JPEG made wide by EXIF orientation 6',
      await flat(100, 20000).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    ],
    ['WebP with EXIF orientation', await flat(60, 30).webp().withMetadata({ orientation: 6 }).toBuffer()],
    [
      'JPEG with a comment and EXIF',
      await flat(60, 40)
        .jpeg()
        .withExif({ IFD0: { Copyright: 'owner' } })
        .toBuffer(),
    ],
  ];
}

describe('checkImageBytes against the server', () => {
  it('refuses with the server’s message what the server refuses by its header, type or end', async () => {
    for (const [name, bytes, message] of await refusedFiles()) {
      expect(await serverVerdict(bytes), `server: ${name}`).toBe(message);
      expect(checkImageBytes(bytes), `check: ${name}`).toBe(message);
      expect(checkImageBytes(new Uint8Array(bytes)), `check (Uint8Array): ${name}`).toBe(message);
    }
  }, 60_000);

  it('lets through every file the server accepts', async () => {
    for (const [name, bytes] of await acceptedFiles()) {
      expect(await serverVerdict(bytes), `server: ${name}`).toBeNull();
      expect(checkImageBytes(bytes), `check: ${name}`).toBeNull();
    }
  }, 60_000);

  it('lets through what it cannot read for sure: the server remains the judge', async () => {
    // Damaged scan data behind a whole header and end: only the decoder can tell.
    const jpeg = await noisy(400, 300).jpeg().toBuffer();
    const damaged = Buffer.from(jpeg);
    damaged.fill(0xff, jpeg.length - 600, jpeg.length - 300);
    expect(checkImageBytes(damaged)).toBeNull();
    expect([null, UPLOAD_MESSAGES.unreadable]).toContain(await serverVerdict(damaged));
  });
});

describe('validateImageFile', () => {
  it('refuses a 48-megapixel JPEG with the server’s message before it is uploaded or kept', async () => {
    const bytes = await flat(8000, 6000).jpeg({ quality: 1 }).toBuffer();
    const file = new File([new Uint8Array(bytes)], 'big.jpg', { type: 'image/jpeg' });
    expect(file.size).toBeLessThan(1024 * 1024);
    expect(await validateImageFile(file)).toBe('The image is too large in pixels (max 40 megapixels).');
  });

  it('refuses a GIF named .png (declared image/png) with the server’s message', async () => {
    const gif = await flat(40, 30).gif().toBuffer();
    const file = new File([new Uint8Array(gif)], 'photo.png', { type: 'image/png' });
    expect(await validateImageFile(file)).toBe('Only JPG, PNG and WebP images are accepted.');
  });

  it('accepts a JPEG declared as PNG (the server goes by the bytes)', async () => {
    const jpeg = await noisy(64, 48).jpeg().toBuffer();
    expect(await validateImageFile(new File([new Uint8Array(jpeg)], 'photo.png', { type: 'image/png' }))).toBeNull();
  });
});
