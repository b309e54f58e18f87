/**
 * Widths of an image's WebP variants, smallest first (DESIGN §4 uploads). One list for whatever writes
 * or reads them, so a width written on one side is the width asked for on the other: the siblings data-seed
 * generates next to every seed JPEG, the variants api/uploads stores for an upload (never upscaled), the
 * `srcset`s the pages build (utils/images.ts, features/listings/gallery-sizes.ts) and the offline pack's image
 * list (data/offline-pack.ts).
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
