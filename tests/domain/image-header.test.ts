/**
 * The shared upload rules and the header parser of domain/images, on real images made with sharp (the server's
 * decoder): sizes as sharp reads them, EXIF orientation, cut files, and types the server refuses.
 */
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../domain/images/image-header';
import {
  jpegIsComplete,
  sniffImageType,
  variantsFitWebp,
  variantWidths,
  withinPixelLimit,
} from '../../domain/images/upload-rules';

type Format = 'jpeg' | 'png' | 'webp';

/** A noisy image (so it does not compress to nothing). */
function noisy(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 51, g: 102, b: 153, alpha: 0.5 } : '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

const image = (width: number, height: number, format: Format): Promise<Buffer> =>
  noisy(width, height).toFormat(format).toBuffer();

const flat = (width: number, height: number): Sharp =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

const riffChunk = (bytes: Buffer): string => bytes.toString('latin1', 12, 16);

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their magic numbers, from a Uint8Array as from a Buffer', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const bytes = await image(10, 10, format);
      expect(sniffImageType(bytes)).toBe(type);
      expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
    }
  });

  it('refuses a GIF (even named .png), SVG, other RIFF files and cut magic numbers', async () => {
    const gif = await flat(10, 10).gif().toBuffer();
    expect(gif.toString('latin1', 0, 6)).toBe('GIF89a');
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('jpegIsComplete', () => {
  it('is true for a whole JPEG (baseline or progressive) and false once its end is cut', async () => {
    for (const bytes of [await image(300, 200, 'jpeg'), await noisy(300, 200).jpeg({ progressive: true }).toBuffer()]) {
      expect(jpegIsComplete(bytes)).toBe(true);
      expect(jpegIsComplete(new Uint8Array(bytes))).toBe(true);
      for (const cut of [1, 2, 100, bytes.length >> 1])
        expect(jpegIsComplete(bytes.subarray(0, bytes.length - cut))).toBe(false);
    }
    expect(jpegIsComplete(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe(false);
  });
});

describe('pixel and proportion limits', () => {
  it('allows 40 megapixels and not one pixel more', () => {
    expect(withinPixelLimit(8000, 5000)).toBe(true);
    expect(withinPixelLimit(8000, 5001)).toBe(false);
    expect(withinPixelLimit(8000, 6000)).toBe(false);
  });

  it('refuses an image whose WebP variants would be taller than WebP allows', () => {
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantsFitWebp(480, 16383)).toBe(true);
    expect(variantsFitWebp(480, 16384)).toBe(false);
    expect(variantsFitWebp(100, 20000)).toBe(false);
    expect(variantsFitWebp(20000, 100)).toBe(true);
    // Wider than 1600: the largest variant is 1600 wide, 40000 × 1600 / 4000 = 16000 tall; 41000 gives 16400.
    expect(variantsFitWebp(4000, 40000)).toBe(true);
    expect(variantsFitWebp(4000, 41000)).toBe(false);
  });
});

describe('readImageHeader', () => {
  it('reads the size sharp reads from a JPEG (baseline, progressive), a PNG and WebP (lossy, lossless, alpha)', async () => {
    const files: [string, Buffer][] = [
      ['jpeg', await image(641, 479, 'jpeg')],
      ['progressive jpeg', await noisy(333, 777).jpeg({ progressive: true }).toBuffer()],
      ['png', await image(300, 17, 'png')],
      ['png with alpha', await noisy(123, 45, 4).png().toBuffer()],
      ['webp lossy', await image(801, 603, 'webp')],
      ['webp lossless', await noisy(97, 211).webp({ lossless: true }).toBuffer()],
      ['webp with alpha', await noisy(150, 90, 4).webp().toBuffer()],
      ['webp lossless with alpha', await noisy(16383, 2, 4).webp({ lossless: true }).toBuffer()],
    ];
    for (const [name, bytes] of files) {
      const type = sniffImageType(bytes)!;
      const meta = await sharp(bytes).metadata();
      expect(readImageHeader(bytes, type), name).toEqual({
        readable: true,
        width: meta.width,
        height: meta.height,
        orientation: 1,
        truncated: false,
      });
    }
    // The three WebP layouts are all covered.
    expect(riffChunk(files[4]![1])).toBe('VP8 ');
    expect(riffChunk(files[5]![1])).toBe('VP8L');
    expect(riffChunk(files[6]![1])).toBe('VP8X');
  });

  it('reads a 48-megapixel JPEG of a few hundred KB', async () => {
    const bytes = await flat(8000, 6000).jpeg({ quality: 1 }).toBuffer();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(readImageHeader(bytes, 'image/jpeg')).toMatchObject({ width: 8000, height: 6000 });
  });

  it('reads the EXIF orientation of a JPEG, behind other segments (a comment, EXIF fields)', async () => {
    const rotated = await flat(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(rotated).metadata()).autoOrient).toEqual({ width: 100, height: 200 });
    expect(readImageHeader(rotated, 'image/jpeg')).toMatchObject({ width: 200, height: 100, orientation: 6 });

    const described = await flat(60, 40)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'owner', ImageDescription: 'a house' } })
      .withMetadata({ orientation: 8 })
      .toBuffer();
    const comment = Buffer.from('a comment');
    const withComment = Buffer.concat([
      described.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0, comment.length + 2]),
      comment,
      described.subarray(2),
    ]);
    expect((await sharp(withComment).metadata()).orientation).toBe(8);
    expect(readImageHeader(withComment, 'image/jpeg')).toMatchObject({ width: 60, height: 40, orientation: 8 });
  });

  it('says the orientation is unknown for a WebP that carries EXIF', async () => {
    const bytes = await flat(50, 20).webp().withMetadata({ orientation: 6 }).toBuffer();
    expect(riffChunk(bytes)).toBe('VP8X');
    expect(readImageHeader(bytes, 'image/webp')).toMatchObject({ width: 50, height: 20, orientation: undefined });
  });

  it('says a cut PNG is truncated, and a cut WebP or a PNG without its header unreadable', async () => {
    const png = await image(800, 600, 'png');
    for (const length of [png.length - 1000, png.length >> 1, 100]) {
      expect(readImageHeader(png.subarray(0, length), 'image/png')).toMatchObject({ readable: true, truncated: true });
    }
    expect(readImageHeader(png.subarray(0, 24), 'image/png')).toEqual({ readable: false });
    const webp = await image(800, 600, 'webp');
    expect(readImageHeader(webp.subarray(0, webp.length >> 1), 'image/webp')).toEqual({ readable: false });
    expect(readImageHeader(webp.subarray(0, 20), 'image/webp')).toEqual({ readable: false });
  });

  it('is not sure (undefined) of a JPEG whose markers it cannot walk', () => {
    const garbage = new TextEncoder().encode('not really a jpeg'.repeat(20));
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, ...garbage]), 'image/jpeg')).toBeUndefined();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
  });
});
