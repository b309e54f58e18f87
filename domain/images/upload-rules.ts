/**
 * The rules an uploaded image's bytes must meet (DESIGN §4 "Uploads"), shared by the server (api/uploads, which
 * decides) and the back office (web/src/data/repositories/admin/upload.ts, which checks a file the same way before
 * uploading it or keeping it on the device for a later upload): the type from the magic number, a JPEG's end, the
 * pixel limit, the proportions the WebP variants can have, and the server's messages for each refusal.
 * Pure functions of the bytes (a Node Buffer is a Uint8Array), no I/O.
 */
import { IMAGE_VARIANT_WIDTHS, MAX_UPLOAD_BYTES, type AllowedImageMimeType } from '../constants';

/** Largest decoded image accepted, in pixels (width × height): 40 megapixels. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** WebP cannot store a side longer than this. */
export const WEBP_MAX_DIMENSION = 16383;

const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
const MAX_UPLOAD_MEGAPIXELS = Math.round(MAX_UPLOAD_PIXELS / 1_000_000);

/** The server's refusals of an upload (POST /api/upload's `error`); the back office shows the same texts. */
export const IMAGE_UPLOAD_MESSAGES = {
  notADataUrl: 'The file must be sent as a base64 data URL (data:<type>;base64,...).',
  badBase64: 'The file data is not valid base64. Read the file again and retry the upload.',
  empty: 'The file is empty. Choose an image file.',
  tooLarge: `The file is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller image.`,
  unsupportedType: 'Only JPG, PNG and WebP images are accepted.',
  unreadable: 'The image could not be read. It may be damaged; try exporting it again.',
  tooManyPixels: `The image is too large in pixels (max ${MAX_UPLOAD_MEGAPIXELS} megapixels).`,
  badProportions: 'The image is too long and narrow to process. Crop it and try again.',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50] as const; // "WEBP"

/** The image type from the file's magic number; anything but JPEG, PNG and WebP (SVG, HTML, GIF…) is null. */
export function sniffImageType(bytes: Uint8Array): AllowedImageMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

/** Index of the last `first, second` byte pair in `bytes`, or -1 (Buffer#lastIndexOf of a two-byte needle). */
function lastIndexOfPair(bytes: Uint8Array, first: number, second: number): number {
  let from = bytes.length - 2;
  while (from >= 0) {
    const index = bytes.lastIndexOf(first, from);
    if (index < 0) return -1;
    if (bytes[index + 1] === second) return index;
    from = index - 1;
  }
  return -1;
}

/**
 * Whether a JPEG's last scan is followed by its end-of-image marker. libjpeg reports a missing end as a warning,
 * not an error, so a file cut inside its last bytes could decode (grey at the bottom) and be stored; it happened
 * under load. Scan data never holds FF D9 (an FF there is followed by 00 or a restart marker), and an EXIF
 * thumbnail's end comes before the main image's last scan, so the end must come after the last start of scan.
 */
export function jpegIsComplete(bytes: Uint8Array): boolean {
  const lastScan = lastIndexOfPair(bytes, 0xff, 0xda);
  return lastScan > 0 && lastIndexOfPair(bytes, 0xff, 0xd9) > lastScan;
}

/** Whether an image of `width` × `height` pixels is within the pixel limit. */
export function withinPixelLimit(width: number, height: number): boolean {
  return width * height <= MAX_UPLOAD_PIXELS;
}

/** The variant widths for an image `width` pixels wide (upright): the standard widths that fit, or the original. */
export function variantWidths(width: number): number[] {
  const fitting = IMAGE_VARIANT_WIDTHS.filter((w) => w <= width);
  // Keep the original width as the largest variant when it falls between the standard widths (a 1200 px photo
  // is served at 1200, not downscaled to 960); never upscale.
  const largestStandard = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
  return width < largestStandard && !fitting.some((w) => w === width) ? [...fitting, width] : fitting;
}

/** Whether every WebP variant of an upright `width` × `height` image fits WebP's largest side. */
export function variantsFitWebp(width: number, height: number): boolean {
  const tallest = Math.max(...variantWidths(width).map((w) => Math.round((height * w) / width)));
  return !(tallest > WEBP_MAX_DIMENSION);
}
