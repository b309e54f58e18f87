/**
 * A file's bytes checked the way POST /api/upload checks them (api/uploads/image-upload.ts), before the back office
 * uploads the file or keeps it on the device for a later upload: the type from the magic number, a JPEG's end, the
 * pixel limit and the proportions from the header, in the server's order and with the server's messages. Where the
 * header cannot be read with certainty the file passes: the server remains the judge.
 */
import { readImageHeader } from './image-header';
import {
  IMAGE_UPLOAD_MESSAGES,
  jpegIsComplete,
  sniffImageType,
  variantsFitWebp,
  withinPixelLimit,
} from './upload-rules';

/** The server's message for bytes it would refuse, or null when they may be sent (it may still refuse them). */
export function checkImageBytes(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return IMAGE_UPLOAD_MESSAGES.empty;
  const type = sniffImageType(bytes);
  if (type === null) return IMAGE_UPLOAD_MESSAGES.unsupportedType;
  if (type === 'image/jpeg' && !jpegIsComplete(bytes)) return IMAGE_UPLOAD_MESSAGES.unreadable;

  const header = readImageHeader(bytes, type);
  if (header === undefined) return null;
  if (!header.readable) return IMAGE_UPLOAD_MESSAGES.unreadable;
  const { width, height, orientation } = header;
  if (!withinPixelLimit(width, height)) return IMAGE_UPLOAD_MESSAGES.tooManyPixels;
  // The server checks the upright image; with an orientation not known for sure, only when both ways fail.
  const fits =
    orientation === undefined
      ? variantsFitWebp(width, height) || variantsFitWebp(height, width)
      : orientation >= 5
        ? variantsFitWebp(height, width)
        : variantsFitWebp(width, height);
  if (!fits) return IMAGE_UPLOAD_MESSAGES.badProportions;
  if (header.truncated) return IMAGE_UPLOAD_MESSAGES.unreadable;
  return null;
}
