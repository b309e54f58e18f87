/**
 * The listing gallery's image sources. `gallerySizes`: the `sizes` of a gallery photo, following the grid in
 * styles/pages.css: on a phone, one photo spans the width, two sit side by side, and of three the first spans the
 * width over the other two; from 900 px the first takes two thirds beside the others. Without this a phone fetched
 * the first of two photos at twice the size it shows (Lighthouse "Properly size images" on the listing page).
 */
import { IMAGE_VARIANT_WIDTHS } from '@domain/constants';
import { webpSrcSet } from '@/utils/images';

export function gallerySizes(count: number, index: number): string {
  if (count === 1) return '100vw';
  if (index === 0) return count === 2 ? '(min-width: 900px) 66vw, 50vw' : '(min-width: 900px) 66vw, 100vw';
  return '(min-width: 900px) 33vw, 50vw';
}

/**
 * `srcset` of a listing photo: a site JPEG's WebP siblings, or an upload's variants read from the URL of its
 * largest (`/uploads/<hash>-<width>.webp`): the server keeps the standard widths below that width, then the width
 * itself (IMAGE_VARIANT_WIDTHS, api/uploads variantWidths). Here rather than in utils/images.ts, whose chunk every community page loads
 * (the 110 KB budget); data/offline-pack.ts lists the same variants for the offline cache.
 */
export function photoSrcSet(src: string): string | undefined {
  const upload = /^(\/uploads\/\w+)-(\d+)\.webp$/.exec(src);
  if (!upload) return webpSrcSet(src);
  const largest = Number(upload[2]);
  return [...IMAGE_VARIANT_WIDTHS.filter((width) => width < largest), largest]
    .map((width) => `${upload[1]}-${width}.webp ${width}w`)
    .join(', ');
}
