/**
 * Shapes shared by the seed scenes: trees (round, pine, cypress), clouds, a house silhouette with lit windows,
 * a limestone monument sign with a community's name, and a farm windmill.
 */
import { escapeXml, FONT, mix, r1 } from './svg';

export type TreeKind = 'round' | 'pine' | 'cypress';

export function tree(kind: TreeKind, x: number, baseY: number, size: number, fill: string, trunk: string): string {
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

export function clouds(random: () => number, W: number, H: number, count: number, opacity: number): string {
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
export function silhouetteHouse(
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
export function monumentSign(
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

export function windmill(x: number, baseY: number, size: number, color: string): string {
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
