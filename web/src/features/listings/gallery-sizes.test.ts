import { describe, expect, it } from 'vitest';
import { gallerySizes, photoSrcSet } from './gallery-sizes';

describe('gallerySizes', () => {
  it('on a phone: one photo full width, two side by side, three with the first full width', () => {
    expect(gallerySizes(1, 0)).toBe('100vw');
    expect(gallerySizes(2, 0)).toBe('(min-width: 900px) 66vw, 50vw');
    expect(gallerySizes(2, 1)).toBe('(min-width: 900px) 33vw, 50vw');
    expect(gallerySizes(3, 0)).toBe('(min-width: 900px) 66vw, 100vw');
    expect(gallerySizes(3, 2)).toBe('(min-width: 900px) 33vw, 50vw');
  });
});

describe('photoSrcSet', () => {
  it("lists an upload's stored widths from the URL of its largest, never a width larger than it", () => {
    expect(photoSrcSet('/uploads/ab12-1600.webp')).toBe(
      '/uploads/ab12-480.webp 480w, /uploads/ab12-960.webp 960w, /uploads/ab12-1600.webp 1600w',
    );
    expect(photoSrcSet('/uploads/ab12-1200.webp')).toBe(
      '/uploads/ab12-480.webp 480w, /uploads/ab12-960.webp 960w, /uploads/ab12-1200.webp 1200w',
    );
    expect(photoSrcSet('/uploads/ab12-960.webp')).toBe('/uploads/ab12-480.webp 480w, /uploads/ab12-960.webp 960w');
    expect(photoSrcSet('/uploads/ab12-64.webp')).toBe('/uploads/ab12-64.webp 64w');
  });

  it('gives a site JPEG its WebP siblings and other images none', () => {
    expect(photoSrcSet('/images/listings/a.jpg')).toContain('/images/listings/a-960.webp 960w');
    expect(photoSrcSet('https://example.com/a.webp')).toBeUndefined();
    expect(photoSrcSet('/uploads/../x-960.webp')).toBeUndefined();
  });
});
