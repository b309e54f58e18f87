import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  communityInputSchema,
  communitySchema,
  leadInputSchema,
  leadSchema,
  FOOTER_COMMUNITY_SLUGS,
  IMAGE_VARIANT_WIDTHS,
  leadStatusSchema,
  LISTING_STATUSES,
  LISTING_TYPES,
  listingInputSchema,
  listingSchema,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  propertyInputSchema,
  propertySchema,
  slugify,
} from '../domain';
import { parseSeed, rawSeed, seedData, seedImagePaths, seedRecords, webpVariant } from './index';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

function expectValid(schema: z.ZodType, record: unknown, label: string) {
  const result = schema.safeParse(record);
  expect(result.success, `${label}: ${result.success ? '' : z.prettifyError(result.error)}`).toBe(true);
}

describe('seed records pass the domain input schemas', () => {
  it('has the expected amount of example data', () => {
    expect(rawSeed.communities.length).toBeGreaterThanOrEqual(8);
    expect(rawSeed.listings.length).toBeGreaterThanOrEqual(40);
    expect(rawSeed.properties.length).toBeGreaterThanOrEqual(20);
    expect(rawSeed.contacts.length).toBeGreaterThanOrEqual(4);
    expect(rawSeed.contacts.length).toBeLessThanOrEqual(6);
  });

  it('every raw record parses', () => {
    rawSeed.communities.forEach((c) => expectValid(communityInputSchema, c, `community ${c.slug}`));
    rawSeed.listings.forEach((l) => expectValid(listingInputSchema, l, `listing ${l.title}`));
    rawSeed.properties.forEach((p) => expectValid(propertyInputSchema, p, `property ${p.title}`));
    rawSeed.contacts.forEach((c) => {
      expectValid(leadInputSchema, c, `contact ${c.name}`);
      expectValid(leadStatusSchema, c.status, `contact ${c.name} status`);
      expect(typeof c.notes).toBe('string');
    });
  });

  it('parseSeed and seedData agree, and stored-shape records pass the stored schemas', () => {
    expect(parseSeed()).toEqual(seedData);
    const records = seedRecords();
    records.communities.forEach((c) => expectValid(communitySchema, c, `stored community ${c.slug}`));
    records.listings.forEach((l) => expectValid(listingSchema, l, `stored listing ${l.title}`));
    records.properties.forEach((p) => expectValid(propertySchema, p, `stored property ${p.title}`));
    records.contacts.forEach((c) => expectValid(leadSchema, c, `stored contact ${c.name}`));
    for (const record of [...records.communities, ...records.listings, ...records.properties, ...records.contacts]) {
      expect(record.version).toBe(1);
      expect(record.updatedAt).toBe(record.createdAt);
      expect(Date.parse(record.createdAt)).not.toBeNaN();
    }
  });
});

