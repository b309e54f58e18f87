/**
 * The offline pack (DESIGN §5): after an online visit, every community, listing and the site settings are pulled
 * into IndexedDB, and the image URLs they reference are handed to the service worker to warm its image cache,
 * so every public page opens offline (the sales agent at an open house with no signal).
 */
import { COMMUNITY_IMAGE_PREFIX, DEFAULT_COMMUNITY_IMAGE, IMAGE_VARIANT_WIDTHS } from '@domain/constants';
import { resolveCommunityImage } from '@domain/community-image';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { SiteSettings } from '@domain/schemas/settings';
import { getJson } from './http-client';
import { META_KEYS, writeMeta } from './local-db';
import {
  answerMark,
  fetchCommunityPages,
  storeCommunities,
  storeListings,
  storeSettings,
} from './repositories/public-repository';

export interface OfflinePackResult {
  communities: number;
  listings: number;
  /** Every image the stored pages show, including the WebP srcset variants of the site's own JPEGs. */
  imageUrls: string[];
}

/** `/images/x/name.jpg` → `/images/x/name-960.webp` (mirrors data-seed's webpVariant). */
export function webpVariant(jpegPath: string, width: number): string {
  return jpegPath.replace(/\.jpe?g$/i, `-${width}.webp`);
}

/** How many photos a listing page shows in its grid (features/listings/listing-gallery.tsx). */
const GALLERY_GRID_PHOTOS = 3;

/** Bare listing photo names live here (utils/images listingImage). */
const LISTING_IMAGE_PREFIX = '/images/listings/';

const hasVariants = (url: string) => /^\/images\/.+\.jpe?g$/i.test(url);

/**
 * An upload's WebP variants from the URL of its largest (`/uploads/<hash>-<width>.webp`): the standard widths
 * below that width (api/uploads variantWidths). The listing page's srcset (features/listings/gallery-sizes.ts).
 */
export function uploadVariantUrls(url: string): string[] {
  const upload = /^(\/uploads\/\w+)-(\d+)\.webp$/.exec(url);
  if (!upload) return [];
  const largest = Number(upload[2]);
  return IMAGE_VARIANT_WIDTHS.filter((width) => width < largest).map((width) => `${upload[1]}-${width}.webp`);
}

/** The URLs to cache for these records: resolved like the pages resolve them, de-duplicated, sorted. */
export function collectImageUrls(
  communities: readonly Community[],
  listings: readonly Listing[],
  settings?: SiteSettings,
): string[] {
  const urls = new Set<string>();
  const add = (image: string | undefined | null, fallback = '', prefix = COMMUNITY_IMAGE_PREFIX) => {
    const url = resolveCommunityImage(image?.trim(), fallback, prefix);
    if (!url) return '';
    urls.add(url);
    if (hasVariants(url)) for (const width of IMAGE_VARIANT_WIDTHS) urls.add(webpVariant(url, width));
    return url;
  };
  for (const community of communities) {
    add(community.image, DEFAULT_COMMUNITY_IMAGE);
    add(community.sections?.hero?.backgroundImage);
  }
  for (const listing of listings) {
    const photos = (listing.images ?? []).map((image) => add(image, '', LISTING_IMAGE_PREFIX));
    // The photos of the page's grid (the cover is also its first paint and its card's picture): every width the
    // browser may pick from their srcset. The others show only in the viewer, whose srcset offers every width:
    // offline, the service worker answers a width not kept with the stored one (sw.ts anotherWidthOf).
    for (const photo of photos.slice(0, GALLERY_GRID_PHOTOS)) for (const variant of uploadVariantUrls(photo)) urls.add(variant);
  }
  add(settings?.appearance.logoUrl);
  add(settings?.appearance.favicon);
  return [...urls].sort();
}

/** Downloads every public community and listing (and the settings) into IndexedDB; records offlinePackAt. */
export async function refreshOfflinePack(now: () => number = Date.now): Promise<OfflinePackResult> {
  // What the visitor's pages hear from the server while these lists download is newer: it is left as it is.
  const fetchedAt = answerMark();
  const [communities, listings, settings] = await Promise.all([
    fetchCommunityPages('full'),
    getJson<Listing[]>('public/listings'),
    getJson<SiteSettings>('public/settings'),
  ]);
  await storeCommunities(communities, fetchedAt);
  await storeListings(listings, undefined, fetchedAt);
  await storeSettings(settings);
  await writeMeta(META_KEYS.offlinePackAt, now());
  return {
    communities: communities.length,
    listings: listings.length,
    imageUrls: collectImageUrls(communities, listings, settings),
  };
}

/**
 * Asks the browser to keep this site's storage under pressure (DESIGN §5: after admin login and when the pack is
 * stored). Resolves true when storage is (now) persistent; false when refused or not supported.
 */
export async function persistStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
