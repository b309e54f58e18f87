/**
 * Server rendering of every public page through the real entry (routes, loaders, heads), with a reader over the
 * example data: the spec's texts, the 404s and the structured data, before any browser script runs.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@domain/schemas/settings';
import { seedRecords, type SeedRecords } from '@data-seed';
import { render, type RenderResult } from '@/entry-server';
import type { PublicReader } from '@/data/public-reader';

const ORIGIN = 'https://homes.example.com';
let seed: SeedRecords;
let reader: PublicReader;

beforeAll(() => {
  seed = seedRecords();
  reader = {
    listCommunities: async () => seed.communities,
    getCommunity: async (idOrSlug) => seed.communities.find((c) => c.id === idOrSlug || c.slug === idOrSlug) ?? null,
    listListings: async (communityId) => seed.listings.filter((l) => !communityId || l.communityId === communityId),
    getListing: async (id) => seed.listings.find((l) => l.id === id) ?? null,
    getSettings: async () => DEFAULT_SITE_SETTINGS,
  };
});

const page = (url: string): Promise<RenderResult> => render(url, ORIGIN, reader);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const jsonLdTypes = (head: string) =>
  [...head.matchAll(/<script data-head type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => (JSON.parse(match[1]!) as { '@type': string })['@type'],
  );

describe('public pages rendered on the server', () => {
  it("a loader's unexpected failure: a 500 that says so, with its own words kept for the server's log", async () => {
    const failure = new Error('Storage unavailable: cannot reach PostgreSQL (db.internal:5432)');
    const failing: PublicReader = { ...reader, getCommunity: () => Promise.reject(failure) };
    const result = await render('/community/austin-point', ORIGIN, failing);
    expect(result.status).toBe(500);
    expect(result.error).toBe(failure);
    const body = text(result.html);
    expect(body).toContain('Unexpected Application Error!');
    expect(body).toContain('Something went wrong on our side. Please try again in a moment.');
    expect(result.html + result.dataScript).not.toContain('db.internal');
    // A page that loads is not marked.
    expect((await page('/contact')).error).toBeUndefined();
  });

  it('the footer shows the year of the render, not of the server start (a server started in December)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 11, 31, 23, 0));
      expect(text((await page('/contact')).html)).toContain('© 2026');
      vi.setSystemTime(new Date(2027, 0, 1, 9, 0));
      expect(text((await page('/contact')).html)).toContain('© 2027');
    } finally {
      vi.useRealTimers();
    }
  });

  it('home: hero, figures from the records, featured communities, closing call to action, footer', async () => {
    const result = await page('/');
    expect(result.status).toBe(200);
    const body = text(result.html);
    for (const expected of [
      'Find Your Perfect Houston Community',
      // Label then value (<dt>, <dd>): 9 example communities, their lowest price range starts in the $230s.
      `Communities ${seed.communities.length}`,
      'Starting Prices $230K+',
      'Builders',
      'School Districts',
      'Why Houston?',
      'Ready to Find Your Perfect Houston Community?',
      'Start your journey today and discover the ideal neighborhood for your lifestyle.',
      'Explore Communities',
      'Contact Us',
      "Discover exceptional homes in Houston's premier communities.",
      'Quick Links',
      'Houston, Texas',
      DEFAULT_SITE_SETTINGS.general.contactPhone,
      `© ${new Date().getFullYear()}`,
      'Information About Brokerage Services',
      'Consumer Protection Notice',
    ])
      expect(body).toContain(expected);
    for (const slug of ['austin-point', 'emberly', 'indigo', 'stonecreek-estates'])
      expect(result.html).toContain(`href="/community/${slug}"`);
    for (const placeholder of ['6+', '15+', 'A+', '@example.com']) expect(body).not.toContain(placeholder);
    expect(result.html).toContain('data-scrolled="false"');
    expect(result.html).toContain('aria-label="Search"');
    expect(jsonLdTypes(result.head)).toContain('RealEstateAgent');
  });

  it('communities: every community, descriptions cut at 120 characters', async () => {
    const result = await page('/communities');
    expect(result.status).toBe(200);
    const long = seed.communities.find((c) => c.description.length > 120)!;
    expect(text(result.html)).toContain(`${long.description.slice(0, 120)}...`);
    for (const community of seed.communities) expect(result.html).toContain(`href="/community/${community.slug}"`);
  });

  it('communities: a large catalogue in pages of 24, plain links between them, canonical per page', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      ...seed.communities[0]!,
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      slug: `catalogue-${index + 1}`,
      name: `Catalogue Community ${index + 1}`,
    }));
    const big = (url: string) => render(url, ORIGIN, { ...reader, listCommunities: async () => many });
    const first = await big('/communities');
    expect(first.status).toBe(200);
    expect(first.html.match(/href="\/community\/catalogue-/g)).toHaveLength(24);
    expect(text(first.html)).toContain('60 communities · showing 1-24');
    expect(first.html).toContain('href="/communities?page=2"');
    expect(first.head).toContain(`<link data-head rel="canonical" href="${ORIGIN}/communities">`);

    const last = await big('/communities?page=3');
    expect(text(last.html)).toContain('showing 49-60');
    expect(last.html).toContain('href="/community/catalogue-60"');
    expect(last.html).not.toContain('href="/community/catalogue-48"');
    expect(last.head).toContain(`<link data-head rel="canonical" href="${ORIGIN}/communities?page=3">`);
    // Past the end, or not a number: the nearest real page, never an empty one.
    expect(text((await big('/communities?page=99')).html)).toContain('showing 49-60');
    expect(text((await big('/communities?page=x')).html)).toContain('showing 1-24');
  });

  it('community by slug and by id: own layout, theme, sections, listings, canonical slug URL', async () => {
    const austin = seed.communities.find((c) => c.slug === 'austin-point')!;
    for (const url of ['/community/austin-point', `/community/${austin.id}`]) {
      const result = await page(url);
      expect(result.status).toBe(200);
      expect(result.head).toContain(`<link data-head rel="canonical" href="${ORIGIN}/community/austin-point">`);
      expect(jsonLdTypes(result.head)).toEqual(['Place', 'BreadcrumbList']);
      expect(result.html).toContain('class="community-bar"');
      expect(result.html).toContain('data-visible="false"');
      expect(result.html).not.toContain('class="site-header"');
      expect(result.html).not.toContain('Ready to Find Your Perfect Houston Community?');
      expect(result.html).toContain(`--primary:${austin.theme.primaryColor}`);
      expect(result.html).toContain('id="homes"');
      const available = seed.listings.filter((l) => l.communityId === austin.id && l.status === 'AVAILABLE');
      const other = seed.listings.find((l) => l.communityId === austin.id && l.status !== 'AVAILABLE');
      for (const listing of available) expect(result.html).toContain(`href="/listing/${listing.id}"`);
      if (other) expect(result.html).not.toContain(`href="/listing/${other.id}"`);
    }
  });

  it('a community whose builders section is hidden does not show it', async () => {
    const timber = seed.communities.find((c) => c.slug === 'timber-hollow')!;
    expect(timber.sections.builders.visible).toBe(false);
    const result = await page('/community/timber-hollow');
    expect(text(result.html)).not.toContain(timber.builders[0]!.name);
  });

  it('listing: facts, listed date, RealEstateListing with an Offer, link to its community', async () => {
    const listing = seed.listings.find((l) => l.status === 'AVAILABLE' && l.description)!;
    const community = seed.communities.find((c) => c.id === listing.communityId)!;
    const result = await page(`/listing/${listing.id}`);
    expect(result.status).toBe(200);
    const body = text(result.html);
    expect(body).toContain(listing.title);
    expect(body).toContain(listing.address);
    expect(body).toContain(`$${listing.price.toLocaleString('en-US')}`);
    expect(body).toContain(`${community.amenities.length} amenities`);
    for (const label of [
      'Contact Agent',
      'Request Information',
      'Schedule Tour',
      'Schedule Viewing',
      'Save to Favorites',
    ])
      expect(body).toContain(label);
    expect(result.html).toContain(`href="/community/${community.slug}"`);
    expect(jsonLdTypes(result.head)).toEqual(['RealEstateListing', 'BreadcrumbList']);
    expect(result.head).toContain('"priceCurrency":"USD"');
  });

  it('contact: the form fields, the five interests and the office details', async () => {
    const result = await page('/contact');
    expect(result.status).toBe(200);
    for (const name of ['name', 'email', 'phone', 'interest', 'message', 'website'])
      expect(result.html).toContain(`name="${name}"`);
    for (const label of [
      'General Inquiry',
      'Buying a Home',
      'Community Information',
      'Investment Opportunities',
      'Other',
    ])
      expect(text(result.html)).toContain(label);
    for (const network of ['Instagram', 'Facebook', 'LinkedIn', 'YouTube', 'TikTok'])
      expect(result.html).toContain(`aria-label="${network}"`);
  });

  it('contact: the form posts itself to /contact (no app running), and ?sent=1 shows the sent notice', async () => {
    const plain = await page('/contact');
    const form = /<form class="form contact-form"[^>]*>/.exec(plain.html)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contact"');
    expect(text(plain.html)).not.toContain('Thank you for your message!');
    const sent = await page('/contact?sent=1');
    expect(text(sent.html)).toContain("Thank you for your message! We'll get back to you soon.");
  });

  it.each(['privacy-policy', 'brokerage-services', 'consumer-protection'])('legal page %s renders', async (name) => {
    const result = await page(`/legal/${name}`);
    expect(result.status).toBe(200);
    expect(result.html).toContain('<h1>');
  });

  it.each([
    ['/community/does-not-exist', 'Community Not Found'],
    ['/listing/does-not-exist', 'Listing Not Found'],
    ['/legal/nothing', 'Page Not Found'],
    ['/no/such/page', 'Page Not Found'],
  ])('%s answers 404 with "%s"', async (url, heading) => {
    const result = await page(url);
    expect(result.status).toBe(404);
    expect(text(result.html)).toContain(heading);
    expect(result.head).toContain('noindex');
  });
});

describe('heads with blank optional settings (stored before the meta description was required, or no phone)', () => {
  const blank = {
    ...DEFAULT_SITE_SETTINGS,
    general: { ...DEFAULT_SITE_SETTINGS.general, contactPhone: '', contactEmail: '' },
    seo: { ...DEFAULT_SITE_SETTINGS.seo, metaDescription: '' },
  };
  const render_ = (url: string) => render(url, ORIGIN, { ...reader, getSettings: async () => blank });
  const description = (head: string) => /<meta data-head name="description" content="([^"]*)"/.exec(head)?.[1];

  it('the home page describes itself with the site description, and its JSON-LD has no empty phone', async () => {
    const { head } = await render_('/');
    expect(description(head)).toBe(DEFAULT_SITE_SETTINGS.general.siteDescription.replace("'", '&#39;'));
    const agent = [...head.matchAll(/<script data-head type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((node) => node['@type'] === 'RealEstateAgent')!;
    expect(agent).not.toHaveProperty('telephone');
    expect(agent.description).toBe(DEFAULT_SITE_SETTINGS.general.siteDescription);
  });

  it('the contact page names only the ways to reach the office that exist', async () => {
    expect(description((await render_('/contact')).head)).toBe(
      'Talk to a Houston new-home specialist: send us a message.',
    );
    const withPhone = { ...blank, general: { ...blank.general, contactPhone: '(713) 555-0100' } };
    const head = (await render('/contact', ORIGIN, { ...reader, getSettings: async () => withPhone })).head;
    expect(description(head)).toBe('Talk to a Houston new-home specialist: call (713) 555-0100 or send us a message.');
    const both = { ...withPhone, general: { ...withPhone.general, contactEmail: 'office@example.com' } };
    const full = (await render('/contact', ORIGIN, { ...reader, getSettings: async () => both })).head;
    expect(description(full)).toBe(
      'Talk to a Houston new-home specialist: call (713) 555-0100, email office@example.com or send us a message.',
    );
  });
});
