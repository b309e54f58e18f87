import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@domain/constants';
import { toDataUrl, UPLOAD_MESSAGES, validateImageFile } from './upload';

describe('validateImageFile', () => {
  it('accepts JPG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/jpg', 'IMAGE/PNG']) {
      expect(validateImageFile({ type, size: 1000 })).toBeNull();
    }
    expect(validateImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses what is not an image with the SPEC text', () => {
    expect(validateImageFile({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
    expect(validateImageFile({ type: '', size: 10 })).toBe('Please select an image file');
  });

  it('refuses other image types, files over 5 MB and empty files with clear messages', () => {
    expect(validateImageFile({ type: 'image/gif', size: 10 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(validateImageFile({ type: 'image/svg+xml', size: 10 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(validateImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(validateImageFile({ type: 'image/jpeg', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
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
