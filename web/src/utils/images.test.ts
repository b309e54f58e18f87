import { describe, expect, it } from 'vitest';
import { communityImage, listingImage, webpSrcSet } from './images';

describe('images', () => {
  it('lists the WebP variants of a site JPEG', () => {
    expect(webpSrcSet('/images/communities/emberly.jpg')).toBe(
      '/images/communities/emberly-480.webp 480w, /images/communities/emberly-960.webp 960w, /images/communities/emberly-1600.webp 1600w',
    );
  });

  it('has no variants for uploads and other sites', () => {
    expect(webpSrcSet('/uploads/0123456789abcdef-1600.webp')).toBeUndefined();
    expect(webpSrcSet('https://cdn.example.com/a.jpg')).toBeUndefined();
  });

  it('resolves community images (SPEC §9)', () => {
    expect(communityImage('')).toBe('/images/communities/default.jpg');
    expect(communityImage('indigo.jpg')).toBe('/images/communities/indigo.jpg');
    expect(communityImage('/uploads/x.webp')).toBe('/uploads/x.webp');
    expect(listingImage('3.jpg', '/fallback.jpg')).toBe('/images/listings/3.jpg');
    expect(listingImage(undefined, '/fallback.jpg')).toBe('/fallback.jpg');
  });
});
