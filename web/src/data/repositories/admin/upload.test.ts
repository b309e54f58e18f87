import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@domain/constants';
import { toDataUrl, UPLOAD_MESSAGES, validateImageFile } from './upload';

/** A real 8 × 8 JPEG (sharp, quality 1), 266 bytes. */
const JPEG_8X8 =
  '/9j/2wBDAP//////////////////////////////////////////////////////////////////////////////////////2wBDAf/////////' +
  '/////////////////////////////////////////////////////////////////////////////wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAA' +
  'AAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAM' +
  'AwEAAhEDEQA/AIAQ/9k=';
/** A real 1 × 1 GIF (sharp), 43 bytes. */
const GIF_1X1 = 'R0lGODlhAQABAIAAAExpcTNmmSH5BAUAAAAALAAAAAABAAEAAAICTAEAOw==';
/** Offset of the JPEG's frame header (FF C0): length (2), precision (1), height (2), width (2). */
const JPEG_8X8_SOF = 140;

const bytesOf = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** The 8 × 8 JPEG with the size its frame header declares changed: what a decoder reads (and sharp does). */
function jpegDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = bytesOf(JPEG_8X8);
  const view = new DataView(bytes.buffer);
  expect(view.getUint16(JPEG_8X8_SOF)).toBe(0xffc0);
  view.setUint16(JPEG_8X8_SOF + 5, height);
  view.setUint16(JPEG_8X8_SOF + 7, width);
  return bytes;
}

describe('validateImageFile', () => {
  it('accepts JPG, PNG and WebP up to 5 MB', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/jpg', 'IMAGE/PNG']) {
      expect(await validateImageFile({ type, size: 1000 })).toBeNull();
    }
    expect(await validateImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses what is not an image with the SPEC text', async () => {
    expect(await validateImageFile({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
    expect(await validateImageFile({ type: '', size: 10 })).toBe('Please select an image file');
  });

  it('refuses other image types, files over 5 MB and empty files with clear messages', async () => {
    expect(await validateImageFile({ type: 'image/gif', size: 10 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await validateImageFile({ type: 'image/svg+xml', size: 10 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await validateImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await validateImageFile({ type: 'image/jpeg', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
  });

  // A file the server would refuse must not be kept on the device (offline) for a later upload: the refusal at
  // sync would park the record's whole queued write (audit F3). Same rules and messages as the server's.
  describe('checks the bytes as the server does', () => {
    it('accepts a real JPEG, even declared as PNG (the server goes by the bytes)', async () => {
      expect(await validateImageFile(new File([bytesOf(JPEG_8X8)], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
      expect(await validateImageFile(new Blob([bytesOf(JPEG_8X8)], { type: 'image/png' }))).toBeNull();
      expect(await validateImageFile(new File([jpegDeclaring(8000, 5000)], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    });

    it('refuses a 48-megapixel JPEG (8000 × 6000) with the server’s message', async () => {
      const file = new File([jpegDeclaring(8000, 6000)], 'big.jpg', { type: 'image/jpeg' });
      expect(file.size).toBe(266);
      expect(await validateImageFile(file)).toBe('The image is too large in pixels (max 40 megapixels).');
    });

    it('refuses a GIF declared as image/png with the server’s message', async () => {
      const file = new File([bytesOf(GIF_1X1)], 'photo.png', { type: 'image/png' });
      expect(await validateImageFile(file)).toBe('Only JPG, PNG and WebP images are accepted.');
    });

    it('refuses an SVG declared as image/png and a cut JPEG with the server’s messages', async () => {
      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' });
      expect(await validateImageFile(svg)).toBe('Only JPG, PNG and WebP images are accepted.');
      const cut = bytesOf(JPEG_8X8).subarray(0, 200);
      expect(await validateImageFile(new Blob([cut], { type: 'image/jpeg' }))).toBe(
        'The image could not be read. It may be damaged; try exporting it again.',
      );
    });
  });
});

describe('toDataUrl', () => {
  it('encodes the bytes as a base64 data URL of the file’s type', async () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 256);
    const url = await toDataUrl(new Blob([bytes], { type: 'image/png' }));
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(new Uint8Array(Buffer.from(url.split(',')[1]!, 'base64'))).toEqual(bytes);
  });
});
