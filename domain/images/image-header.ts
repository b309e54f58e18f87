/**
 * An image's size from its header bytes, without decoding it (no DOM, no canvas): PNG's IHDR, a JPEG's SOFn marker,
 * WebP's VP8 / VP8L / VP8X chunk. Used to check a file the way the server will (check-image-bytes.ts) before the
 * back office uploads it or keeps it on the device.
 *
 * Three answers, because the server stays the judge: the size (with the EXIF orientation when it is known), or
 * "unreadable" only where the server's decoder (libvips through sharp) certainly refuses the header too, or
 * undefined when this parser is not sure (a rare layout, a marker it does not know): then the file is let through.
 */
import type { AllowedImageMimeType } from '../constants';

export interface ImageHeader {
  readable: true;
  /** Stored size (before any EXIF rotation), as the decoder reads it. */
  width: number;
  height: number;
  /**
   * EXIF orientation (1–8; 5–8 swap width and height), 1 without EXIF; undefined when the file carries EXIF this
   * parser does not read with certainty.
   */
  orientation: number | undefined;
  /** The image data is cut short (a PNG ending inside its pixel data): the header reads, the decoding fails. */
  truncated: boolean;
}

export type ImageHeaderReading = ImageHeader | { readable: false } | undefined;

const UNREADABLE = { readable: false } as const;

const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number): number => b[at]! * 0x1000000 + ((b[at + 1]! << 16) | u16be(b, at + 2));
const u32le = (b: Uint8Array, at: number): number => u24le(b, at) + b[at + 3]! * 0x1000000;
const fourcc = (b: Uint8Array, at: number): string => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The size of a JPEG, PNG or WebP (as sniffed by `sniffImageType`) from its header bytes. */
export function readImageHeader(bytes: Uint8Array, type: AllowedImageMimeType): ImageHeaderReading {
  switch (type) {
    case 'image/png':
      return readPng(bytes);
    case 'image/webp':
      return readWebp(bytes);
    case 'image/jpeg':
      return readJpeg(bytes);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PNG: signature, then IHDR (the first chunk, by the spec): width and height, big-endian, 1 to 2^31 - 1.

const PNG_MAX_SIDE = 0x7fffffff;

function readPng(bytes: Uint8Array): ImageHeaderReading {
  // Signature (8) + IHDR length (4) + type (4) + 13 bytes of data + CRC (4).
  if (bytes.length < 33) return UNREADABLE;
  if (fourcc(bytes, 12) !== 'IHDR' || u32be(bytes, 8) !== 13) return UNREADABLE;
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  if (width === 0 || height === 0 || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return UNREADABLE;

  // Walk the chunks: an eXIf chunk may rotate the image; a file cut before the image data is refused as the
  // decoder reads the header, one cut inside an IDAT chunk (or without any) when it decodes the pixels. A file
  // cut after the image data (inside IEND) decodes, and a cut chunk header after an IDAT may be either: let through.
  let exif = false;
  let idatSeen = false;
  let idatDone = false;
  let truncated = false;
  let at = 8;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) {
      if (!idatSeen) return UNREADABLE;
      break;
    }
    const length = u32be(bytes, at);
    const name = fourcc(bytes, at + 4);
    if (name === 'IDAT') idatSeen = true;
    else if (idatSeen) idatDone = true;
    if (name === 'eXIf') exif = true;
    if (at + 12 + length > bytes.length) {
      if (!idatSeen) return UNREADABLE;
      truncated = !idatDone;
      break;
    }
    if (name === 'IEND') break;
    at += 12 + length;
  }
  return {
    readable: true,
    width,
    height,
    orientation: exif ? undefined : 1,
    truncated: truncated || !idatSeen,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// WebP: RIFF header, then VP8 (lossy), VP8L (lossless) or VP8X (extended: canvas size, flags) as the first chunk.

const WEBP_EXIF_FLAG = 0x08;

function readWebp(bytes: Uint8Array): ImageHeaderReading {
  if (bytes.length < 30) return UNREADABLE;
  // libwebp's demuxer (which libvips uses) refuses a file shorter than its RIFF size says: a cut file.
  if (u32le(bytes, 4) + 8 > bytes.length) return UNREADABLE;
  const chunk = fourcc(bytes, 12);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 scaling bits on top).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    const width = u16le(bytes, 26) & 0x3fff;
    const height = u16le(bytes, 28) & 0x3fff;
    if (width === 0 || height === 0) return undefined;
    return { readable: true, width, height, orientation: 1, truncated: false };
  }
  if (chunk === 'VP8L') {
    // Signature 2F, then width - 1 and height - 1 in 14 bits each, little-endian bit order.
    if (bytes[20] !== 0x2f) return undefined;
    const bits = u32le(bytes, 21);
    return {
      readable: true,
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      orientation: 1,
      truncated: false,
    };
  }
  if (chunk === 'VP8X') {
    // Flags (1 byte), reserved (3), canvas width - 1 and height - 1 (24 bits each, little-endian).
    const exif = (bytes[20]! & WEBP_EXIF_FLAG) !== 0;
    return {
      readable: true,
      width: u24le(bytes, 24) + 1,
      height: u24le(bytes, 27) + 1,
      orientation: exif ? undefined : 1,
      truncated: false,
    };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// JPEG: the markers up to the first scan: the frame header (SOFn) for the size, APP1 "Exif" for the orientation.

/** Frame types libjpeg-turbo decodes: baseline, extended, progressive, and their arithmetic-coded forms. */
const DECODED_FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca]);
/** Every other start-of-frame marker (lossless, hierarchical…): the decoder may refuse them; let the server say. */
const OTHER_FRAMES = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xcb, 0xcd, 0xce, 0xcf]);
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00] as const; // "Exif\0\0"

