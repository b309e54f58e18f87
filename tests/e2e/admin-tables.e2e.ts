/**
 * The admin record tables end to end (issue 18) at desktop width, where the table is the default view: sorting by
 * a column (order and aria-sort checked), a column filter kept in the URL across a reload, page 2 with its
 * "Showing 26-50 of N", select-all-on-page, a bulk status change of two listings whose one confirmation names
 * both (each change read back over the API), a bulk delete, and a bulk change where one record conflicts and the
 * other is still written. Against the real server; each tab logs in by storing an API token.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community, Listing, Property } from '../../domain';
import { expectToast, superApi, unique } from './support/admin';
import { adminGet } from './support/api';
import { usd } from './support/html';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const open = async (pathname: string, heading: string): Promise<Page> =>
  (await suite.openAdmin(pathname, heading)).page;

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const rowIds = (page: Page, name: string) =>
  table(page, name)
    .locator('tbody tr[data-record-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-record-id')!));
const pagerText = (page: Page) => page.locator('.table-pager__showing').textContent();
const searchParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** The visible confirmation dialog (its text is the whole question, names included). */
const openDialog = (page: Page) => page.locator('dialog[open]');

async function newListings(marker: string, count: number): Promise<Listing[]> {
  const community = (await adminGet<Community[]>('/communities'))[0]!;
  const created: Listing[] = [];
  for (let index = 1; index <= count; index += 1) {
    created.push(
      await superApi<Listing>('POST', '/listings', {
        title: `${marker} ${index}`,
        communityId: community.id,
        address: `${index} Table Test Way, Houston, TX`,
        price: 300000 + index,
        bedrooms: 3,
        bathrooms: 2,
        sqft: 1700,
        status: 'AVAILABLE',
      }),
    );
  }
  return created;
}

