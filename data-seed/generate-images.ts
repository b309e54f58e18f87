/**
 * Generates the example images (`npm run seed:images`): community cards and heroes, the default community image,
 * listing photos and the app icons. Everything is drawn from SVG built here (gradients, house, tree and skyline
 * shapes, the community name on a monument sign) and encoded with sharp: nothing is downloaded, and the output is
 * deterministic (the only randomness is a PRNG seeded from each image's name).
 *
 * Every JPEG gets WebP siblings at SEED_IMAGE_WIDTHS (`name-480.webp`, …) for `srcset`; each size is rendered from
 * the vector source, so no variant is an upscale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_PRIMARY_COLOR } from '../domain';
import { SEED_IMAGE_WIDTHS, seedData, webpVariant } from './index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = path.join(ROOT, 'web', 'public');
const JPEG_QUALITY = 75;
const JPEG_MAX_BYTES = 150 * 1024;
const WEBP_QUALITY = 72;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

// ---------------------------------------------------------------------------------------------------------------
// Small helpers: deterministic randomness, colours, SVG text.

/** FNV-1a hash of a string, as a PRNG seed. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning numbers in [0, 1). */
function createRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `a` toward `b` by `t` (0 = a, 1 = b). */
function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const r1 = (value: number) => Math.round(value * 10) / 10;

/** Wraps drawing made in a `viewW`×`viewH` coordinate space into an SVG rendered at `outW`×`outH` pixels. */
function svgDocument(viewW: number, viewH: number, outW: number, outH: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${viewW} ${viewH}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;
}

function linearGradient(id: string, stops: [number, string, number?][], vertical = true): string {
  const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const stopTags = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" ${coords}>${stopTags}</linearGradient>`;
}

function radialGlow(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes shared by the scenes.

type TreeKind = 'round' | 'pine' | 'cypress';

function tree(kind: TreeKind, x: number, baseY: number, size: number, fill: string, trunk: string): string {
  if (kind === 'pine') {
    const layers = [0, 1, 2]
      .map((i) => {
        const top = baseY - size * (1 - i * 0.22);
        const half = size * (0.22 + i * 0.07);
        const bottom = baseY - size * (0.45 - i * 0.17);
        return `<polygon points="${r1(x)},${r1(top)} ${r1(x - half)},${r1(bottom)} ${r1(x + half)},${r1(bottom)}" fill="${fill}"/>`;
      })
      .join('');
    return `<rect x="${r1(x - size * 0.03)}" y="${r1(baseY - size * 0.2)}" width="${r1(size * 0.06)}" height="${r1(size * 0.2)}" fill="${trunk}"/>${layers}`;
  }
  if (kind === 'cypress') {
    return `<rect x="${r1(x - size * 0.025)}" y="${r1(baseY - size * 0.25)}" width="${r1(size * 0.05)}" height="${r1(size * 0.25)}" fill="${trunk}"/><ellipse cx="${r1(x)}" cy="${r1(baseY - size * 0.6)}" rx="${r1(size * 0.13)}" ry="${r1(size * 0.45)}" fill="${fill}"/>`;
  }
  return (
    `<rect x="${r1(x - size * 0.04)}" y="${r1(baseY - size * 0.42)}" width="${r1(size * 0.08)}" height="${r1(size * 0.42)}" fill="${trunk}"/>` +
    `<circle cx="${r1(x - size * 0.2)}" cy="${r1(baseY - size * 0.55)}" r="${r1(size * 0.26)}" fill="${fill}"/>` +
    `<circle cx="${r1(x + size * 0.2)}" cy="${r1(baseY - size * 0.58)}" r="${r1(size * 0.25)}" fill="${fill}"/>` +
    `<circle cx="${r1(x)}" cy="${r1(baseY - size * 0.78)}" r="${r1(size * 0.3)}" fill="${fill}"/>`
  );
}

function clouds(random: () => number, W: number, H: number, count: number, opacity: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const cx = random() * W;
    const cy = H * (0.08 + random() * 0.3);
    const w = W * (0.08 + random() * 0.12);
    out += `<g fill="#ffffff" opacity="${opacity}"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(w)}" ry="${r1(w * 0.18)}"/><ellipse cx="${r1(cx - w * 0.3)}" cy="${r1(cy - w * 0.1)}" rx="${r1(w * 0.4)}" ry="${r1(w * 0.2)}"/><ellipse cx="${r1(cx + w * 0.25)}" cy="${r1(cy - w * 0.14)}" rx="${r1(w * 0.35)}" ry="${r1(w * 0.22)}"/></g>`;
  }
  return out;
}