function readJpeg(bytes: Uint8Array): ImageHeaderReading {
  let size: { width: number; height: number } | undefined;
  let orientation: number | undefined = 1;
  let exifSegments = 0;
  let at = 2;
  while (at + 1 < bytes.length) {
    // A marker: FF (any number of fill FFs), then its code. Anything else here is left to the server.
    if (bytes[at] !== 0xff) return undefined;
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1];
    if (marker === undefined) return undefined;
    at += 2;
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // End of image, a second start, or a stuffed byte before any scan: an odd file; the server decides.
    if (marker === 0xd9 || marker === 0xd8 || marker === 0x00) return undefined;
    if (marker === 0xda) break;
    if (at + 2 > bytes.length) return undefined;
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) return undefined;
    const segment = at + 2;
    if (DECODED_FRAMES.has(marker)) {
      if (size) return undefined; // Two frame headers: left to the server.
      if (length < 7) return undefined;
      const height = u16be(bytes, segment + 1);
      const width = u16be(bytes, segment + 3);
      // A height of 0 (announced later by a DNL marker) or a width of 0: left to the server.
      if (width === 0 || height === 0) return undefined;
      size = { width, height };
    } else if (OTHER_FRAMES.has(marker)) {
      return undefined;
    } else if (marker === 0xe1 && length >= 6 && bytes[segment] === 0x45 && fourcc(bytes, segment) === 'Exif') {
      exifSegments += 1;
      const tiff = segment + EXIF_HEADER.length;
      const complete = EXIF_HEADER.every((byte, index) => bytes[segment + index] === byte);
      orientation = complete ? exifOrientation(bytes, tiff, at + length) : undefined;
    }
    at += length;
  }
  if (!size) return undefined;
  return { readable: true, ...size, orientation: exifSegments > 1 ? undefined : orientation, truncated: false };
}

const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

/**
 * The orientation in the TIFF structure at `start` (before `end`): IFD0's tag 0x0112, 1 when absent; undefined
 * when the structure is not what a plain reading expects (the decoder's EXIF library may read it otherwise).
 */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number | undefined {
  if (end - start < 8) return undefined;
  let little: boolean;
  if (bytes[start] === 0x49 && bytes[start + 1] === 0x49) little = true;
  else if (bytes[start] === 0x4d && bytes[start + 1] === 0x4d) little = false;
  else return undefined;
  const u16 = (at: number): number => (little ? u16le(bytes, at) : u16be(bytes, at));
  const u32 = (at: number): number => (little ? u32le(bytes, at) : u32be(bytes, at));
  if (u16(start + 2) !== 42) return undefined;
  const ifd = start + u32(start + 4);
  if (ifd < start + 8 || ifd + 2 > end) return undefined;
  const count = u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return undefined;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== TIFF_SHORT || u32(entry + 4) !== 1) return undefined;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return 1;
}
