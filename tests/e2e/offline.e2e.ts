/**
 * Offline (DESIGN §1, §5): after one online visit the service worker controls the site and the offline pack has
 * every community and listing (IndexedDB 'houston-communities') and their images; then, with the network off,
 * every community and listing page opens with its images, and an inquiry typed offline is kept on the device and
 * reaches the server exactly once when the network returns.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import sharp from 'sharp';
import { adminToken, publicCommunities, publicListings, sleep, uniqueEmail, waitForLeads } from './support/api';
import { launchBrowser, newContext, newPage, type E2ePage } from './support/browser';
import { siteUrl } from './support/env';
import { localCounts, localMeta } from './support/local-db';

let browser: Browser;
let context: BrowserContext;
let tab: E2ePage;
let page: Page;
let communities: Community[];
let listings: Listing[];
let inFlight = 0;
/** Set by the first test: the later ones fail at once instead of timing out page after page. */
let packReady = false;
const requirePack = () => {
  if (!packReady) throw new Error('The online visit did not leave a working offline pack (see the first test)');
};
let lastNetworkActivity = Date.now();

/** Resolves when neither the page nor the service worker has had a request in flight for `quietMs`. */
async function networkQuiet(quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (inFlight === 0 && Date.now() - lastNetworkActivity >= quietMs) return;
    await sleep(200);
  }
}

/**
 * Loads every <img> (lazy ones too) and every CSS background image in the page and returns the broken ones.
 * Background images are loaded with new Image(), which goes through the service worker like the page would.
 */
async function brokenImages(target: Page): Promise<{ total: number; broken: string[] }> {
  return target.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    const backgrounds = new Set<string>();
    for (const element of document.querySelectorAll('body *')) {
      for (const match of getComputedStyle(element).backgroundImage.matchAll(/url\("?([^")]+)"?\)/g))
        if (!match[1]!.startsWith('data:')) backgrounds.add(match[1]!);
    }
    const settle = (image: HTMLImageElement) =>
      image.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true });
            image.addEventListener('error', () => resolve(), { once: true });
            setTimeout(resolve, 10_000);
          });
    const extra = [...backgrounds].map((url) => {
      const image = new Image();
      image.src = url;
      return image;
    });
    await Promise.all([...images, ...extra].map(settle));
    const broken = [...images, ...extra]
      .filter((image) => image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src);
    return { total: images.length + extra.length, broken };
  });
}

/** Sends the service worker the offline pack's image list (WARM_IMAGES, as the app does) and returns its answer. */
function warmPackImages(urls: string[]): Promise<Record<string, unknown>> {
  return page.evaluate(async (listed) => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise<Record<string, unknown>>((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data as Record<string, unknown>);
    });
    registration.active!.postMessage({ type: 'WARM_IMAGES', urls: listed }, [channel.port2]);
    return answer;
  }, urls);
}

async function expectPageOffline(pathname: string, text: string) {
  const response = await page.goto(pathname, { waitUntil: 'load' });
  expect(response === null || response.ok(), `${pathname} answered ${response?.status()}`).toBe(true);
  await page
    .getByText(text, { exact: true })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 })
    .catch(() => {});
  expect(await page.getByText(text, { exact: true }).first().isVisible(), `"${text}" on ${pathname} offline`).toBe(
    true,
  );
  for (const missing of ['Community Not Found', 'Listing Not Found', 'Unexpected Application Error!'])
    expect(await page.getByText(missing).count(), `${pathname}: ${missing}`).toBe(0);
  const images = await brokenImages(page);
  expect(images.total, `${pathname}: images on the page`).toBeGreaterThan(0);
  expect(images.broken, `${pathname}: images that did not load offline`).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  context.on('request', () => {
    inFlight += 1;
    lastNetworkActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastNetworkActivity = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  [communities, listings] = await Promise.all([publicCommunities(), publicListings()]);
  tab = await newPage(context);
  page = tab.page;
});

afterAll(async () => {
  await tab?.close();
  await context?.close();
  await browser?.close();
});

