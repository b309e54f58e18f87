/**
 * Listing photos: daytime front views. Kinds 1-5 are houses (listing-elevations.ts), 6 townhouses, 7 a mid-rise,
 * 8 a graded homesite with survey stakes; the backdrop (sky, trees, lawn) and the street are shared.
 */
import { LISTING_STYLES, elevation, windowShape } from './listing-elevations';
import { tree, clouds } from './shapes';
import { createRandom, FONT, linearGradient, r1, svgDocument } from './svg';

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

export function listingSvg(n: number, outW: number, outH: number): string {
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
        for (const dx of [30, 130]) {
          body += windowShape(x + dx, baseY - 140 * (s + 1) + 40, 62, 80, {
            ...LISTING_STYLES[3]!,
            shutters: undefined,
            trim: '#f4efe6',
            glass: '#4d6a86',
          });
        }
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
