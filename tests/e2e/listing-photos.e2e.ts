/**
 * Listing photos and the phone-first listing page (issue 17), end to end: an admin uploads two photos to a listing
 * through the modal, moves the second to the front with the keyboard, gives both alt text and saves; the server
 * stores them in that order. The public page shows the first as the cover (eager, with a srcset of the upload's
 * WebP widths), opens the full-screen viewer by click and by Enter, moves with the arrow keys, closes on Escape and
 * gives the focus back. At 390x844 the key facts are above the fold and the bottom bar offers Request Info,
 * Schedule Tour, save and share.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { expectToast, field, superApi, unique } from './support/admin';
import { adminGet } from './support/api';
import { isShownInViewport, newContext, newPage, open } from './support/browser';
import { adminSuite } from './support/suite';

const suite = adminSuite();

/** A small JPEG or PNG of one colour (different bytes give different upload URLs). */
async function imageBytes(format: 'jpeg' | 'png', red: number): Promise<Buffer> {
  const image = sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: red, g: 90, b: 120 } } });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

const viewerOf = (page: Page) => page.getByRole('dialog', { name: /: photos$/ });
const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

async function shownPhotoAlt(viewer: Locator): Promise<string> {
  return (await viewer.locator('.photo-viewer__image').getAttribute('alt')) ?? '';
}