/** A house silhouette with lit windows, standing on `baseY`. */
function silhouetteHouse(
  random: () => number,
  x: number,
  baseY: number,
  scale: number,
  body: string,
  roof: string,
  light: string,
): string {
  const w = (150 + random() * 110) * scale;
  const stories = random() < 0.55 ? 2 : 1;
  const storyH = 62 * scale;
  const h = storyH * stories;
  const roofH = (38 + random() * 30) * scale;
  const overhang = 10 * scale;
  const top = baseY - h;
  let out = `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(w)}" height="${r1(h)}" fill="${body}"/>`;
  if (random() < 0.6) {
    out += `<polygon points="${r1(x - overhang)},${r1(top)} ${r1(x + w / 2)},${r1(top - roofH)} ${r1(x + w + overhang)},${r1(top)}" fill="${roof}"/>`;
  } else {
    out += `<polygon points="${r1(x - overhang)},${r1(top)} ${r1(x + w * 0.25)},${r1(top - roofH * 0.8)} ${r1(x + w * 0.75)},${r1(top - roofH * 0.8)} ${r1(x + w + overhang)},${r1(top)}" fill="${roof}"/>`;
  }
  if (random() < 0.5) {
    const cx = x + w * (0.2 + random() * 0.5);
    out += `<rect x="${r1(cx)}" y="${r1(top - roofH * 0.9)}" width="${r1(14 * scale)}" height="${r1(roofH * 0.7)}" fill="${roof}"/>`;
  }
  if (random() < 0.5) {
    const gw = w * 0.45;
    const gh = storyH * 0.95;
    out += `<rect x="${r1(x + w)}" y="${r1(baseY - gh)}" width="${r1(gw)}" height="${r1(gh)}" fill="${body}"/><polygon points="${r1(x + w)},${r1(baseY - gh)} ${r1(x + w + gw + overhang)},${r1(baseY - gh)} ${r1(x + w)},${r1(baseY - gh - 22 * scale)}" fill="${roof}"/>`;
  }
  const cols = Math.max(2, Math.floor(w / (44 * scale)));
  for (let s = 0; s < stories; s += 1) {
    for (let c = 0; c < cols; c += 1) {
      if (s === 0 && c === Math.floor(cols / 2)) {
        out += `<rect x="${r1(x + (w / cols) * (c + 0.5) - 9 * scale)}" y="${r1(baseY - 34 * scale)}" width="${r1(18 * scale)}" height="${r1(34 * scale)}" fill="${light}" opacity="0.55"/>`;
        continue;
      }
      if (random() < 0.3) continue;
      const wx = x + (w / cols) * (c + 0.5) - 8 * scale;
      const wy = baseY - storyH * (s + 1) + 16 * scale;
      out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(16 * scale)}" height="${r1(22 * scale)}" fill="${light}" opacity="${r1(0.65 + random() * 0.3)}"/>`;
    }
  }
  return out;
}

