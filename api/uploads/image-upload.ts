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
import { createHash } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { ALLOWED_IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, type AllowedImageMimeType } from '../../domain/constants';
import {
  jpegIsComplete,
  MAX_UPLOAD_PIXELS,
  sniffImageType,
  UPLOAD_MESSAGES,
  UploadRejectedError,
} from './upload-bytes';
import { variantsFitWebp, variantWidths } from '../../domain/images/upload-rules';
import { uploadStoreFor } from './upload-store';
import { writeFileAtomic } from './atomic-file';

// The byte checks live in upload-bytes.ts (the rules in domain/images, shared with the back office); the route and
// tests import everything from here.
export { decodeDataUrl, MAX_UPLOAD_PIXELS, sniffImageType, UPLOAD_MESSAGES, UploadRejectedError } from './upload-bytes';
export { variantWidths } from '../../domain/images/upload-rules';

const WEBP_QUALITY = 80;
/** URL prefix the route serves `uploadsDir` under. */
export const UPLOADS_URL_PREFIX = '/uploads/';

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

const SHARP_FORMAT_OF: Record<AllowedImageMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// ---------------------------------------------------------------------------------------------------------------
// Processing

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
export async function processImageUpload(
  bytes: Buffer,
  uploadsDir: string,
  /**
   * Records the upload (the route's audit entry) once its files are stored. If it fails, the files this call
   * created are removed again, so an upload the server could not record leaves nothing behind.
   */
  record: (upload: ProcessedUpload) => Promise<unknown> = async () => undefined,
): Promise<ProcessedUpload> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadRejectedError(413, UPLOAD_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new UploadRejectedError(400, UPLOAD_MESSAGES.empty);
  const type = sniffImageType(bytes);
  if (type === null || !ALLOWED_IMAGE_MIME_TYPES.includes(type)) {
    throw new UploadRejectedError(415, UPLOAD_MESSAGES.unsupportedType);
  }

  if (type === 'image/jpeg' && !jpegIsComplete(bytes)) throw new UploadRejectedError(422, UPLOAD_MESSAGES.unreadable);

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
  if (!variantsFitWebp(upright.width, upright.height))
    throw new UploadRejectedError(422, UPLOAD_MESSAGES.badProportions);

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
        const upload = { url: variantUrl(hash, largest), width: stored.width, height: stored.height, variants };
        // Nothing was created here: a failure to record leaves the earlier upload's files as they were.
        await record(upload);
        return upload;
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
  const main = encoded[encoded.length - 1] as (typeof encoded)[number];
  const upload = { url: variantUrl(hash, largest), width: main.width, height: main.height, variants };
  try {
    for (let i = 0; i < encoded.length; i += 1) {
      const file = files[i] as string;
      const variant = encoded[i] as (typeof encoded)[number];
      if (await exists(file)) continue;
      await writeFileAtomic(file, variant.data);
      created.push(file);
    }
    await syncDirectory(dir);
    await uploadStoreFor(dir)?.save(
      encoded.map((variant, i) => ({
        name: path.basename(files[i] as string),
        contentType: 'image/webp',
        data: variant.data,
      })),
    );
    await record(upload);
  } catch (error) {
    await Promise.all(created.map((file) => rm(file, { force: true }).catch(() => undefined)));
    throw error;
  }
  return upload;
}
