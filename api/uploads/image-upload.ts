/**
 * Image upload processing (DESIGN §4 "Uploads", SPEC §7 POST /api/upload).
 *
 * The route hands over the raw bytes (from a data URL or a multipart part); this module decides everything else:
 * - the size limit (MAX_UPLOAD_BYTES, decoded) and the type, taken from the bytes (JPEG, PNG, WebP only);
 * - decoding with sharp under a pixel limit, rejecting damaged or truncated files;
 * - re-encoding to WebP at a few widths for `srcset`, rotated upright by EXIF, with every piece of metadata
 *   (EXIF, GPS, ICC, XMP, comments) dropped;
 * - file names from the SHA-256 of the original bytes, so nothing a client sends ever becomes a path and the
 *   same upload twice gives the same URL;
 * - atomic, fsynced writes (temp file in the same folder, then rename), leaving no file behind on failure;
 * - with STORAGE=postgres, the same files stored in the database too (upload-store.ts) before the answer, so that
 *   every instance can serve them; a failure there fails the upload and removes the files written for it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { ALLOWED_IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, type AllowedImageMimeType } from '../../domain/constants';
import { uploadStoreFor } from './upload-store';

/** Widths of the WebP variants, smallest first. Never upscaled (see `variantWidths`). */
export const UPLOAD_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** Largest decoded image accepted, in pixels (width × height): 40 megapixels. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** WebP cannot store a side longer than this. */
const WEBP_MAX_DIMENSION = 16383;
const WEBP_QUALITY = 80;
/** URL prefix the route serves `uploadsDir` under. */
export const UPLOADS_URL_PREFIX = '/uploads/';

const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
const MAX_UPLOAD_MEGAPIXELS = Math.round(MAX_UPLOAD_PIXELS / 1_000_000);

export const UPLOAD_MESSAGES = {
  notADataUrl: 'The file must be sent as a base64 data URL (data:<type>;base64,...).',
  badBase64: 'The file data is not valid base64. Read the file again and retry the upload.',
  empty: 'The file is empty. Choose an image file.',
  tooLarge: `The file is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller image.`,
  unsupportedType: 'Only JPG, PNG and WebP images are accepted.',
  unreadable: 'The image could not be read. It may be damaged; try exporting it again.',
  tooManyPixels: `The image is too large in pixels (max ${MAX_UPLOAD_MEGAPIXELS} megapixels).`,
  badProportions: 'The image is too long and narrow to process. Crop it and try again.',
} as const;

/** A client error: the upload is refused with this status and message; nothing has been written. */
export class UploadRejectedError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejectedError';
  }
}

export interface UploadVariant {
  width: number;
  url: string;
}

export interface ProcessedUpload {
  /** The largest variant. */
  url: string;
  /** Size of the largest variant, upright. */
  width: number;
  height: number;
  /** Every variant, smallest first (for `srcset`). */
  variants: UploadVariant[];
}

// ---------------------------------------------------------------------------------------------------------------
// Data URL

const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;
const WHITESPACE = /[\t\n\f\r ]/g;
/** Longest base64 text (without whitespace) whose decoded size can still be within the limit. */
const MAX_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/** Decoded size of a base64 text (padded or not) without decoding it. */
function decodedLength(base64: string): number {
  let padding = 0;
  if (base64.endsWith('==')) padding = 2;
  else if (base64.endsWith('=')) padding = 1;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * Parses `data:<mime>[;param=value]*;base64,<data>` into bytes. The declared mime type is ignored: the type is
 * decided from the bytes (`sniffImageType`). The size is checked from the text's length before anything is
 * decoded, so an oversized upload never allocates its decoded buffer.
 */
export function decodeDataUrl(dataUrl: string): Buffer {
  if (typeof dataUrl !== 'string' || dataUrl.slice(0, 5).toLowerCase() !== 'data:') {
    throw new UploadRejectedError(400, UPLOAD_MESSAGES.notADataUrl);
  }
  const comma = dataUrl.indexOf(',');
  if (comma < 0) throw new UploadRejectedError(400, UPLOAD_MESSAGES.notADataUrl);
  const header = dataUrl.slice(5, comma);
  if (!/;base64$/i.test(header) || header.length > 256) {
    throw new UploadRejectedError(400, UPLOAD_MESSAGES.notADataUrl);
  }

  const rawLength = dataUrl.length - comma - 1;
  // Cheap guard before touching the text: even generous line wrapping cannot make this fit.
  if (rawLength > MAX_BASE64_CHARS * 2) throw new UploadRejectedError(413, UPLOAD_MESSAGES.tooLarge);

  let base64 = dataUrl.slice(comma + 1);
  if (/[\t\n\f\r ]/.test(base64)) base64 = base64.replace(WHITESPACE, '');
  if (base64.length === 0) throw new UploadRejectedError(400, UPLOAD_MESSAGES.empty);
  if (base64.length % 4 === 1 || !BASE64_BODY.test(base64)) {
    throw new UploadRejectedError(400, UPLOAD_MESSAGES.badBase64);
  }
  if (decodedLength(base64) > MAX_UPLOAD_BYTES) throw new UploadRejectedError(413, UPLOAD_MESSAGES.tooLarge);

  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new UploadRejectedError(400, UPLOAD_MESSAGES.empty);
  return bytes;
}

// ---------------------------------------------------------------------------------------------------------------
// Type

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's magic number; anything but JPEG, PNG and WebP (SVG, HTML, GIF…) is null. */
export function sniffImageType(bytes: Buffer): AllowedImageMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const SHARP_FORMAT_OF: Record<AllowedImageMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// ---------------------------------------------------------------------------------------------------------------
// Processing

/** The variant widths for an image `width` pixels wide (upright): the standard widths that fit, or the original. */
export function variantWidths(width: number): number[] {
  const fitting = UPLOAD_VARIANT_WIDTHS.filter((w) => w <= width);
  // Keep the original width as the largest variant when it falls between the standard widths (a 1200 px photo
  // is served at 1200, not downscaled to 960); never upscale.
  const largestStandard = UPLOAD_VARIANT_WIDTHS[UPLOAD_VARIANT_WIDTHS.length - 1]!;
  return width < largestStandard && !fitting.some((w) => w === width) ? [...fitting, width] : fitting;
}

const variantName = (hash: string, width: number): string => `${hash}-${width}.webp`;
const variantUrl = (hash: string, width: number): string => `${UPLOADS_URL_PREFIX}${variantName(hash, width)}`;

/** Decoder options for untrusted input: pixel limit, and abort on any decoding error (truncated data included). */
const DECODE_OPTIONS = {
  failOn: 'error',
  limitInputPixels: MAX_UPLOAD_PIXELS,
} as const;

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Writes `data` to `file` atomically: temp file in the same folder, fsync, rename. Records what it creates. */
async function writeFileAtomic(file: string, data: Buffer, created: string[]): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  created.push(temp);
  // Owner-only, like every file under the data folder: the server itself serves uploads.
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  created.splice(created.indexOf(temp), 1, file);
}

