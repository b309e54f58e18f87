/**
 * What an upload's bytes are, before anything is decoded as an image: the data URL parsed and size-checked from
 * its text (no oversized buffer is ever allocated), the type taken from the file's magic number (never from what
 * the client declares), and the refusals a client gets, with their messages.
 */
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { IMAGE_UPLOAD_MESSAGES as UPLOAD_MESSAGES } from '../../domain/images/upload-rules';

// The byte rules (type, JPEG end, pixel limit, messages) are shared with the back office's check before an upload.
export {
  IMAGE_UPLOAD_MESSAGES as UPLOAD_MESSAGES,
  jpegIsComplete,
  MAX_UPLOAD_PIXELS,
  sniffImageType,
} from '../../domain/images/upload-rules';

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
