/**
 * Responsive image sources. The site's own JPEGs under /images/ have WebP siblings at IMAGE_VARIANT_WIDTHS
 * (`<name>-480.webp`, …, see data-seed/index.ts webpVariant); other images (uploads,
 * absolute URLs) are used as they are.
 */
import { COMMUNITY_IMAGE_PREFIX, DEFAULT_COMMUNITY_IMAGE, IMAGE_VARIANT_WIDTHS } from '@domain/constants';
import { resolveCommunityImage } from '@domain/community-image';

/** `srcset` of the WebP variants of a site JPEG, or undefined when the image has none. */
export function webpSrcSet(src: string): string | undefined {
  if (!/^\/images\/[\w/-]+\.jpe?g$/i.test(src)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${src.replace(/\.jpe?g$/i, `-${width}.webp`)} ${width}w`).join(', ');
}

/** A community image path: default when empty, bare names under /images/communities/ (SPEC §9). */
export const communityImage = (image: string | undefined | null): string =>
  resolveCommunityImage(image, DEFAULT_COMMUNITY_IMAGE, COMMUNITY_IMAGE_PREFIX);

/** A listing photo path: bare names under /images/listings/. */
export const listingImage = (image: string | undefined | null, fallback: string): string =>
  resolveCommunityImage(image, fallback, '/images/listings/');

/** `sizes` of an image in a card grid (1 column on phones, 2 on tablets, 3 up to the 1400 px layout width). */
export const CARD_IMAGE_SIZES = '(min-width: 1100px) 440px, (min-width: 700px) 50vw, 100vw';
