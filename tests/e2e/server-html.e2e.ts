/**
 * What the server sends before any script runs (DESIGN §4 "Server-side rendering"): real text, per-page head
 * tags and structured data for crawlers and link previews, 404s for missing pages, robots.txt and sitemap.xml.
 * Read with plain fetch, and in Chromium with JavaScript disabled; and a button pressed on that page before the
 * app's code has arrived still does its job once it has.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { publicCommunities, publicCommunity, publicListings, uniqueEmail, waitForLeads } from './support/api';
import { launchBrowser, newPage, settle } from './support/browser';
import { COMPILE_HINT, HINTED_MIN_BYTES } from '../../scripts/vite/compile-hints';
import { siteUrl } from './support/env';
import { bodyText, fetchPage, findJsonLd, hasType, headTags, jsonLdNodes, usd } from './support/html';

let browser: Browser;
let communities: Community[];
let austinPoint: Community;
let listing: Listing;

beforeAll(async () => {
  browser = await launchBrowser();
  communities = await publicCommunities();
  austinPoint = await publicCommunity('austin-point');
  const listings = await publicListings(austinPoint.id);
  listing = listings.find((candidate) => candidate.description.trim() !== '') ?? listings[0]!;
});

afterAll(async () => {
  await browser?.close();
});

describe('a listing page before any script runs', () => {
  it('has the title, the price in USD and RealEstateListing JSON-LD with an Offer in the server HTML', async () => {
    const { status, headers, html } = await fetchPage(`/listing/${listing.id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    const text = bodyText(html);
    expect(text).toContain(listing.title);
    expect(text).toContain(usd(listing.price));

    const jsonLd = findJsonLd(html, 'RealEstateListing');
    expect(jsonLd, 'a RealEstateListing JSON-LD node').toBeDefined();
    const offers = ([] as unknown[]).concat(jsonLd!.offers ?? []) as Record<string, unknown>[];
    const offer = offers.find((candidate) => hasType(candidate, 'Offer'));
    expect(offer, 'an Offer in RealEstateListing.offers').toBeDefined();
    expect(Number(offer!.price)).toBe(listing.price);
    expect(offer!.priceCurrency).toBe('USD');
  });

  it('shows the title and price in Chromium with JavaScript disabled', async () => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      const response = await page.goto(`/listing/${listing.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toContain(listing.title);
      expect(await page.getByText(usd(listing.price)).first().isVisible()).toBe(true);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = blocks.flatMap((block) => jsonLdNodes(`<script type="application/ld+json">${block}</script>`));
      expect(types.some((node) => hasType(node, 'RealEstateListing'))).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('the contact form with JavaScript disabled', () => {
  it('is posted by the browser, stored as a lead and answered with the thank-you, with nothing in the address', async () => {
    const { page, close } = await newPage(browser, { javaScriptEnabled: false });
    try {
      const email = uniqueEmail('no-js-contact');
      const requestedUrls: string[] = [];
      page.on('request', (request) => requestedUrls.push(request.url()));
      await page.goto('/contact');
      const form = page.locator('form.contact-form');
      await form.getByLabel('Name').fill('Nadia Okafor');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Interest').selectOption('buying');
      await form.getByLabel('Message').fill('No scripts on this phone; please call me.');
      await Promise.all([
        page.waitForURL(/\/contact\?sent=1$/),
        form.getByRole('button', { name: 'Send Message' }).click(),
      ]);
      expect(await page.getByText("Thank you for your message! We'll get back to you soon.").isVisible()).toBe(true);
      // The visitor's details went in the POST body, never in an address (history, logs, Referer).
      expect(requestedUrls.filter((url) => url.includes('Nadia') || url.includes(encodeURIComponent(email)))).toEqual(
        [],
      );
      const [lead] = await waitForLeads(email, { settleMs: 0 });
      expect(lead).toMatchObject({
        name: 'Nadia Okafor',
        interest: 'buying',
        message: 'No scripts on this phone; please call me.',
        source: 'contact-page',
        status: 'NEW',
      });
    } finally {
      await close();
    }
  });
});

describe("the contact form when the app's code never arrives", () => {
  it('Send, held while the code loads, posts the form itself once it fails: the lead is stored', async () => {
    const { page, close } = await newPage(browser, { serviceWorkers: 'block' });
    try {
      // A dead connection or a page a CDN kept from the previous build: the entry fails after a while.
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.abort('failed');
      });
      await page.goto('/contact');
      const email = uniqueEmail('entry-failed-contact');
      const form = page.locator('form.contact-form');
      await form.getByLabel('Name').fill('Eli Stale');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Message').fill('Sent from a page whose app never started.');
      await Promise.all([
        page.waitForURL(/\/contact\?sent=1$/, { timeout: 15_000 }),
        form.getByRole('button', { name: 'Send Message' }).click(),
      ]);
      expect(await page.locator('html[data-app-ready]').count(), 'the app never started').toBe(0);
      expect(await page.getByText("Thank you for your message! We'll get back to you soon.").isVisible()).toBe(true);
      const [lead] = await waitForLeads(email, { settleMs: 0 });
      expect(lead).toMatchObject({ name: 'Eli Stale', source: 'contact-page', status: 'NEW' });
    } finally {
      await close();
    }
  }, 60_000);
});

describe('a server-rendered page before the app has started', () => {
  it('replays a button press made before the app was ready: Schedule Visit opens its dialog', async () => {
    const { page, close } = await newPage(browser, { serviceWorkers: 'block' });
    try {
      // The app's entry arrives two seconds late, as on a slow phone link: the page is shown and tappable first.
      let entryRequested = false;
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        entryRequested = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      });
      await page.goto('/community/austin-point', { waitUntil: 'domcontentloaded' });
      expect(await page.locator('html[data-app-ready]').count(), 'the app is not ready yet').toBe(0);
      // The page's own button (the community top bar's copy is off screen until scrolled); no waiting for the app.
      await page.getByRole('button', { name: 'Schedule Visit', exact: true }).last().click();
      await page.getByRole('dialog', { name: 'Schedule Visit' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(entryRequested).toBe(true);
      expect(await page.getByRole('dialog', { name: 'Schedule Visit' }).count(), 'one dialog, opened once').toBe(1);
    } finally {
      await close();
    }
  }, 60_000);
});

describe('the JavaScript a public page starts with', () => {
  it("carries V8's compile hint as its first line: the entry and every file it preloads but the smallest", async () => {
    const { html } = await fetchPage('/community/austin-point');
    const starter = /<script defer src="[^"]+" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
    expect(starter, 'the starter tag with the entry and its preloads').not.toBeNull();
    const files = [starter![1]!, ...starter![2]!.split(' ').filter(Boolean)];
    expect(files.length).toBeGreaterThan(1);
    // The page's own code is fetched alongside the entry, not after it has run (api/ssr/route-preloads.ts).
    expect(
      files.some((file) => /^\/assets\/community-[\w-]+\.js$/.test(file)),
      `the community route's chunk among ${files.join(' ')}`,
    ).toBe(true);
    const hinted: string[] = [];
    for (const file of files) {
      const code = await (await fetch(siteUrl(file))).text();
      // Chunks under HINTED_MIN_BYTES go without it (scripts/vite/compile-hints.ts); the rest must have it.
      const large = code.replace(COMPILE_HINT, '').length >= HINTED_MIN_BYTES;
      expect(code.startsWith(COMPILE_HINT), `${file} (${code.length} B)`).toBe(large);
      if (large) hinted.push(file);
    }
    // The entry and the community route's chunk are well above the threshold.
    expect(hinted).toEqual(expect.arrayContaining([starter![1]!, expect.stringMatching(/^\/assets\/community-/)]));
  });
});

describe('the stylesheet of a server-rendered page', () => {
  it('is inlined and never loaded again, also when lazy chunks that import the entry arrive', async () => {
    const { page, close } = await newPage(browser, { serviceWorkers: 'block' });
    try {
      const stylesheetRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/index-[\w-]+\.css$/.test(request.url())) stylesheetRequests.push(request.url());
      });
      await page.goto('/community/austin-point');
      await settle(page);
      // The filter bar is a lazy chunk that imports from the entry (features/search).
      await page.locator('#homes').getByLabel('Type', { exact: true }).waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      expect(stylesheetRequests).toEqual([]);
      const enabledLinks = await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.disabled)
            .length,
      );
      expect(enabledLinks).toBe(0);
      // Still styled: the inlined rules apply.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    } finally {
      await close();
    }
  });
});

describe('structured data and head tags', () => {
  it('a community page has Place and BreadcrumbList JSON-LD', async () => {
    const { status, html } = await fetchPage('/community/austin-point');
    expect(status).toBe(200);
    const place = findJsonLd(html, 'Place');
    expect(place, 'a Place JSON-LD node').toBeDefined();
    expect(place!.name).toBe(austinPoint.name);
    const breadcrumbs = findJsonLd(html, 'BreadcrumbList');
    expect(breadcrumbs, 'a BreadcrumbList JSON-LD node').toBeDefined();
    const items = breadcrumbs!.itemListElement as { name?: string; position?: number }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.map((item) => item.name)).toContain(austinPoint.name);
  });

  it('the home page has RealEstateAgent JSON-LD', async () => {
    const { status, html } = await fetchPage('/');
    expect(status).toBe(200);
    expect(findJsonLd(html, 'RealEstateAgent'), 'a RealEstateAgent JSON-LD node').toBeDefined();
  });

  it('each public page has its own title, meta description, canonical URL and og:title', async () => {
    const pages = ['/', '/communities', '/community/austin-point', `/listing/${listing.id}`, '/contact'];
    const titles = new Map<string, string>();
    for (const pathname of pages) {
      const { status, html } = await fetchPage(pathname);
      expect(status, pathname).toBe(200);
      const head = headTags(html);
      expect(head.title, `${pathname} <title>`).toBeTruthy();
      expect(head.description, `${pathname} meta description`).toBeTruthy();
      expect(head.canonical, `${pathname} canonical`).toBe(siteUrl(pathname));
      expect(head.ogTitle, `${pathname} og:title`).toBeTruthy();
      expect(head.robots ?? '', `${pathname} robots`).not.toMatch(/noindex/i);
      titles.set(pathname, head.title!);
    }
    expect(new Set(titles.values()).size, `distinct titles: ${JSON.stringify([...titles])}`).toBe(pages.length);
    expect(titles.get('/community/austin-point')).toContain(austinPoint.name);
    expect(titles.get(`/listing/${listing.id}`)).toContain(listing.title);
  });

  it('a community opened by its id renders it, with the slug URL as canonical', async () => {
    const { status, html } = await fetchPage(`/community/${austinPoint.id}`);
    expect(status).toBe(200);
    expect(bodyText(html)).toContain(austinPoint.name);
    expect(headTags(html).canonical).toBe(siteUrl('/community/austin-point'));
  });
});

describe('missing pages', () => {
  it.each([
    ['/community/does-not-exist', 'Community Not Found'],
    ['/listing/does-not-exist', 'Listing Not Found'],
  ])('%s answers 404 with "%s"', async (pathname, text) => {
    const { status, headers, html } = await fetchPage(pathname);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(bodyText(html)).toContain(text);
  });

  it('an unknown page asked for as HTML answers 404 with an HTML page', async () => {
    const { status, headers, html } = await fetchPage('/no-such-page/at-all');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/<html/i);
  });

  it("holds a public page's first paint for its footer; the admin and kiosk shells, which have none, paint at once", async () => {
    const waitsForFooter = /<link rel="expect" href="#site-footer" blocking="render"/;
    expect((await fetchPage('/community/austin-point')).html).toMatch(waitsForFooter);
    expect((await fetchPage('/no-such-page/at-all')).html).toMatch(waitsForFooter);
    for (const shell of ['/admin/login', '/admin/contacts', '/kiosk/austin-point']) {
      const { status, html } = await fetchPage(shell);
      expect(status, shell).toBe(200);
      expect(html, shell).not.toMatch(/rel="expect"/);
      expect(html, shell).toMatch(/<div id="root">/);
    }
  });

  it('an unknown API path answers a 404 JSON error, never the HTML page', async () => {
    const { status, headers, html } = await fetchPage('/api/no-such-thing');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(html)).toHaveProperty('error');
  });
});

describe('crawler files', () => {
  it('robots.txt disallows /admin', async () => {
    const { status, html } = await fetchPage('/robots.txt', 'text/plain');
    expect(status).toBe(200);
    expect(html).toMatch(/^Disallow:\s*\/admin\s*$/m);
  });

  it('sitemap.xml lists /community/austin-point, every community and every listing', async () => {
    const { status, headers, html } = await fetchPage('/sitemap.xml', 'application/xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/xml/);
    expect(html).toContain(`<loc>${siteUrl('/community/austin-point')}</loc>`);
    for (const community of communities)
      expect(html).toContain(`<loc>${siteUrl(`/community/${community.slug}`)}</loc>`);
    expect(html).toContain(`<loc>${siteUrl(`/listing/${listing.id}`)}</loc>`);
  });
});
