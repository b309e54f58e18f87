/**
 * Encoding and writing the seed images: each drawing as a JPEG at full size (quality stepped down until it fits
 * JPEG_MAX_BYTES) plus WebP siblings at IMAGE_VARIANT_WIDTHS, each rendered from the vector source; PNGs as given.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '../../domain/constants';
import { webpVariant } from '../index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the images go: web/public (the paths in the seed data are relative to it). */
export const PUBLIC_DIR = path.join(ROOT, 'web', 'public');
const JPEG_QUALITY = 75;
const JPEG_MAX_BYTES = 150 * 1024;
const WEBP_QUALITY = 72;

export interface Written {
  file: string;
  bytes: number;
}

export async function writeOutput(file: string, data: Buffer): Promise<Written> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return { file: path.relative(ROOT, file), bytes: data.length };
}

/** Writes `<name>.jpg` at the full size and `<name>-<w>.webp` for every responsive width, under `publicDir`. */
export async function writeImageSet(
  publicDir: string,
  publicPath: string,
  full: { w: number; h: number },
  draw: (outW: number, outH: number) => string,
): Promise<Written[]> {
  const written: Written[] = [];
  const jpegFile = path.join(publicDir, publicPath);
  const svg = Buffer.from(draw(full.w, full.h));
  const encodeJpeg = (quality: number) =>
    sharp(svg).flatten({ background: '#ffffff' }).jpeg({ quality, progressive: true, mozjpeg: true }).toBuffer();
  let quality = JPEG_QUALITY;
  let jpeg = await encodeJpeg(quality);
  while (jpeg.length > JPEG_MAX_BYTES && quality > 50) {
    quality -= 5;
    jpeg = await encodeJpeg(quality);
  }
  written.push(await writeOutput(jpegFile, jpeg));
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const height = Math.round((width * full.h) / full.w);
    const webp = await sharp(Buffer.from(draw(width, height)))
      .webp({ quality: WEBP_QUALITY, effort: 5 })
      .toBuffer();
    written.push(await writeOutput(path.join(publicDir, webpVariant(publicPath, width)), webp));
  }
  return written;
}

/** Writes `svg` as a PNG (maximum compression) to `file`. */
export async function writePng(file: string, svg: string): Promise<Written> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return writeOutput(file, png);
}
