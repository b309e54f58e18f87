/**
 * Listing houses: the front elevation of a house in one of the Houston styles (brick, ranch, farmhouse, modern
 * farmhouse, Mediterranean): blocks with their roofs, windows, garage, porch and front door.
 */
import { mix, r1 } from './svg';

interface Block {
  x: number;
  w: number;
  wall: number;
  roof: 'gable' | 'hip' | 'flat';
  roofH: number;
}

export interface ElevationStyle {
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

export function windowShape(x: number, y: number, w: number, h: number, style: ElevationStyle): string {
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

export function elevation(style: ElevationStyle, baseY: number): string {
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

export const LISTING_STYLES: Record<number, ElevationStyle> = {
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
