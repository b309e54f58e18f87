/**
 * The app icons: a white house on the brand blue; the maskable icon keeps the mark inside the central safe zone.
 */
import { DEFAULT_PRIMARY_COLOR } from '../../domain';
import { linearGradient, mix, r1, svgDocument } from './svg';

export function iconSvg(size: number, maskable: boolean): string {
  const V = 512;
  const defs = linearGradient('bg', [
    [0, mix(DEFAULT_PRIMARY_COLOR, '#ffffff', 0.08)],
    [1, mix(DEFAULT_PRIMARY_COLOR, '#001a4d', 0.35)],
  ]);
  const background = maskable
    ? `<rect width="${V}" height="${V}" fill="url(#bg)"/>`
    : `<rect x="16" y="16" width="480" height="480" rx="104" fill="url(#bg)"/>`;
  const scale = maskable ? 0.62 : 0.8;
  const offset = (V - V * scale) / 2;
  const mark =
    '<polygon points="256,92 436,244 396,244 396,408 116,408 116,244 76,244" fill="#ffffff"/>' +
    '<rect x="336" y="112" width="40" height="92" fill="#ffffff"/>' +
    '<rect x="222" y="300" width="68" height="108" rx="6" fill="url(#bg)"/>' +
    '<rect x="150" y="272" width="48" height="48" rx="4" fill="url(#bg)"/><rect x="314" y="272" width="48" height="48" rx="4" fill="url(#bg)"/>' +
    `<rect x="76" y="420" width="360" height="14" rx="7" fill="#ffffff" opacity="0.8"/>`;
  return svgDocument(
    V,
    V,
    size,
    size,
    `${background}<g transform="translate(${r1(offset)} ${r1(offset)}) scale(${scale})">${mark}</g>`,
    defs,
  );
}