/** Makes the renames durable. Best effort: some platforms cannot fsync a directory. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported here (e.g. Windows); the files themselves are fsynced.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Validates, re-encodes and stores one uploaded image. Throws `UploadRejectedError` for anything the client can
 * fix (size, type, damaged file, too many pixels); other errors (disk full…) are server errors. Either way no file
 * is left behind. Idempotent: the same bytes again reuse the stored files and give the same answer.
 */
export async function processImageUpload(bytes: Buffer, uploadsDir: string): Promise<ProcessedUpload> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadRejectedError(413, UPLOAD_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new UploadRejectedError(400, UPLOAD_MESSAGES.empty);
  const type = sniffImageType(bytes);
  if (type === null || !ALLOWED_IMAGE_MIME_TYPES.includes(type)) {
    throw new UploadRejectedError(415, UPLOAD_MESSAGES.unsupportedType);
  }

  // Header only: dimensions and format, before any pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: false,
    }).metadata();
  } catch {
    throw new UploadRejectedError(422, UPLOAD_MESSAGES.unreadable);
  }
  if (metadata.format !== SHARP_FORMAT_OF[type] || !metadata.width || !metadata.height) {
    throw new UploadRejectedError(422, UPLOAD_MESSAGES.unreadable);
  }
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) {
    throw new UploadRejectedError(422, UPLOAD_MESSAGES.tooManyPixels);
  }
  const upright = metadata.autoOrient ?? {
    width: metadata.width,
    height: metadata.height,
  };
  const widths = variantWidths(upright.width);
  const tallest = Math.max(...widths.map((w) => Math.round((upright.height * w) / upright.width)));
  if (tallest > WEBP_MAX_DIMENSION) throw new UploadRejectedError(422, UPLOAD_MESSAGES.badProportions);

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const dir = path.resolve(uploadsDir);
  const files = widths.map((w) => path.join(dir, variantName(hash, w)));
  const largest = widths[widths.length - 1] as number;
  const largestFile = files[files.length - 1] as string;
  const variants = widths.map((w) => ({ width: w, url: variantUrl(hash, w) }));

  await mkdir(dir, { recursive: true, mode: 0o700 });

  // Already stored (the final names only ever appear complete, by rename): answer from the stored files.
  if ((await Promise.all(files.map(exists))).every(Boolean)) {
    try {
      const stored = await sharp(largestFile).metadata();
      if (stored.format === 'webp' && stored.width === largest && stored.height) {
        return {
          url: variantUrl(hash, largest),
          width: stored.width,
          height: stored.height,
          variants,
        };
      }
    } catch {
      // Unreadable stored file: fall through and write it again.
    }
  }

  // Decode and encode every variant in memory first: a damaged file is refused before anything is written.
  const encoded: { width: number; height: number; data: Buffer }[] = [];
  try {
    for (const width of widths) {
      const { data, info } = await sharp(bytes, DECODE_OPTIONS)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      encoded.push({ width: info.width, height: info.height, data });
    }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new UploadRejectedError(422, UPLOAD_MESSAGES.tooManyPixels);
    }
    throw new UploadRejectedError(422, UPLOAD_MESSAGES.unreadable);
  }

  // Write: temp + fsync + rename per missing variant (a stored one is complete and identical, so it is kept);
  // on any failure remove what this call created, and only that.
  const created: string[] = [];
  try {
    for (let i = 0; i < encoded.length; i += 1) {
      const file = files[i] as string;
      const variant = encoded[i] as (typeof encoded)[number];
      if (await exists(file)) continue;
      await writeFileAtomic(file, variant.data, created);
    }
    await syncDirectory(dir);
    await uploadStoreFor(dir)?.save(
      encoded.map((variant, i) => ({
        name: path.basename(files[i] as string),
        contentType: 'image/webp',
        data: variant.data,
      })),
    );
  } catch (error) {
    await Promise.all(created.map((file) => rm(file, { force: true }).catch(() => undefined)));
    throw error;
  }

  const main = encoded[encoded.length - 1] as (typeof encoded)[number];
  return {
    url: variantUrl(hash, largest),
    width: main.width,
    height: main.height,
    variants,
  };
}