/** A limestone monument sign with the community name, the way entries of Houston communities look. */
function monumentSign(
  x: number,
  baseY: number,
  fontSize: number,
  name: string,
  subtitle: string,
  accent: string,
  anchor: 'start' | 'middle' | 'end',
): string {
  const nameWidth = name.length * fontSize * 0.66;
  const subSize = fontSize * 0.36;
  const subWidth = subtitle.length * subSize * 0.78;
  const width = Math.max(nameWidth, subWidth) + fontSize * 1.4;
  const height = fontSize * 2.35;
  const left = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const top = baseY - height;
  const cx = left + width / 2;
  const stone = '#efe6d6';
  return (
    `<rect x="${r1(left + 8)}" y="${r1(top + 10)}" width="${r1(width)}" height="${r1(height)}" rx="6" fill="#000000" opacity="0.25"/>` +
    `<rect x="${r1(left - fontSize * 0.2)}" y="${r1(baseY - fontSize * 0.35)}" width="${r1(width + fontSize * 0.4)}" height="${r1(fontSize * 0.35)}" fill="#8d8275"/>` +
    `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(width)}" height="${r1(height - fontSize * 0.3)}" rx="4" fill="${stone}"/>` +
    `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(width)}" height="${r1(fontSize * 0.18)}" rx="2" fill="${accent}"/>` +
    `<text x="${r1(cx)}" y="${r1(top + fontSize * 1.22)}" font-family="${FONT}" font-weight="bold" font-size="${r1(fontSize)}" fill="${mix(accent, '#000000', 0.15)}" text-anchor="middle">${escapeXml(name)}</text>` +
    `<text x="${r1(cx)}" y="${r1(top + fontSize * 1.78)}" font-family="${FONT}" font-size="${r1(subSize)}" letter-spacing="${r1(subSize * 0.18)}" fill="#5b5248" text-anchor="middle">${escapeXml(subtitle.toUpperCase())}</text>`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Community scenes: a golden-hour street of homes tinted with the community's theme colour.

interface CommunityLook {
  water: boolean;
  trees: TreeKind;
  treeDensity: number;
  farm: boolean;
  windmill: boolean;
  wall: boolean;
  houseScale: number;
}

const LOOKS: Record<string, Partial<CommunityLook>> = {
  'austin-point': { water: true, trees: 'round' },
  emberly: { trees: 'round', treeDensity: 0.8 },
  indigo: { farm: true, trees: 'round', treeDensity: 0.3, windmill: true },
  'stonecreek-estates': { wall: true, trees: 'round', houseScale: 1.15, treeDensity: 0.5 },
  'cypress-bend': { water: true, trees: 'cypress', treeDensity: 0.9 },
  'lakeshore-reserve': { water: true, trees: 'round', treeDensity: 0.25 },
  'magnolia-trails': { trees: 'pine', treeDensity: 1 },
  'prairie-meadows': { windmill: true, trees: 'round', treeDensity: 0.15 },
  'timber-hollow': { trees: 'round', treeDensity: 1, houseScale: 0.95 },
};

const BASE_LOOK: CommunityLook = {
  water: false,
  trees: 'round',
  treeDensity: 0.6,
  farm: false,
  windmill: false,
  wall: false,
  houseScale: 1,
};

/** The look of a known community, or one picked (deterministically) from its slug for communities added later. */
function lookFor(slug: string): CommunityLook {
  const known = LOOKS[slug];
  if (known) return { ...BASE_LOOK, ...known };
  const random = createRandom(`look:${slug}`);
  return {
    ...BASE_LOOK,
    water: random() < 0.3,
    trees: (['round', 'pine', 'cypress'] as const)[Math.floor(random() * 3)] ?? 'round',
    treeDensity: 0.3 + random() * 0.6,
  };
}

function windmill(x: number, baseY: number, size: number, color: string): string {
  const top = baseY - size;
  const hub = `${r1(x)},${r1(top)}`;
  let blades = '';
  for (let i = 0; i < 12; i += 1) {
    const angle = (i / 12) * Math.PI * 2;
    blades += `<line x1="${hub.split(',')[0]}" y1="${hub.split(',')[1]}" x2="${r1(x + Math.cos(angle) * size * 0.22)}" y2="${r1(top + Math.sin(angle) * size * 0.22)}" stroke="${color}" stroke-width="${r1(size * 0.02)}"/>`;
  }
  return (
    `<polygon points="${r1(x - size * 0.12)},${r1(baseY)} ${r1(x - size * 0.02)},${r1(top)} ${r1(x + size * 0.02)},${r1(top)} ${r1(x + size * 0.12)},${r1(baseY)}" fill="none" stroke="${color}" stroke-width="${r1(size * 0.025)}"/>` +
    `<line x1="${r1(x - size * 0.09)}" y1="${r1(baseY - size * 0.3)}" x2="${r1(x + size * 0.09)}" y2="${r1(baseY - size * 0.3)}" stroke="${color}" stroke-width="${r1(size * 0.02)}"/>` +
    `<line x1="${r1(x - size * 0.06)}" y1="${r1(baseY - size * 0.6)}" x2="${r1(x + size * 0.06)}" y2="${r1(baseY - size * 0.6)}" stroke="${color}" stroke-width="${r1(size * 0.02)}"/>` +
    blades +
    `<circle cx="${r1(x)}" cy="${r1(top)}" r="${r1(size * 0.22)}" fill="none" stroke="${color}" stroke-width="${r1(size * 0.02)}"/>` +
    `<polygon points="${r1(x + size * 0.03)},${r1(top)} ${r1(x + size * 0.32)},${r1(top - size * 0.05)} ${r1(x + size * 0.32)},${r1(top + size * 0.05)}" fill="${color}"/>`
  );
}

interface SceneCommunity {
  slug: string;
  name: string;
  location: string;
  color: string;
}

function communitySvg(community: SceneCommunity, mode: 'card' | 'hero', outW: number, outH: number): string {
  const W = mode === 'hero' ? 1920 : 1200;
  const H = mode === 'hero' ? 1080 : 800;
  const look = lookFor(community.slug);
  const random = createRandom(`${mode}:${community.slug}`);
  const primary = community.color;
  const skyTop = mix(primary, '#0b1020', 0.3);
  const skyMid = mix(primary, '#f4a261', 0.62);
  const skyLow = mix('#ffe2b0', primary, 0.08);
  const horizon = H * 0.6;
  const houseBase = look.water ? H * 0.66 : H * 0.74;
  const scale = (H / 800) * look.houseScale * (look.water ? 0.8 : 1);
  const houseBody = mix(primary, '#0a0a0a', 0.62);
  const houseRoof = mix(primary, '#000000', 0.78);
  const light = '#ffd27a';
  const treeFill = mix(primary, '#0b1a0b', 0.7);
  const trunk = mix(primary, '#000000', 0.8);

  const defs =
    linearGradient('sky', [
      [0, skyTop],
      [0.55, skyMid],
      [1, skyLow],
    ]) +
    radialGlow('sun', '#fff4cf', 0.85) +
    linearGradient('ground', [
      [0, mix(primary, '#23401f', 0.65)],
      [1, mix(primary, '#0b140a', 0.75)],
    ]) +
    linearGradient('water', [
      [0, mix(skyMid, '#ffffff', 0.15)],
      [1, mix(primary, '#06121f', 0.6)],
    ]) +
    linearGradient('shade', [
      [0, '#000000', 0],
      [0.6, '#000000', 0.05],
      [1, '#000000', mode === 'hero' ? 0.35 : 0.2],
    ]);

  const sunX = W * (0.6 + random() * 0.25);
  const sunY = horizon - H * 0.07;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(H * 0.32)}" fill="url(#sun)"/>`;
  body += `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(H * 0.055)}" fill="#fff6da"/>`;
  body += clouds(random, W, H, 4, 0.16);

  // Far hills and a distant tree line.
  const hillA = mix(primary, skyLow, 0.5);
  const hillB = mix(primary, '#14210f', 0.45);
  body += `<path d="M0 ${r1(horizon)} C ${r1(W * 0.2)} ${r1(horizon - H * 0.07)}, ${r1(W * 0.4)} ${r1(horizon + H * 0.02)}, ${r1(W * 0.6)} ${r1(horizon - H * 0.04)} S ${r1(W * 0.9)} ${r1(horizon - H * 0.02)}, ${W} ${r1(horizon - H * 0.05)} L ${W} ${H} L 0 ${H} Z" fill="${hillA}"/>`;
  for (let x = -20; x < W + 40; x += 18 + random() * 30) {
    body += tree(look.trees, x, horizon + H * 0.03, H * (0.06 + random() * 0.05), hillB, hillB);
  }
  body += `<rect x="0" y="${r1(horizon + H * 0.025)}" width="${W}" height="${r1(H)}" fill="${hillB}"/>`;

  if (look.windmill)
    body += windmill(W * (look.farm ? 0.82 : 0.18), horizon + H * 0.04, H * 0.22, mix(primary, '#000000', 0.7));

  // Trees behind the homes, then the homes.
  for (let x = 0; x < W; x += W / (6 + look.treeDensity * 14)) {
    if (random() < look.treeDensity)
      body += tree(
        look.trees,
        x + random() * 40,
        houseBase,
        H * (0.16 + random() * 0.1) * look.houseScale,
        treeFill,
        trunk,
      );
  }
  if (!look.water)
    body += `<rect x="0" y="${r1(houseBase)}" width="${W}" height="${r1(H - houseBase)}" fill="url(#ground)"/>`;
  let x = -random() * 60 * scale;
  while (x < W) {
    body += silhouetteHouse(random, x, houseBase, scale, houseBody, houseRoof, light);
    x += (260 + random() * 120) * scale;
  }

  if (look.water) {
    const shore = houseBase;
    const waterBottom = H * 0.88;
    body += `<rect x="0" y="${r1(shore)}" width="${W}" height="${r1(waterBottom - shore)}" fill="url(#water)"/>`;
    for (let i = 0; i < 9; i += 1) {
      const y = shore + (waterBottom - shore) * (0.08 + i * 0.1);
      const w = W * (0.12 - i * 0.008) * (0.7 + random() * 0.6);
      body += `<rect x="${r1(sunX - w / 2)}" y="${r1(y)}" width="${r1(w)}" height="${r1(H * 0.006)}" rx="${r1(H * 0.003)}" fill="#fff3c4" opacity="${r1(0.55 - i * 0.05)}"/>`;
    }
    body += `<path d="M0 ${r1(waterBottom)} Q ${r1(W * 0.5)} ${r1(waterBottom - H * 0.03)} ${W} ${r1(waterBottom + H * 0.01)} L ${W} ${H} L 0 ${H} Z" fill="url(#ground)"/>`;
    for (let i = 0; i < 40; i += 1) {
      const rx = random() * W;
      const rh = H * (0.03 + random() * 0.05);
      body += `<line x1="${r1(rx)}" y1="${r1(waterBottom + H * 0.01)}" x2="${r1(rx + (random() - 0.5) * 12)}" y2="${r1(waterBottom + H * 0.01 - rh)}" stroke="${treeFill}" stroke-width="${r1(H * 0.004)}"/>`;
    }
  } else if (look.farm) {
    const rowTop = houseBase + H * 0.04;
    for (let i = -8; i <= 16; i += 1) {
      body += `<line x1="${r1(W * 0.5 + i * W * 0.03)}" y1="${r1(rowTop)}" x2="${r1(W * 0.5 + i * W * 0.16)}" y2="${H}" stroke="${mix(primary, '#4f7a2f', 0.7)}" stroke-width="${r1(H * 0.012)}" opacity="0.75"/>`;
    }
  } else {
    // A curving sidewalk through the front lawns.
    body += `<path d="M ${r1(-W * 0.05)} ${r1(H * 0.95)} C ${r1(W * 0.3)} ${r1(H * 0.84)}, ${r1(W * 0.6)} ${r1(H * 0.9)}, ${r1(W * 1.05)} ${r1(H * 0.8)}" stroke="${mix(skyLow, primary, 0.35)}" stroke-width="${r1(H * 0.03)}" fill="none" opacity="0.55"/>`;
  }
  if (look.wall) {
    const wallTop = H * 0.86;
    body += `<rect x="0" y="${r1(wallTop)}" width="${W}" height="${r1(H - wallTop)}" fill="#cdbfa8"/>`;
    for (let row = 0; row < 3; row += 1) {
      const y = wallTop + (H - wallTop) * (row / 3);
      body += `<line x1="0" y1="${r1(y)}" x2="${W}" y2="${r1(y)}" stroke="#a8987f" stroke-width="2"/>`;
      for (let bx = (row % 2) * 40; bx < W; bx += 80 + random() * 30) {
        body += `<line x1="${r1(bx)}" y1="${r1(y)}" x2="${r1(bx)}" y2="${r1(y + (H - wallTop) / 3)}" stroke="#a8987f" stroke-width="2"/>`;
      }
    }
    body += `<rect x="0" y="${r1(wallTop - H * 0.015)}" width="${W}" height="${r1(H * 0.018)}" fill="#e3d8c4"/>`;
  }
  // A couple of big foreground trees frame the picture.
  body += tree(look.trees, W * 0.03, H * 1.02, H * 0.5, mix(treeFill, '#000000', 0.3), trunk);
  body += tree(look.trees, W * 0.98, H * 1.02, H * 0.42, mix(treeFill, '#000000', 0.3), trunk);
  body += `<rect width="${W}" height="${H}" fill="url(#shade)"/>`;

  if (mode === 'card') {
    body += monumentSign(W * 0.07, H * 0.94, H * 0.075, community.name, community.location, primary, 'start');
  } else {
    body += monumentSign(W * 0.95, H * 0.95, H * 0.042, community.name, community.location, primary, 'end');
  }
  return svgDocument(W, H, outW, outH, body, defs);
}

/** The default community image: Houston's skyline at dusk. */
function defaultCommunitySvg(outW: number, outH: number): string {
  const W = 1200;
  const H = 800;
  const random = createRandom('default-community');
  const primary = '#1E3A8A';
  const defs =
    linearGradient('sky', [
      [0, '#0f1b3d'],
      [0.6, '#3b4f8f'],
      [1, '#f3a96b'],
    ]) +
    linearGradient('ground', [
      [0, '#1b2a1b'],
      [1, '#0b120b'],
    ]) +
    radialGlow('sun', '#ffd8a0', 0.6);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="${W * 0.3}" cy="${H * 0.62}" r="${H * 0.35}" fill="url(#sun)"/>`;
  body += clouds(random, W, H, 3, 0.12);
  const base = H * 0.68;
  let x = W * 0.12;
  const towers: string[] = [];
  while (x < W * 0.9) {
    const w = 40 + random() * 70;
    const h = H * (0.12 + random() * 0.4) * (1 - Math.abs(x / W - 0.5) * 0.9);
    const fill = mix('#0d1530', '#2c3c6b', random() * 0.4);
    let tower = `<rect x="${r1(x)}" y="${r1(base - h)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"/>`;
    if (random() < 0.35)
      tower += `<polygon points="${r1(x)},${r1(base - h)} ${r1(x + w / 2)},${r1(base - h - 40)} ${r1(x + w)},${r1(base - h)}" fill="${fill}"/>`;
    for (let wy = base - h + 12; wy < base - 10; wy += 16) {
      for (let wx = x + 6; wx < x + w - 8; wx += 12) {
        if (random() < 0.35)
          tower += `<rect x="${r1(wx)}" y="${r1(wy)}" width="5" height="7" fill="#ffd98a" opacity="0.8"/>`;
      }
    }
    towers.push(tower);
    x += w + 4 + random() * 14;
  }
  body += towers.join('');
  body += `<rect x="0" y="${r1(base)}" width="${W}" height="${r1(H - base)}" fill="url(#ground)"/>`;
  for (let tx = 0; tx < W; tx += 35 + random() * 40)
    body += tree('round', tx, base + 30, 70 + random() * 40, '#0f1d10', '#0a120a');
  body += monumentSign(W * 0.5, H * 0.93, 46, 'Houston New Home Communities', 'Houston, Texas', primary, 'middle');
  return svgDocument(W, H, outW, outH, body, defs);
}

// ---------------------------------------------------------------------------------------------------------------
// Listing photos: daytime front elevations in a handful of Houston styles.

interface Block {
  x: number;
  w: number;
  wall: number;
  roof: 'gable' | 'hip' | 'flat';
  roofH: number;
}

interface ElevationStyle {
  body: string;
  trim: string;
  roof: string;
  glass: string;
  door: string;
  blocks: Block[];
  stories: number;
  garage?: { x: number; w: number; h: number };
  porch?: { x: number; w: number; h: number; columns: number };
  boardAndBatten?: boolean;
  brick?: boolean;
  tile?: boolean;
  arches?: boolean;
  shutters?: string;
}

function windowShape(x: number, y: number, w: number, h: number, style: ElevationStyle): string {
  const frame = style.trim;
  if (style.arches) {
    return `<path d="M ${r1(x)} ${r1(y + h)} L ${r1(x)} ${r1(y + w / 2)} A ${r1(w / 2)} ${r1(w / 2)} 0 0 1 ${r1(x + w)} ${r1(y + w / 2)} L ${r1(x + w)} ${r1(y + h)} Z" fill="${style.glass}" stroke="${frame}" stroke-width="6"/>`;
  }
  let out = `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${style.glass}" stroke="${frame}" stroke-width="6"/>`;
  out += `<line x1="${r1(x + w / 2)}" y1="${r1(y)}" x2="${r1(x + w / 2)}" y2="${r1(y + h)}" stroke="${frame}" stroke-width="3"/><line x1="${r1(x)}" y1="${r1(y + h / 2)}" x2="${r1(x + w)}" y2="${r1(y + h / 2)}" stroke="${frame}" stroke-width="3"/>`;
  out += `<polygon points="${r1(x + 4)},${r1(y + 4)} ${r1(x + w * 0.4)},${r1(y + 4)} ${r1(x + 4)},${r1(y + h * 0.4)}" fill="#ffffff" opacity="0.25"/>`;
  if (style.shutters) {
    out += `<rect x="${r1(x - w * 0.42)}" y="${r1(y)}" width="${r1(w * 0.34)}" height="${r1(h)}" fill="${style.shutters}"/><rect x="${r1(x + w * 1.08)}" y="${r1(y)}" width="${r1(w * 0.34)}" height="${r1(h)}" fill="${style.shutters}"/>`;
  }
  return out;
}

function elevation(style: ElevationStyle, baseY: number): string {
  let out = '';
  const storyH = 150;
  const shadowW =
    style.blocks.reduce((max, b) => Math.max(max, b.x + b.w), 0) - Math.min(...style.blocks.map((b) => b.x));
  out += `<ellipse cx="${r1(Math.min(...style.blocks.map((b) => b.x)) + shadowW / 2)}" cy="${r1(baseY + 6)}" rx="${r1(shadowW * 0.58)}" ry="18" fill="#000000" opacity="0.18"/>`;
  for (const block of style.blocks) {
    const top = baseY - block.wall;
    out += `<rect x="${block.x}" y="${r1(top)}" width="${block.w}" height="${block.wall}" fill="${style.brick ? 'url(#brick)' : style.boardAndBatten ? 'url(#batten)' : style.body}"/>`;
    const over = 18;
    if (block.roof === 'gable') {
      out += `<polygon points="${block.x - over},${r1(top)} ${r1(block.x + block.w / 2)},${r1(top - block.roofH)} ${block.x + block.w + over},${r1(top)}" fill="${style.tile ? 'url(#tile)' : style.roof}"/>`;
      out += `<polyline points="${block.x - over},${r1(top)} ${r1(block.x + block.w / 2)},${r1(top - block.roofH)} ${block.x + block.w + over},${r1(top)}" fill="none" stroke="${style.trim}" stroke-width="6"/>`;
    } else if (block.roof === 'hip') {
      out += `<polygon points="${block.x - over},${r1(top)} ${r1(block.x + block.w * 0.22)},${r1(top - block.roofH)} ${r1(block.x + block.w * 0.78)},${r1(top - block.roofH)} ${block.x + block.w + over},${r1(top)}" fill="${style.tile ? 'url(#tile)' : style.roof}"/>`;
    } else {
      out += `<rect x="${block.x - 6}" y="${r1(top - 14)}" width="${block.w + 12}" height="16" fill="${style.trim}"/>`;
    }
    out += `<rect x="${block.x - over}" y="${r1(top - 3)}" width="${block.w + over * 2}" height="8" fill="${mix(style.roof, '#000000', 0.3)}" opacity="0.5"/>`;
  }
  // Windows on every story of every block, skipping the garage and the door.
  const door = style.blocks[0]!;
  const doorX = door.x + door.w / 2 - 32;
  for (const block of style.blocks) {
    const storiesHere = Math.max(1, Math.round(block.wall / storyH));
    const cols = Math.max(1, Math.floor(block.w / 130));
    for (let s = 0; s < storiesHere; s += 1) {
      for (let c = 0; c < cols; c += 1) {
        const wx = block.x + (block.w / cols) * (c + 0.5) - 34;
        const wy = baseY - storyH * (s + 1) + 32;
        const overlapsGarage =
          style.garage && s === 0 && wx + 68 > style.garage.x && wx < style.garage.x + style.garage.w;
        const overlapsDoor = block === door && s === 0 && wx + 68 > doorX - 10 && wx < doorX + 74;
        if (overlapsGarage || overlapsDoor) continue;
        out += windowShape(wx, wy, 68, 84, style);
      }
    }
  }
  if (style.garage) {
    const g = style.garage;
    out += `<rect x="${g.x}" y="${baseY - g.h}" width="${g.w}" height="${g.h}" fill="${style.trim}"/>`;
    out += `<rect x="${g.x + 8}" y="${baseY - g.h + 8}" width="${g.w - 16}" height="${g.h - 8}" fill="${mix(style.trim, '#6b6b6b', 0.35)}"/>`;
    for (let i = 1; i < 4; i += 1)
      out += `<line x1="${g.x + 8}" y1="${r1(baseY - g.h + 8 + ((g.h - 8) / 4) * i)}" x2="${g.x + g.w - 8}" y2="${r1(baseY - g.h + 8 + ((g.h - 8) / 4) * i)}" stroke="${mix(style.trim, '#000000', 0.35)}" stroke-width="3"/>`;
    for (let i = 0; i < 4; i += 1)
      out += `<rect x="${r1(g.x + 18 + ((g.w - 36) / 4) * i)}" y="${baseY - g.h + 18}" width="${r1((g.w - 36) / 4 - 8)}" height="18" fill="${style.glass}"/>`;
  }
  if (style.porch) {
    const p = style.porch;
    out += `<rect x="${p.x}" y="${baseY - p.h - 16}" width="${p.w}" height="18" fill="${style.trim}"/>`;
    for (let i = 0; i < p.columns; i += 1) {
      const cx = p.x + 6 + ((p.w - 24) / (p.columns - 1)) * i;
      out += `<rect x="${r1(cx)}" y="${baseY - p.h}" width="14" height="${p.h - 34}" fill="${style.trim}"/><rect x="${r1(cx - 8)}" y="${baseY - 36}" width="30" height="36" fill="#8f8577"/>`;
    }
    out += `<rect x="${p.x - 6}" y="${baseY - 6}" width="${p.w + 12}" height="10" fill="#a39a8c"/>`;
  }
  // Front door with sidelight and steps.
  if (style.arches) {
    out += `<path d="M ${r1(doorX - 12)} ${baseY} L ${r1(doorX - 12)} ${baseY - 120} A 44 44 0 0 1 ${r1(doorX + 76)} ${baseY - 120} L ${r1(doorX + 76)} ${baseY} Z" fill="${style.trim}"/>`;
  } else {
    out += `<rect x="${r1(doorX - 14)}" y="${baseY - 140}" width="92" height="140" fill="${style.trim}"/>`;
  }
  out += `<rect x="${r1(doorX)}" y="${baseY - 124}" width="64" height="124" fill="${style.door}"/><circle cx="${r1(doorX + 52)}" cy="${baseY - 62}" r="4" fill="#d9b45a"/>`;
  out += `<rect x="${r1(doorX - 24)}" y="${baseY}" width="112" height="10" fill="#b9b2a6"/>`;
  return out;
}

const LISTING_STYLES: Record<number, ElevationStyle> = {
  1: {
    body: '#9c4a3a',
    trim: '#f3efe7',
    roof: '#3f3b3a',
    glass: '#4f6f8c',
    door: '#243447',
    brick: true,
    shutters: '#2f3b35',
    stories: 2,
    blocks: [
      { x: 300, w: 420, wall: 300, roof: 'gable', roofH: 150 },
      { x: 720, w: 240, wall: 165, roof: 'hip', roofH: 70 },
    ],
    garage: { x: 740, w: 200, h: 130 },
  },
  2: {
    body: '#d9c8a5',
    trim: '#fbf8f1',
    roof: '#5b5550',
    glass: '#58748e',
    door: '#6b3f2a',
    stories: 1,
    blocks: [
      { x: 210, w: 560, wall: 165, roof: 'hip', roofH: 95 },
      { x: 770, w: 250, wall: 150, roof: 'hip', roofH: 80 },
    ],
    garage: { x: 795, w: 200, h: 125 },
  },
  3: {
    body: '#8a9a7b',
    trim: '#f1ead9',
    roof: '#4a4440',
    glass: '#4a6682',
    door: '#7a4b2a',
    stories: 2,
    blocks: [{ x: 290, w: 620, wall: 300, roof: 'gable', roofH: 170 }],
    porch: { x: 310, w: 360, h: 170, columns: 4 },
  },
  4: {
    body: '#f4f3ef',
    trim: '#2a2a2a',
    roof: '#2b2b2b',
    glass: '#3c4a57',
    door: '#1f1f1f',
    boardAndBatten: true,
    stories: 2,
    blocks: [
      { x: 330, w: 300, wall: 300, roof: 'gable', roofH: 190 },
      { x: 630, w: 300, wall: 165, roof: 'gable', roofH: 120 },
    ],
    garage: { x: 680, w: 200, h: 130 },
  },
  5: {
    body: '#ead6b3',
    trim: '#fbf5ea',
    roof: '#b5532f',
    glass: '#4b6680',
    door: '#5a3520',
    tile: true,
    arches: true,
    stories: 2,
    blocks: [
      { x: 280, w: 380, wall: 300, roof: 'hip', roofH: 110 },
      { x: 660, w: 300, wall: 165, roof: 'hip', roofH: 80 },
    ],
    garage: { x: 710, w: 200, h: 130 },
  },
};

function listingDefs(): string {
  return (
    linearGradient('sky', [
      [0, '#6fa8dc'],
      [1, '#dcefff'],
    ]) +
    linearGradient('lawn', [
      [0, '#7db35b'],
      [1, '#4f8a3a'],
    ]) +
    '<pattern id="brick" width="48" height="24" patternUnits="userSpaceOnUse"><rect width="48" height="24" fill="#9c4a3a"/><path d="M0 0.5H48M0 12.5H48M12 0V12M36 12V24" stroke="#c9b8a6" stroke-width="1.5"/></pattern>' +
    '<pattern id="batten" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="#f4f3ef"/><rect x="0" width="5" height="28" fill="#dedbd3"/></pattern>' +
    '<pattern id="tile" width="30" height="18" patternUnits="userSpaceOnUse"><rect width="30" height="18" fill="#b5532f"/><path d="M0 18 Q 7.5 6 15 18 Q 22.5 6 30 18" fill="none" stroke="#8a3a1f" stroke-width="2"/></pattern>'
  );
}

function listingBackdrop(random: () => number, W: number, H: number, groundY: number): string {
  let out = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  out += clouds(random, W, H * 0.7, 4, 0.7);
  for (let x = -30; x < W + 40; x += 40 + random() * 50)
    out += tree('round', x, groundY + 10, 160 + random() * 90, random() < 0.5 ? '#5d8c46' : '#4d7a3b', '#5b4636');
  out += `<rect x="0" y="${groundY}" width="${W}" height="${H - groundY}" fill="url(#lawn)"/>`;
  return out;
}

function listingForeground(W: number, H: number, driveX: number | null): string {
  let out = `<rect x="0" y="${H - 92}" width="${W}" height="22" fill="#d8d3ca"/><rect x="0" y="${H - 70}" width="${W}" height="70" fill="#6f6f6f"/><rect x="0" y="${H - 72}" width="${W}" height="6" fill="#bdb7ad"/>`;
  if (driveX !== null)
    out += `<polygon points="${driveX},${H - 200} ${driveX + 200},${H - 200} ${driveX + 250},${H - 70} ${driveX - 40},${H - 70}" fill="#cfc9bf"/>`;
  return out;
}

function listingSvg(n: number, outW: number, outH: number): string {
  const W = 1200;
  const H = 800;
  const random = createRandom(`listing:${n}`);
  const groundY = 590;
  const baseY = 600;
  let body = listingBackdrop(random, W, H, groundY);
  const kind = n >= 1 && n <= 8 ? n : ((n - 1) % 8) + 1;
  const style = LISTING_STYLES[kind];
  if (style) {
    body += listingForeground(W, H, style.garage ? style.garage.x : null);
    body += elevation(style, baseY);
    body += tree('round', 120, baseY + 40, 300, '#4a7d38', '#5b4636');
    body += `<ellipse cx="${r1(W * 0.45)}" cy="${baseY + 12}" rx="60" ry="20" fill="#3f6f2f"/><ellipse cx="${r1(W * 0.2)}" cy="${baseY + 14}" rx="70" ry="22" fill="#3f6f2f"/>`;
  } else if (kind === 6) {
    body += listingForeground(W, H, null);
    const colors = ['#b85c4a', '#e2d6c2', '#6d7f8f', '#c9a86a'];
    colors.forEach((color, i) => {
      const x = 150 + i * 225;
      body += `<rect x="${x}" y="${baseY - 420}" width="225" height="420" fill="${color}" stroke="#f4efe6" stroke-width="4"/>`;
      body +=
        i % 2 === 0
          ? `<polygon points="${x - 6},${baseY - 420} ${x + 112.5},${baseY - 500} ${x + 231},${baseY - 420}" fill="#3d3a38"/>`
          : `<rect x="${x - 4}" y="${baseY - 436}" width="233" height="18" fill="#f4efe6"/>`;
      for (let s = 1; s < 3; s += 1) {
        body += windowShape(x + 30, baseY - 140 * (s + 1) + 40, 62, 80, {
          ...LISTING_STYLES[3]!,
          shutters: undefined,
          trim: '#f4efe6',
          glass: '#4d6a86',
        });
        body += windowShape(x + 130, baseY - 140 * (s + 1) + 40, 62, 80, {
          ...LISTING_STYLES[3]!,
          shutters: undefined,
          trim: '#f4efe6',
          glass: '#4d6a86',
        });
      }
      body += `<rect x="${x + 10}" y="${baseY - 190}" width="205" height="10" fill="#2f2f2f"/><line x1="${x + 10}" y1="${baseY - 215}" x2="${x + 215}" y2="${baseY - 215}" stroke="#2f2f2f" stroke-width="4"/>`;
      for (let b = 0; b < 9; b += 1)
        body += `<line x1="${x + 14 + b * 25}" y1="${baseY - 215}" x2="${x + 14 + b * 25}" y2="${baseY - 190}" stroke="#2f2f2f" stroke-width="3"/>`;
      body += `<rect x="${x + 20}" y="${baseY - 120}" width="120" height="120" fill="#f4efe6"/><rect x="${x + 26}" y="${baseY - 114}" width="108" height="114" fill="#9a9a96"/>`;
      body += `<rect x="${x + 160}" y="${baseY - 120}" width="48" height="120" fill="#2e3d4f"/>`;
    });
    body += tree('round', 80, baseY + 40, 260, '#4a7d38', '#5b4636');
    body += tree('round', 1130, baseY + 40, 240, '#4a7d38', '#5b4636');
  } else if (kind === 7) {
    body += listingForeground(W, H, null);
    const left = 180;
    const width = 840;
    const floors = 5;
    const floorH = 95;
    body += `<rect x="${left}" y="${baseY - floors * floorH}" width="${width}" height="${floors * floorH}" fill="#d9cfc1"/>`;
    body += `<rect x="${left - 10}" y="${baseY - floors * floorH - 22}" width="${width + 20}" height="24" fill="#7a8b99"/>`;
    for (let f = 0; f < floors; f += 1) {
      const y = baseY - (f + 1) * floorH;
      for (let c = 0; c < 6; c += 1) {
        const x = left + 30 + c * 135;
        body += `<rect x="${x}" y="${y + 14}" width="100" height="62" fill="#4f6d8a" stroke="#f3efe8" stroke-width="5"/>`;
        if (f > 0 && c % 2 === 0) {
          body += `<rect x="${x - 6}" y="${y + 60}" width="112" height="6" fill="#3c3c3c"/>`;
          for (let b = 0; b < 8; b += 1)
            body += `<line x1="${x - 2 + b * 15}" y1="${y + 60}" x2="${x - 2 + b * 15}" y2="${y + 84}" stroke="#3c3c3c" stroke-width="3"/>`;
          body += `<rect x="${x - 6}" y="${y + 84}" width="112" height="5" fill="#3c3c3c"/>`;
        }
      }
    }
    body += `<rect x="${left + width / 2 - 90}" y="${baseY - 110}" width="180" height="14" fill="#3c3c3c"/><rect x="${left + width / 2 - 50}" y="${baseY - 96}" width="100" height="96" fill="#2e3d4f"/>`;
    body += `<rect x="${left + width / 2 - 70}" y="${baseY - 60}" width="140" height="14" fill="none"/>`;
    for (let i = 0; i < 4; i += 1)
      body += tree('round', 140 + i * 300 + (i > 1 ? 80 : 0), baseY + 50, 200, '#4a7d38', '#5b4636');
  } else {
    // A graded homesite with survey stakes and a sign.
    body += listingForeground(W, H, null);
    body += `<polygon points="220,${baseY - 10} 980,${baseY - 10} 1100,${H - 92} 100,${H - 92}" fill="#b9976b"/>`;
    for (let i = 0; i < 8; i += 1)
      body += `<path d="M ${300 + i * 90} ${baseY} Q ${320 + i * 95} ${baseY + 60} ${280 + i * 110} ${H - 95}" stroke="#a2825a" stroke-width="5" fill="none" opacity="0.6"/>`;
    for (const [sx, sy] of [
      [240, baseY + 4],
      [960, baseY + 4],
      [150, H - 110],
      [1060, H - 110],
    ] as const) {
      body += `<rect x="${sx - 3}" y="${sy - 60}" width="6" height="60" fill="#e8dcc0"/><polygon points="${sx + 3},${sy - 60} ${sx + 40},${sy - 52} ${sx + 3},${sy - 44}" fill="#ff7a1a"/>`;
    }
    body += `<rect x="560" y="${baseY - 60}" width="12" height="150" fill="#5b4636"/><rect x="720" y="${baseY - 60}" width="12" height="150" fill="#5b4636"/>`;
    body += `<rect x="520" y="${baseY - 180}" width="250" height="130" rx="6" fill="#fbfaf6" stroke="#1E40AF" stroke-width="8"/>`;
    body += `<text x="645" y="${baseY - 128}" font-family="${FONT}" font-weight="bold" font-size="30" fill="#1E3A8A" text-anchor="middle">HOMESITE</text>`;
    body += `<text x="645" y="${baseY - 88}" font-family="${FONT}" font-weight="bold" font-size="30" fill="#1E3A8A" text-anchor="middle">AVAILABLE</text>`;
  }
  return svgDocument(W, H, outW, outH, body, listingDefs());
}

// ---------------------------------------------------------------------------------------------------------------
// App icons: a white house on the brand blue. The maskable icon keeps the mark inside the central safe zone.

function iconSvg(size: number, maskable: boolean): string {
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

// ---------------------------------------------------------------------------------------------------------------
// Encoding and writing.

interface Written {
  file: string;
  bytes: number;
}

async function writeOutput(file: string, data: Buffer): Promise<Written> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return { file: path.relative(ROOT, file), bytes: data.length };
}

/** Writes `<name>.jpg` at the full size and `<name>-<w>.webp` for every responsive width. */
async function writeImageSet(
  publicPath: string,
  full: { w: number; h: number },
  draw: (outW: number, outH: number) => string,
): Promise<Written[]> {
  const written: Written[] = [];
  const jpegFile = path.join(PUBLIC_DIR, publicPath);
  const svg = Buffer.from(draw(full.w, full.h));
  let quality = JPEG_QUALITY;
  let jpeg = await sharp(svg)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, progressive: true, mozjpeg: true })
    .toBuffer();
  while (jpeg.length > JPEG_MAX_BYTES && quality > 50) {
    quality -= 5;
    jpeg = await sharp(svg)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, progressive: true, mozjpeg: true })
      .toBuffer();
  }
  written.push(await writeOutput(jpegFile, jpeg));
  for (const width of SEED_IMAGE_WIDTHS) {
    const height = Math.round((width * full.h) / full.w);
    const webp = await sharp(Buffer.from(draw(width, height)))
      .webp({ quality: WEBP_QUALITY, effort: 5 })
      .toBuffer();
    written.push(await writeOutput(path.join(PUBLIC_DIR, webpVariant(publicPath, width)), webp));
  }
  return written;
}