describe('identity and references', () => {
  it('ids are unique UUID v4 across every collection', () => {
    const ids = [...seedData.communities, ...seedData.listings, ...seedData.properties, ...seedData.contacts].map(
      (r) => r.id,
    );
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('slugs are unique, derived from the names, and include the four footer slugs', () => {
    const slugs = seedData.communities.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const community of seedData.communities) expect(community.slug).toBe(slugify(community.name));
    for (const slug of FOOTER_COMMUNITY_SLUGS) expect(slugs).toContain(slug);
  });

  it("every listing's communityId exists and every community has available listings", () => {
    const communityIds = new Set(seedData.communities.map((c) => c.id));
    for (const listing of seedData.listings) expect(communityIds.has(listing.communityId), listing.title).toBe(true);
    for (const community of seedData.communities) {
      const available = seedData.listings.filter((l) => l.communityId === community.id && l.status === 'AVAILABLE');
      expect(available.length, community.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('contacts point at real listings and communities and use example.com addresses', () => {
    const listingsById = new Map(seedData.listings.map((l) => [l.id, l]));
    const communityIds = new Set(seedData.communities.map((c) => c.id));
    for (const contact of seedData.contacts) {
      expect(contact.email).toMatch(/@example\.com$/);
      if (contact.listingId) {
        expect(listingsById.get(contact.listingId)?.title).toBe(contact.listingTitle);
      }
      if (contact.communityId) expect(communityIds.has(contact.communityId)).toBe(true);
    }
  });
});

describe('coverage of the example data', () => {
  it('covers every listing type and status', () => {
    expect(new Set(seedData.listings.map((l) => l.type))).toEqual(new Set(LISTING_TYPES));
    expect(new Set(seedData.listings.map((l) => l.status))).toEqual(new Set(LISTING_STATUSES));
  });

  it('covers every property type and status', () => {
    expect(new Set(seedData.properties.map((p) => p.propertyType))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(seedData.properties.map((p) => p.status))).toEqual(new Set(PROPERTY_STATUSES));
    for (const property of seedData.properties) {
      expect(property.state).toBe('TX');
      expect(property.zipCode).toMatch(/^\d{5}$/);
    }
  });

  it('has listings without a description (to show the fallback text) and addresses in Texas', () => {
    expect(seedData.listings.some((l) => l.description === '')).toBe(true);
    for (const listing of seedData.listings) expect(listing.address).toMatch(/, TX \d{5}$/);
  });

  it('gives every community 3+ homes, 2+ builders, amenities, schools and full sections', () => {
    for (const community of seedData.communities) {
      expect(community.homes.length, community.slug).toBeGreaterThanOrEqual(3);
      expect(community.builders.length, community.slug).toBeGreaterThanOrEqual(2);
      expect(community.amenities.length, community.slug).toBeGreaterThanOrEqual(5);
      expect(community.amenities.length, community.slug).toBeLessThanOrEqual(8);
      expect(community.schools.length, community.slug).toBeGreaterThanOrEqual(2);
      expect(community.schools.length, community.slug).toBeLessThanOrEqual(4);
      expect(community.imageAlt, community.slug).not.toBe('');
      const { hero, about, homes, builders } = community.sections;
      expect(
        hero.title && hero.subtitle && about.content && homes.title && builders.title,
        community.slug,
      ).toBeTruthy();
      if (hero.backgroundType === 'image') expect(hero.backgroundImage, community.slug).not.toBe('');
    }
    expect(seedData.communities.some((c) => !c.sections.builders.visible)).toBe(true);
    expect(seedData.communities.some((c) => c.sections.hero.backgroundType === 'color')).toBe(true);
    expect(seedData.communities.some((c) => c.sections.hero.backgroundType === 'image')).toBe(true);
  });

  it('gives every community a distinct theme colour that white text can sit on (WCAG AA)', () => {
    const colours = seedData.communities.map((c) => c.theme.primaryColor.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
    for (const community of seedData.communities) {
      expect(contrastWithWhite(community.theme.primaryColor), community.slug).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('images referenced by the seed data', () => {
  const paths = seedImagePaths();

  it('every referenced image exists under web/public, with its WebP variants', () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const image of [...paths, '/images/communities/default.jpg']) {
      expect(image.startsWith('/images/'), image).toBe(true);
      const file = path.join(PUBLIC_DIR, image);
      expect(existsSync(file), `${image} is missing: run npm run seed:images`).toBe(true);
      expect(statSync(file).size, `${image} is larger than 150 KB`).toBeLessThanOrEqual(150 * 1024);
      for (const width of IMAGE_VARIANT_WIDTHS) {
        expect(existsSync(path.join(PUBLIC_DIR, webpVariant(image, width))), webpVariant(image, width)).toBe(true);
      }
    }
  });

  it('community images and heroes have the agreed sizes', async () => {
    for (const community of seedData.communities) {
      const card = await sharp(path.join(PUBLIC_DIR, community.image)).metadata();
      expect([card.format, card.width, card.height], community.image).toEqual(['jpeg', 1200, 800]);
      const heroImage = community.sections.hero.backgroundImage;
      if (heroImage) {
        const hero = await sharp(path.join(PUBLIC_DIR, heroImage)).metadata();
        expect([hero.format, hero.width, hero.height], heroImage).toEqual(['jpeg', 1920, 1080]);
      }
    }
    const variant = await sharp(path.join(PUBLIC_DIR, webpVariant(seedData.communities[0]!.image, 480))).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(['webp', 480, 320]);
  });

  it('the app icons exist at their sizes', async () => {
    for (const [name, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['maskable-512.png', 512],
    ] as const) {
      const meta = await sharp(path.join(PUBLIC_DIR, 'icons', name)).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', size, size]);
    }
  });
});