describe('admin tables', () => {
  it('sorts by a column, keeps a filter in the URL across a reload, and pages', async () => {
    const all = await adminGet<Listing[]>('/listings');
    expect(all.length, 'the seed has more than one page of listings').toBeGreaterThan(25);
    const page = await open('/admin/listings', 'Property Listings');
    await expect.poll(() => rowIds(page, 'Listings').then((ids) => ids.length), { timeout: 15_000 }).toBe(25);
    expect(await pagerText(page)).toBe(`Showing 1-25 of ${all.length}`);

    // Sort by price: ascending, then descending; the header says so (aria-sort) and the URL keeps it.
    const priceHeader = table(page, 'Listings').locator('thead th').filter({ hasText: 'Price' });
    const priceCells = () =>
      table(page, 'Listings').locator('tbody tr td.record-table__numeric:nth-child(4)').allTextContents();
    const prices = all.map((listing) => listing.price).sort((a, b) => a - b);
    await priceHeader.getByRole('button').click();
    await expect.poll(() => priceCells()).toEqual(prices.slice(0, 25).map(usd));
    expect(await priceHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => searchParam(page, 'sort')).toBe('price');
    await priceHeader.getByRole('button').click();
    await expect.poll(() => priceCells()).toEqual(prices.slice().reverse().slice(0, 25).map(usd));
    expect(await priceHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => searchParam(page, 'dir')).toBe('desc');

    // Page 2: the next 25 rows, "Showing 26-50 of N", page=2 in the URL.
    const firstPage = await rowIds(page, 'Listings');
    await page.getByRole('navigation', { name: 'Listings pages' }).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pagerText(page)).toBe(`Showing 26-${Math.min(50, all.length)} of ${all.length}`);
    await expect.poll(() => searchParam(page, 'page')).toBe('2');
    const secondPage = await rowIds(page, 'Listings');
    expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);
    await expect.poll(() => priceCells()).toEqual(prices.slice().reverse().slice(25, 50).map(usd));

    // Filter by community: back to page 1, kept in the URL, and still there after a reload.
    const community = (await adminGet<Community[]>('/communities')).find((candidate) =>
      all.some((listing) => listing.communityId === candidate.id),
    )!;
    const inCommunity = all.filter((listing) => listing.communityId === community.id);
    await page.getByLabel('Community', { exact: true }).selectOption(community.id);
    await expect.poll(() => pagerText(page)).toBe(`Showing 1-${inCommunity.length} of ${inCommunity.length}`);
    await expect.poll(() => searchParam(page, 'community')).toBe(community.id);
    expect(searchParam(page, 'page')).toBeNull();
    await page.reload({ waitUntil: 'load' });
    await expect
      .poll(() => rowIds(page, 'Listings').then((ids) => ids.sort()), { timeout: 15_000 })
      .toEqual(inCommunity.map((listing) => listing.id).sort());
    expect(await page.getByLabel('Community', { exact: true }).inputValue()).toBe(community.id);
    expect(await page.locator('.content-counts').textContent()).toBe(
      `Showing ${inCommunity.length} of ${all.length} listings`,
    );
    // The sort survived the reload too.
    expect(await priceHeader.getAttribute('aria-sort')).toBe('descending');

    // The SPEC's status tabs are a filter kept in the URL as well.
    const soldTab = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /^SOLD\s*\d+$/ });
    await soldTab.click();
    await expect.poll(() => searchParam(page, 'status')).toBe('SOLD');
    await expect.poll(() => soldTab.getAttribute('aria-pressed')).toBe('true');

    // Select all on this page, then clear.
    await page.goto('/admin/listings', { waitUntil: 'load' });
    await table(page, 'Listings').getByLabel('Select all listings on this page').check({ timeout: 15_000 });
    await page.getByText('25 listings selected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear selection', exact: true }).click();
    await page.getByText('Select listings to change them together', { exact: true }).waitFor();
  }, 90_000);

  it('changes the status of two listings after one confirmation naming both, then deletes them in bulk', async () => {
    const marker = unique('E2E Bulk');
    const created = await newListings(marker, 2);
    const page = await open('/admin/listings', 'Property Listings');
    await page.getByLabel('Search listings').fill(marker);
    await expect
      .poll(() => rowIds(page, 'Listings').then((ids) => ids.sort()), { timeout: 15_000 })
      .toEqual(created.map((listing) => listing.id).sort());

    for (const listing of created) await page.getByLabel(`Select ${listing.title}`, { exact: true }).check();
    await page.getByText('2 listings selected', { exact: true }).waitFor();
    await page.getByLabel('New status', { exact: true }).selectOption('SOLD');
    await page.getByRole('button', { name: 'Change status', exact: true }).click();
    const question = openDialog(page);
    await question.waitFor({ state: 'visible', timeout: 5_000 });
    const text = await question.locator('.admin-confirm__message').textContent();
    expect(text).toBe(`Change the status of 2 listings to Sold?\n• ${marker} 1\n• ${marker} 2`);
    await question.getByRole('button', { name: 'Change status', exact: true }).click();
    await expectToast(page, '2 listings updated');

    // Each record was its own write: both SOLD, each one version up.
    await expect
      .poll(async () => {
        const stored = await adminGet<Listing[]>('/listings');
        return created.map((listing) => {
          const now = stored.find((candidate) => candidate.id === listing.id);
          return [now?.status, now?.version === listing.version + 1];
        });
      })
      .toEqual([
        ['SOLD', true],
        ['SOLD', true],
      ]);
    await expect
      .poll(() => table(page, 'Listings').locator('tbody .badge').allTextContents())
      .toEqual(['Sold', 'Sold']);
    // The selection is cleared after the change, and the focus is on the bar's count (the pressed button was disabled).
    await page.getByText('Select listings to change them together', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('bulk-actions__count') ?? false))
      .toBe(true);

    // A row that the search hides leaves the selection: a bulk action never reaches a row the admin cannot see,
    // and clearing the search does not bring its tick back unseen.
    for (const listing of created) await page.getByLabel(`Select ${listing.title}`, { exact: true }).check();
    await page.getByText('2 listings selected', { exact: true }).waitFor();
    await page.getByLabel('Search listings').fill(`${marker} 1`);
    await page.getByText('1 listing selected', { exact: true }).waitFor();
    await page.getByLabel('Search listings').fill(marker);
    await expect.poll(() => rowIds(page, 'Listings').then((ids) => ids.length)).toBe(2);
    await page.getByText('1 listing selected', { exact: true }).waitFor();
    expect(await page.getByLabel(`Select ${created[1]!.title}`, { exact: true }).isChecked()).toBe(false);

    // Bulk delete: one confirmation naming both, then both gone from the server and the table.
    await page.getByLabel(`Select ${created[1]!.title}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Delete selected', exact: true }).click();
    await question.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await question.locator('.admin-confirm__message').textContent()).toBe(
      `Delete 2 listings? This action cannot be undone.\n• ${marker} 1\n• ${marker} 2`,
    );
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, '2 listings deleted');
    // The keyboard's focus is in the page's content, not dropped to the top of the document with the pressed button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
    await expect
      .poll(async () => (await adminGet<Listing[]>('/listings')).filter((listing) => listing.title.startsWith(marker)))
      .toEqual([]);
    await page.getByRole('heading', { name: 'No listings found', exact: true }).waitFor();
  }, 60_000);

  it('a conflict on one record of a bulk change is reported for that record; the other is still written', async () => {
    const marker = unique('E2E Bulk Property');
    const base = { address: '9 Conflict Ct', city: 'Katy', state: 'TX', zipCode: '77494', price: 250000 };
    const first = await superApi<Property>('POST', '/properties', { ...base, title: `${marker} A` });
    const second = await superApi<Property>('POST', '/properties', { ...base, title: `${marker} B` });
    const page = await open('/admin/properties', 'Properties');
    await page.getByLabel('Search properties').fill(marker);
    await expect.poll(() => rowIds(page, 'Properties').then((ids) => ids.length), { timeout: 15_000 }).toBe(2);
    await table(page, 'Properties').getByLabel('Select all properties on this page').check();

    // A colleague changes A after this page loaded it.
    await superApi('PUT', `/properties/${first.id}`, { price: 260000 });
    await page.getByLabel('New status', { exact: true }).selectOption('OFF_MARKET');
    await page.getByRole('button', { name: 'Change status', exact: true }).click();
    await openDialog(page).getByRole('button', { name: 'Change status', exact: true }).click();
    await expectToast(page, '1 property updated');
    const report = page.locator('.bulk-report');
    await report.waitFor({ timeout: 10_000 });
    expect(await report.locator(`[data-bulk-problem="${first.id}"]`).textContent()).toContain(
      `${marker} A: Someone else changed this record.`,
    );
    const stored = await adminGet<Property[]>('/properties');
    expect(stored.find((property) => property.id === first.id)).toMatchObject({ status: 'AVAILABLE', price: 260000 });
    expect(stored.find((property) => property.id === second.id)).toMatchObject({ status: 'OFF_MARKET' });

    await superApi('DELETE', `/properties/${first.id}`);
    await superApi('DELETE', `/properties/${second.id}`);
  }, 60_000);

  // An iPad in landscape or a small laptop: a table wider than its frame scrolls inside the frame. The row actions'
  // visually hidden names (position: absolute) escaped the frame's clip and made the whole page scroll 139 px
  // sideways into blank space (found driving WebKit; Chromium the same).
  it('at 1024 px a wide table scrolls within its frame, never the page sideways', async () => {
    const pages: Array<[string, string]> = [
      ['/admin/listings', 'Property Listings'],
      ['/admin/properties', 'Properties'],
      ['/admin/communities', 'Communities'],
      ['/admin/audit', 'Audit Log'],
    ];
    for (const [pathname, heading] of pages) {
      const page = await open(pathname, heading);
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.locator('table').first().waitFor({ timeout: 15_000 });
      const sideways = await page.evaluate(() => {
        window.scrollTo(1000, window.scrollY);
        const scrolled = window.scrollX;
        window.scrollTo(0, window.scrollY);
        return { scrolled, pageWidth: document.documentElement.scrollWidth, window: window.innerWidth };
      });
      expect(sideways, `${pathname} scrolls sideways`).toEqual({ scrolled: 0, pageWidth: 1024, window: 1024 });
    }
  }, 90_000);
});