export async function generateImages(): Promise<Written[]> {
  const written: Written[] = [];
  const CARD = { w: 1200, h: 800 };
  const HERO = { w: 1920, h: 1080 };
  for (const community of seedData.communities) {
    const scene: SceneCommunity = {
      slug: community.slug,
      name: community.name,
      location: community.location,
      color: community.theme.primaryColor,
    };
    const card = community.image || `/images/communities/${community.slug}.jpg`;
    written.push(...(await writeImageSet(card, CARD, (w, h) => communitySvg(scene, 'card', w, h))));
    const hero = community.sections.hero.backgroundImage;
    if (hero) written.push(...(await writeImageSet(hero, HERO, (w, h) => communitySvg(scene, 'hero', w, h))));
  }
  written.push(...(await writeImageSet('/images/communities/default.jpg', CARD, defaultCommunitySvg)));

  const listingImages = new Set<string>();
  for (const listing of seedData.listings) for (const image of listing.images) listingImages.add(image);
  for (const image of [...listingImages].sort()) {
    const match = /\/images\/listings\/(\d+)\.jpg$/.exec(image);
    if (!match) throw new Error(`Listing image ${image} must be /images/listings/<n>.jpg so it can be generated`);
    const n = Number(match[1]);
    written.push(...(await writeImageSet(image, CARD, (w, h) => listingSvg(n, w, h))));
  }

  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['maskable-512.png', 512, true],
  ] as const) {
    const png = await sharp(Buffer.from(iconSvg(size, maskable)))
      .png({ compressionLevel: 9 })
      .toBuffer();
    written.push(await writeOutput(path.join(PUBLIC_DIR, 'icons', name), png));
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await generateImages();
  const total = written.reduce((sum, w) => sum + w.bytes, 0);
  const largestJpeg = written.filter((w) => w.file.endsWith('.jpg')).sort((a, b) => b.bytes - a.bytes)[0];
  console.log(`Wrote ${written.length} images, ${(total / 1024).toFixed(0)} KB in total.`);
  if (largestJpeg) console.log(`Largest JPEG: ${largestJpeg.file} (${(largestJpeg.bytes / 1024).toFixed(0)} KB).`);
}
