/**
 * Generates the example images (`npm run seed:images`): community cards and heroes, the default community image,
 * listing photos and the app icons. Everything is drawn from SVG built here (gradients, house, tree and skyline
 * shapes, the community name on a monument sign) and encoded with sharp: nothing is downloaded, and the output is
 * deterministic (the only randomness is a PRNG seeded from each image's name).
 *
 * Every JPEG gets WebP siblings at IMAGE_VARIANT_WIDTHS (`name-480.webp`, …) for `srcset`; each size is rendered from
 * the vector source, so no variant is an upscale.
 *
 * This file is the script entry and says which images there are; the drawing is in images/ (svg.ts the toolkit,
 * shapes.ts, community-scenes.ts, listing-elevations.ts, listing-photos.ts, icons.ts) and the encoding in
 * images/encode.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { communitySvg, defaultCommunitySvg, type SceneCommunity } from './images/community-scenes';
import { PUBLIC_DIR, writeImageSet, writePng, type Written } from './images/encode';
import { iconSvg } from './images/icons';
import { listingSvg } from './images/listing-photos';
import { seedData } from './index';

/** Writes every image under `publicDir` (default web/public) and lists what it wrote. */
export async function generateImages(publicDir: string = PUBLIC_DIR): Promise<Written[]> {
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
    written.push(...(await writeImageSet(publicDir, card, CARD, (w, h) => communitySvg(scene, 'card', w, h))));
    const hero = community.sections.hero.backgroundImage;
    if (hero)
      written.push(...(await writeImageSet(publicDir, hero, HERO, (w, h) => communitySvg(scene, 'hero', w, h))));
  }
  written.push(...(await writeImageSet(publicDir, '/images/communities/default.jpg', CARD, defaultCommunitySvg)));

  const listingImages = new Set<string>();
  for (const listing of seedData.listings) for (const image of listing.images) listingImages.add(image);
  for (const image of [...listingImages].sort()) {
    const match = /\/images\/listings\/(\d+)\.jpg$/.exec(image);
    if (!match) throw new Error(`Listing image ${image} must be /images/listings/<n>.jpg so it can be generated`);
    const n = Number(match[1]);
    written.push(...(await writeImageSet(publicDir, image, CARD, (w, h) => listingSvg(n, w, h))));
  }

  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['maskable-512.png', 512, true],
  ] as const) {
    written.push(await writePng(path.join(publicDir, 'icons', name), iconSvg(size, maskable)));
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