describe('offline after one online visit', () => {
  it('the service worker takes control and the offline pack stores every community and listing', async () => {
    await page.goto('/', { waitUntil: 'load' });
    const registered = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => Boolean(registration.active)),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
      ]),
    );
    expect(registered, 'a service worker is active within 30 s').toBe(true);

    const announced = page
      .getByText(/available offline/i)
      .first()
      .waitFor({ state: 'visible', timeout: 90_000 })
      .then(() => 'announced' as const);
    const stored = (async () => {
      for (;;) {
        const counts = await localCounts(page);
        if (counts && (counts.communities ?? 0) >= communities.length && (counts.listings ?? 0) >= listings.length)
          return 'stored' as const;
        await sleep(500);
      }
    })();
    const how = await Promise.race([announced, stored, sleep(90_000).then(() => 'timeout' as const)]);
    expect(how, 'the offline pack was announced or stored within 90 s').not.toBe('timeout');
    // The images are warmed by the service worker after the records are stored: wait for it to go quiet.
    await networkQuiet(3_000, 60_000);
    const counts = await localCounts(page);
    expect(counts?.communities, 'communities stored on the device').toBeGreaterThanOrEqual(communities.length);
    expect(counts?.listings, 'listings stored on the device').toBeGreaterThanOrEqual(listings.length);

    // A page opened now (as the agent would) is controlled by the worker.
    await page.reload({ waitUntil: 'load' });
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    packReady = true;
  }, 180_000);

  it('with the network off, /communities and every community page open with their images', async () => {
    requirePack();
    await context.setOffline(true);
    await expectPageOffline('/communities', communities[0]!.name);
    expect(await page.evaluate(() => navigator.onLine), 'the browser is offline').toBe(false);
    for (const community of communities) {
      await page.getByText(community.name, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
    }
    for (const community of communities) await expectPageOffline(`/community/${community.slug}`, community.name);
  }, 180_000);

  it('with the network off, every listing page opens with its images', async () => {
    requirePack();
    await context.setOffline(true);
    for (const listing of listings) await expectPageOffline(`/listing/${listing.id}`, listing.title);
  }, 300_000);

  it('with the network off, a listing page still computes its payment estimate (its code comes from the cache)', async () => {
    requirePack();
    await context.setOffline(true);
    const listing = listings[0]!;
    await expectPageOffline(`/listing/${listing.id}`, listing.title);
    const section = page.getByRole('region', { name: 'Estimate Your Monthly Payment' });
    await section.scrollIntoViewIfNeeded();
    const total = section.getByTestId('payment-total');
    await total.waitFor({ state: 'visible', timeout: 10_000 });
    const before = await total.textContent();
    await section.getByLabel('Down payment (%)').fill('25');
    await expect.poll(() => total.textContent()).not.toBe(before);
    expect(before).toMatch(/^\$[\d,]+\.\d{2}$/);
  }, 60_000);

  it('with the network off, a home this device never stored says to connect, not that it was sold or removed', async () => {
    requirePack();
    await context.setOffline(true);
    await page.goto('/listing/not-on-this-device', { waitUntil: 'load' });
    await page
      .getByText('This page is not saved on this device yet. Connect to the internet to open it.')
      .waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByText('Listing Not Found').count()).toBe(0);
    expect(await page.getByText(/sold or removed/).count()).toBe(0);
  }, 60_000);

  it('an inquiry sent offline is saved on the device and reaches the server exactly once when back online', async () => {
    requirePack();
    await context.setOffline(true);
    const community = communities.find((candidate) => candidate.slug === 'austin-point') ?? communities[0]!;
    await expectPageOffline(`/community/${community.slug}`, community.name);
    await page.getByRole('button', { name: 'Request Information', exact: true }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    const openedAt = Date.now();
    const email = uniqueEmail('offline');
    await dialog.getByLabel(/name/i).first().fill('Riley Offline');
    await dialog.getByLabel(/email/i).first().fill(email);
    await dialog
      .getByLabel(/message/i)
      .first()
      .fill('Typed at the open house with no signal.');
    await sleep(Math.max(0, openedAt + 2_500 - Date.now()));
    const sentAt = await page.evaluate(() => Date.now());
    await dialog.locator('button[type="submit"]').first().click();
    await page
      .getByText(/saved on (this|your|the) device/i)
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    // "Saved" came after Chromium flushed the queued inquiry to disk (a strict transaction, local-db.ts flushToDisk).
    expect(await localMeta(page, 'durable-flush'), 'the queued inquiry was flushed to disk').toBeGreaterThanOrEqual(
      sentAt,
    );

    await sleep(1_000);
    expect(await waitForLeads(email, { timeoutMs: 0, settleMs: 0 }), 'nothing reached the server offline').toEqual([]);
    await context.setOffline(false);
    const leads = await waitForLeads(email, { timeoutMs: 15_000, settleMs: 3_000 });
    expect(leads, 'the inquiry arrived exactly once').toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Riley Offline', status: 'NEW' });
  }, 120_000);

  it("the pack's images stay cached past the browsing cache's 1,000 entries, and only the pack's last list stays", async () => {
    requirePack();
    await context.setOffline(false);
    // One real image under 1,100 URLs: a catalogue of about 140 homes with 8 photos each.
    const image = communities
      .map((community) => community.image)
      .find((url) => /^\/images\/.+\.jpe?g$/.test(url ?? ''));
    expect(image, 'a community picture of the site').toBeDefined();
    const urls = Array.from({ length: 1_100 }, (_, index) => `${image}?pack-test=${index}`);
    const packCache = () =>
      page.evaluate(async (first) => {
        const cache = await caches.open('offline-pack-images');
        return { count: (await cache.keys()).length, first: Boolean(await cache.match(first)) };
      }, urls[0]!);

    expect(await warmPackImages(urls)).toMatchObject({ requested: 1_100, failed: 0 });
    expect(await packCache(), 'every image of the pack kept, the first warmed included').toEqual({
      count: 1_100,
      first: true,
    });
    // The next pack lists fewer images (homes sold): the others leave the device with it.
    expect(await warmPackImages(urls.slice(0, 10))).toMatchObject({ requested: 10, alreadyCached: 10, failed: 0 });
    expect(await packCache()).toEqual({ count: 10, first: true });
  }, 120_000);

  it('offline, a width of an uploaded photo the pack did not take is answered with a width it did', async () => {
    requirePack();
    await context.setOffline(false);
    // An admin's upload: the server stores it at 1000 px and 480 px wide (a photo of a listing).
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(siteUrl('/api/upload'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ filename: 'porch.jpg', file: `data:image/jpeg;base64,${jpeg.toString('base64')}` }),
    });
    expect(uploaded.status).toBe(201);
    const { url, variants } = (await uploaded.json()) as { url: string; variants: { width: number; url: string }[] };
    const narrow = variants.find((variant) => variant.url !== url)!.url;
    // The pack took the stored width only (as for a photo beyond a listing page's grid).
    expect(await warmPackImages([url])).toMatchObject({ requested: 1, failed: 0 });

    await context.setOffline(true);
    // The photo viewer's srcset lets a phone pick the narrow width, which was never fetched.
    const answer = await page.evaluate(async (src) => {
      const response = await fetch(src);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: (await response.blob()).size,
      };
    }, narrow);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/webp');
    expect(answer.bytes).toBeGreaterThan(0);
    await context.setOffline(false);
  }, 60_000);
});