describe('listing photos', () => {
  let listing: Listing;

  it('the admin uploads two photos, moves one by keyboard, sets alt text and saves', async () => {
    const community = (await adminGet<Community[]>('/communities'))[0]!;
    const title = unique('E2E Photos');
    listing = await superApi<Listing>('POST', '/listings', {
      title,
      communityId: community.id,
      address: '12 Gallery Ln, Houston, TX 77002',
      price: 425000,
      bedrooms: 4,
      bathrooms: 3,
      sqft: 2400,
    });
    const tab = await suite.openAdmin('/admin/listings?view=cards', 'Property Listings');
    const { page } = tab;
    const card = page.locator(`li[data-record-id="${listing.id}"]`);
    await card.hover();
    await card.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await dialog.waitFor({ state: 'visible' });

    const photos = dialog.getByRole('group', { name: 'Photos' });
    await photos.locator('input[type=file]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await imageBytes('jpeg', 200) },
      { name: 'kitchen.png', mimeType: 'image/png', buffer: await imageBytes('png', 40) },
    ]);
    await expect.poll(() => photos.locator('li.listing-photo').count(), { timeout: 20_000 }).toBe(2);
    const firstUrl = await field(dialog, 'URL, photo 1').inputValue();
    const secondUrl = await field(dialog, 'URL, photo 2').inputValue();
    expect(firstUrl).toMatch(/^\/uploads\/\w+-1000\.webp$/);
    expect(secondUrl).toMatch(/^\/uploads\/\w+-1000\.webp$/);
    expect(secondUrl).not.toBe(firstUrl);

    await field(dialog, 'Alt text, photo 1').fill('Brick front of the house');
    await field(dialog, 'Alt text, photo 2').fill('Kitchen with an island');
    // Keyboard reorder: the second photo's handle, ArrowUp: it becomes the cover and keeps the focus.
    await dialog.getByRole('button', { name: 'Move photo 2 of 2' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => field(dialog, 'URL, photo 1').inputValue()).toBe(secondUrl);
    expect(await field(dialog, 'Alt text, photo 1').inputValue()).toBe('Kitchen with an island');
    expect(await activeLabel(page)).toBe('Move photo 1 of 2');
    await expect.poll(() => dialog.getByRole('status').filter({ hasText: 'now the cover' }).count()).toBe(1);
    expect(await photos.locator('li.listing-photo').first().getByText('Cover', { exact: true }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await expectToast(page, 'Listing updated successfully');
    const stored = await adminGet<Listing>(`/listings/${listing.id}`);
    expect(stored.images).toEqual([secondUrl, firstUrl]);
    expect(stored.imageAlts).toEqual(['Kitchen with an island', 'Brick front of the house']);
    listing = stored;
  });

  it('the public page shows the cover with its srcset and a viewer opened by click and by Enter', async () => {
    const tab = await suite.newTab();
    const { page } = tab;
    await open(page, `/listing/${listing.id}`);
    const cover = page.locator('.gallery__image').first();
    expect(await cover.getAttribute('alt')).toBe('Kitchen with an island');
    expect(await cover.getAttribute('src')).toBe(listing.images[0]);
    expect(await cover.getAttribute('loading')).toBe('eager');
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    const base = listing.images[0]!.replace(/-1000\.webp$/, '');
    expect(await cover.getAttribute('srcset')).toBe(
      `${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1000.webp 1000w`,
    );

    // Click opens at that photo; the arrows move (and wrap); Escape closes and the focus is back on the photo.
    const second = page.getByRole('button', { name: 'Brick front of the house' });
    await second.click();
    const viewer = viewerOf(page);
    await viewer.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await shownPhotoAlt(viewer)).toBe('Brick front of the house');
    expect(await viewer.getByText('Photo 2 of 2').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownPhotoAlt(viewer)).toBe('Kitchen with an island');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownPhotoAlt(viewer)).toBe('Brick front of the house');
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect.poll(() => shownPhotoAlt(viewer)).toBe('Kitchen with an island');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await second.evaluate((element) => element === document.activeElement)).toBe(true);

    // Keyboard: Enter on the focused cover opens the viewer at the cover; focus stays inside; Escape returns it.
    const coverButton = page.getByRole('button', { name: 'Kitchen with an island' });
    await coverButton.focus();
    await page.keyboard.press('Enter');
    await viewer.waitFor({ state: 'visible' });
    expect(await shownPhotoAlt(viewer)).toBe('Kitchen with an island');
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await coverButton.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(tab.problems.pageErrors).toEqual([]);
    expect(tab.problems.hydrationWarnings).toEqual([]);
  });

  it('on a 390x844 phone the key facts are above the fold and the bottom bar holds the four actions', async () => {
    const tab = await suite.newTab({ viewport: { width: 390, height: 844 } });
    const { page } = tab;
    await open(page, `/listing/${listing.id}`);
    const header = page.locator('.listing-header');
    expect(await header.locator('.listing-header__price').textContent()).toContain('$425,000');
    expect(await isShownInViewport(header.locator('.listing-header__price'))).toBe(true);
    expect(await header.locator('.badge').textContent()).toMatch(/available/i);
    expect(await isShownInViewport(header.locator('.badge'))).toBe(true);
    for (const text of ['4 Beds', '3 Baths', '2,400 Sq Ft']) {
      const fact = header.getByText(text, { exact: true }).first();
      expect(await isShownInViewport(fact), text).toBe(true);
    }
    expect(await isShownInViewport(header.locator('.listing-header__community'))).toBe(true);

    const bar = page.locator('.listing-bar');
    const actions = [
      bar.getByRole('button', { name: 'Request Info', exact: true }),
      bar.getByRole('button', { name: 'Schedule Tour', exact: true }),
      bar.getByRole('button', { name: 'Save to Favorites', exact: true }),
      bar.getByRole('button', { name: 'Share', exact: true }),
    ];
    for (const action of actions) expect(await isShownInViewport(action)).toBe(true);
    // Still there half way down the page, stuck to the bottom of the screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    for (const action of actions) expect(await isShownInViewport(action)).toBe(true);
    const barBottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(Math.abs(barBottom - 844)).toBeLessThan(2);

    await actions[0]!.click();
    await page.getByRole('dialog', { name: 'Request Information' }).waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('on a 390x844 touch screen a swipe moves the viewer to the next photo; a short move does not', async () => {
    const context = await newContext(suite.browser, { phone: true });
    const tab = await newPage(context);
    suite.keep({ ...tab, close: () => context.close() });
    const { page } = tab;
    await open(page, `/listing/${listing.id}`);
    await page.getByRole('button', { name: 'Kitchen with an island' }).tap();
    const viewer = viewerOf(page);
    await viewer.waitFor({ state: 'visible', timeout: 10_000 });
    const counter = viewer.locator('.photo-viewer__count');
    expect(await counter.textContent()).toBe('Photo 1 of 2');

    // A finger on the photo, as the browser reports it: pointer events of type touch, along one horizontal line.
    const stage = viewer.locator('.photo-viewer__stage');
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (fromX: number, toX: number) => {
      const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientY: y };
      await stage.dispatchEvent('pointerdown', { ...init, clientX: fromX, buttons: 1 });
      await stage.dispatchEvent('pointermove', { ...init, clientX: (fromX + toX) / 2, buttons: 1 });
      await stage.dispatchEvent('pointerup', { ...init, clientX: toX, buttons: 0 });
    };
    const middle = box.x + box.width / 2;

    // 30 px is under SWIPE_PX (40): a tap or a scroll, the photo stays.
    await drag(middle + 15, middle - 15);
    await page.waitForTimeout(200);
    expect(await counter.textContent()).toBe('Photo 1 of 2');
    expect(await shownPhotoAlt(viewer)).toBe('Kitchen with an island');

    // Right to left: the next photo.
    await drag(middle + 100, middle - 100);
    await expect.poll(() => counter.textContent()).toBe('Photo 2 of 2');
    expect(await shownPhotoAlt(viewer)).toBe('Brick front of the house');

    // Left to right: back to the previous one.
    await drag(middle - 100, middle + 100);
    await expect.poll(() => counter.textContent()).toBe('Photo 1 of 2');
    expect(tab.problems.pageErrors).toEqual([]);
  });

  it('on a desktop the bar is not shown (the side card holds the actions)', async () => {
    const tab = await suite.newTab();
    await open(tab.page, `/listing/${listing.id}`);
    expect(await isShownInViewport(tab.page.locator('.listing-bar'))).toBe(false);
  });

  it('a listing at 50 photos takes no more: the files past the limit are not uploaded and the modal says so', async () => {
    const community = (await adminGet<Community[]>('/communities'))[0]!;
    const title = unique('E2E Full Gallery');
    // Fifty of a photo the site has (a missing one would be a 404 on every page that shows this listing's card).
    const photo = (await adminGet<Listing[]>('/listings')).find((listing) => listing.images.length > 0)!.images[0]!;
    const images = Array.from({ length: 50 }, () => photo);
    const full = await superApi<Listing>('POST', '/listings', {
      title,
      communityId: community.id,
      address: '50 Gallery Ln, Houston, TX 77002',
      price: 510000,
      bedrooms: 4,
      bathrooms: 3,
      sqft: 2600,
      images,
    });
    const tab = await suite.openAdmin('/admin/listings?view=cards', 'Property Listings');
    const { page } = tab;
    const card = page.locator(`li[data-record-id="${full.id}"]`);
    await card.hover();
    await card.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await dialog.waitFor({ state: 'visible' });
    const photos = dialog.getByRole('group', { name: 'Photos' });
    const rows = photos.locator('li.listing-photo');
    expect(await rows.count()).toBe(50);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload')) uploads.push(request.url());
    });

    // Two files chosen: neither is uploaded, and the modal says why.
    await photos.locator('input[type=file]').setInputFiles([
      { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await imageBytes('jpeg', 10) },
      { name: 'yard.jpg', mimeType: 'image/jpeg', buffer: await imageBytes('jpeg', 20) },
    ]);
    const alert = photos.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('A listing has at most 50 photos: 2 photos were not added.');
    // Add by URL at the limit adds no empty row.
    await photos.getByRole('button', { name: 'Add by URL' }).click();
    await expect.poll(() => alert.textContent()).toBe('A listing has at most 50 photos: 1 photo was not added.');
    expect(await rows.count()).toBe(50);

    // One removed: one file goes up, and the save keeps 50.
    await dialog.getByRole('button', { name: 'Remove photo 50', exact: true }).click();
    expect(await alert.count()).toBe(0);
    await photos
      .locator('input[type=file]')
      .setInputFiles([{ name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await imageBytes('jpeg', 10) }]);
    await expect.poll(() => field(dialog, 'URL, photo 50').inputValue(), { timeout: 20_000 }).toMatch(/^\/uploads\//);
    expect(uploads).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await expectToast(page, 'Listing updated successfully');
    const stored = await adminGet<Listing>(`/listings/${full.id}`);
    expect(stored.images).toHaveLength(50);
    expect(stored.images.slice(0, 49)).toEqual(images.slice(0, 49));
    expect(tab.problems.pageErrors).toEqual([]);
    await superApi('DELETE', `/listings/${full.id}`);
  });
});
