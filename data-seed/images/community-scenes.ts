/**
 * Community images: a golden-hour street of homes tinted with the community's theme colour (a look per known
 * community: water, trees, farm, windmill, wall), as a card or a hero, and the default image (Houston's skyline
 * at dusk).
 */
import { clouds, monumentSign, silhouetteHouse, tree, windmill, type TreeKind } from './shapes';
import { createRandom, linearGradient, mix, r1, radialGlow, svgDocument } from './svg';

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

export interface SceneCommunity {
  slug: string;
  name: string;
  location: string;
  color: string;
}

export function communitySvg(community: SceneCommunity, mode: 'card' | 'hero', outW: number, outH: number): string {
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
export function defaultCommunitySvg(outW: number, outH: number): string {
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
