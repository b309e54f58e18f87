/**
 * What an upload's bytes are, before anything is decoded as an image: the data URL parsed and size-checked from
 * its text (no oversized buffer is ever allocated), the type taken from the file's magic number (never from what
 * the client declares), and the refusals a client gets, with their messages.
 */
import { MAX_UPLOAD_BYTES, type AllowedImageMimeType } from '../../domain/constants';

/** Largest decoded image accepted, in pixels (width × height): 40 megapixels. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

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

const JPEG_START_OF_SCAN = Buffer.from([0xff, 0xda]);
const JPEG_END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

/**
 * Whether a JPEG's last scan is followed by its end-of-image marker. libjpeg reports a missing end as a warning,
 * not an error, so a file cut inside its last bytes could decode (grey at the bottom) and be stored; it happened
 * under load. Scan data never holds FF D9 (an FF there is followed by 00 or a restart marker), and an EXIF
 * thumbnail's end comes before the main image's last scan, so the end must come after the last start of scan.
 */
export function jpegIsComplete(bytes: Buffer): boolean {
  const lastScan = bytes.lastIndexOf(JPEG_START_OF_SCAN);
  return lastScan > 0 && bytes.lastIndexOf(JPEG_END_OF_IMAGE) > lastScan;
}
