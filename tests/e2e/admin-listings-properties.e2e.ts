/**
 * The admin listings and properties screens end to end (SPEC §2 "Admin listings page", "Admin properties page", §5
 * validation, §8 admin messages): search, status tabs with counts, badges, the three empty states, every inline
 * validation message, create, edit and delete through the real UI against the real server, with the server state
 * read back over the API after each write. One browser for the file; each test logs in by storing an API token
 * the way a login does (the login form has its own tests).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community, Listing, Property } from '../../domain';
import { confirmDialog, expectFieldError, expectToast, field, superApi, unique } from './support/admin';
import { adminGet } from './support/api';
import { usd } from './support/html';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const open = async (pathname: string, heading: string): Promise<Page> =>
  (await suite.openAdmin(pathname, heading)).page;

/**
 * These steps read what the cards show (badges, facts, prices, hover icons) and count every record at once, so
 * they open the card view: on this desktop-width window the paged table is the default (issue 18; the table has
 * its own tests in admin-tables.e2e.ts).
 */
const CARDS = (pathname: string) => `${pathname}?view=cards`;
const listingCards = (page: Page) => page.locator('li[data-record-id]');
const tab = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: new RegExp(`^${label}\\s*\\d+$`) });
const tabCount = async (page: Page, label: string) =>
  Number(await tab(page, label).locator('.filter-tabs__count').textContent());

describe('admin listings', () => {
  it('search, status tabs with counts, badges and the filtered empty state', async () => {
    const community = (await adminGet<Community[]>('/communities'))[0]!;
    const marker = unique('E2E Tabs');
    const base = { communityId: community.id, price: 400000, bedrooms: 3, bathrooms: 2, sqft: 1800 };
    const pending = await superApi<Listing>('POST', '/listings', {
      ...base,
      title: `${marker} Pending`,
      address: `${marker} 1 Amber Ct, Houston, TX`,
      status: 'PENDING',
    });
    const sold = await superApi<Listing>('POST', '/listings', {
      ...base,
      title: `${marker} Sold`,
      address: '2 Grey Rd, Houston, TX',
      status: 'SOLD',
      type: 'CONDO',
    });
    const all = await adminGet<Listing[]>('/listings');
    const countOf = (status: string) => all.filter((listing) => listing.status === status).length;

    const page = await open(CARDS('/admin/listings'), 'Property Listings');
    await expect.poll(() => listingCards(page).count(), { timeout: 15_000 }).toBe(all.length);
    expect(await tabCount(page, 'All')).toBe(all.length);
    expect(await tabCount(page, 'AVAILABLE')).toBe(countOf('AVAILABLE'));
    expect(await tabCount(page, 'PENDING')).toBe(countOf('PENDING'));
    expect(await tabCount(page, 'SOLD')).toBe(countOf('SOLD'));
    expect(await page.locator('.content-counts').textContent()).toBe(`Showing ${all.length} of ${all.length} listings`);

    // Badges: the SPEC's texts and colours (green available, amber pending, grey sold); type shown, default HOUSE.
    const pendingCard = page.locator(`li[data-record-id="${pending.id}"]`);
    const soldCard = page.locator(`li[data-record-id="${sold.id}"]`);
    const badge = (card: typeof pendingCard) => card.locator('.badge');
    expect(await badge(pendingCard).textContent()).toBe('Pending Sale');
    expect(await badge(pendingCard).getAttribute('data-tone')).toBe('amber');
    expect(await badge(soldCard).textContent()).toBe('Sold');
    expect(await badge(soldCard).getAttribute('data-tone')).toBe('grey');
    const available = all.find((listing) => listing.status === 'AVAILABLE')!;
    const availableCard = page.locator(`li[data-record-id="${available.id}"]`);
    expect(await badge(availableCard).textContent()).toBe('Available Now');
    expect(await badge(availableCard).getAttribute('data-tone')).toBe('green');
    const facts = async (card: typeof pendingCard) =>
      Object.fromEntries(
        await card
          .locator('.card__facts > div')
          .evaluateAll((rows) =>
            rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
          ),
      );
    expect(await facts(pendingCard)).toEqual({ Beds: '3', Baths: '2', Sqft: '1,800', Type: 'HOUSE' });
    expect(await facts(soldCard)).toMatchObject({ Type: 'CONDO' });
    expect(await pendingCard.locator('.content-card__price').textContent()).toBe(usd(400000));
    expect(await pendingCard.locator('.content-card__community').textContent()).toBe(community.name);

    // Tabs filter by status.
    await tab(page, 'PENDING').click();
    // The tab is the URL's status filter (issue 18): it shows as pressed once the navigation is done.
    await expect.poll(() => tab(page, 'PENDING').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => pendingCard.count()).toBe(1);
    await expect.poll(() => listingCards(page).count()).toBe(countOf('PENDING'));
    expect(await soldCard.count()).toBe(0);
    await tab(page, 'SOLD').click();
    // The list follows the URL once the navigation is done: wait for the tab, then read the cards (two tabs may hold
    // the same number of listings, so the count alone cannot tell the lists apart).
    await expect.poll(() => tab(page, 'SOLD').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => soldCard.count()).toBe(1);
    await expect.poll(() => listingCards(page).count()).toBe(countOf('SOLD'));

    // Search over title and address, case-insensitive, combined with the tab.
    const search = page.getByLabel('Search listings');
    await tab(page, 'All').click();
    await expect.poll(() => tab(page, 'All').getAttribute('aria-pressed')).toBe('true');
    await search.fill(marker.toUpperCase());
    await expect.poll(() => listingCards(page).count()).toBe(2);
    await search.fill('grey rd');
    await expect.poll(() => listingCards(page).count()).toBe(all.filter((l) => /grey rd/i.test(l.address)).length);
    expect(await soldCard.count()).toBe(1);
    await search.fill(`${marker} 1 amber`);
    await expect.poll(() => listingCards(page).count()).toBe(1);
    expect(await pendingCard.count()).toBe(1);
    await tab(page, 'SOLD').click();
    await page.getByRole('heading', { name: 'No listings found', exact: true }).waitFor();
    await page.getByText('No listings match your current filters', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Create First Listing', exact: true }).count()).toBe(0);

    await superApi('DELETE', `/listings/${pending.id}`);
    await superApi('DELETE', `/listings/${sold.id}`);
  });

  it("with no listings at all: the welcome text and 'Create First Listing' opens the Add Listing modal", async () => {
    // The shared server holds the seeded listings other files read, so this page is shown the list the server
    // would answer once every listing is gone (an empty array), and only that one read is replaced.
    const tabPage = await suite.openAdmin('/admin/dashboard', 'Dashboard');
    const page = tabPage.page;
    await page.route('**/api/listings', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.continue(),
    );
    await page.goto('/admin/listings', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No listings found', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('Get started by adding your first property listing', { exact: true }).waitFor();
    expect(await tabCount(page, 'All')).toBe(0);
    await page.getByRole('button', { name: 'Create First Listing', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Listing' }).waitFor({ state: 'visible', timeout: 5_000 });
  });

  it('every validation message, then create, edit (Updating...) and delete with the SPEC texts', async () => {
    const communities = await adminGet<Community[]>('/communities');
    const [community, other] = [communities[0]!, communities[1] ?? communities[0]!];
    const title = unique('E2E Listing');
    const page = await open(CARDS('/admin/listings'), 'Property Listings');
    await page.getByRole('button', { name: 'Add Listing', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Listing' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    await expect
      .poll(() => field(dialog, 'Community').locator('option').allTextContents(), { timeout: 10_000 })
      .toContain(community.name);
    // Defaults: type HOUSE, status AVAILABLE.
    expect(await field(dialog, 'Property Type').inputValue()).toBe('HOUSE');
    expect(await field(dialog, 'Status').inputValue()).toBe('AVAILABLE');

    const create = dialog.getByRole('button', { name: 'Create Listing', exact: true });
    await create.click();
    await expectFieldError(field(dialog, 'Property Title'), 'Property Title is required');
    await expectFieldError(field(dialog, 'Community'), 'Community is required');
    await expectFieldError(field(dialog, 'Address'), 'Address is required');
    await expectFieldError(field(dialog, 'Price'), 'Price is required');
    await expectFieldError(field(dialog, 'Bedrooms'), 'Bedrooms is required');
    await expectFieldError(field(dialog, 'Bathrooms'), 'Bathrooms is required');
    await expectFieldError(field(dialog, 'Square Feet'), 'Square Feet is required');

    // Out of range values: bedrooms and bathrooms 0-20, bathrooms in half steps, price and square feet 0 or more.
    await field(dialog, 'Price').fill('-1');
    await field(dialog, 'Bedrooms').fill('21');
    await field(dialog, 'Bathrooms').fill('2.3');
    await field(dialog, 'Square Feet').fill('-10');
    await create.click();
    await expectFieldError(field(dialog, 'Price'), 'Must be 0 or more');
    await expectFieldError(field(dialog, 'Bedrooms'), 'Must be between 0 and 20');
    await expectFieldError(field(dialog, 'Bathrooms'), 'Use half steps (e.g. 2.5)');
    await expectFieldError(field(dialog, 'Square Feet'), 'Must be 0 or more');
    expect((await adminGet<Listing[]>('/listings')).filter((l) => l.title === title)).toEqual([]);

    await field(dialog, 'Property Title').fill(title);
    await field(dialog, 'Community').selectOption({ label: community.name });
    await field(dialog, 'Address').fill('77 Validation Ave, Houston, TX 77002');
    await field(dialog, 'Description').fill('From the listing e2e test.');
    await field(dialog, 'Price').fill('389000');
    await field(dialog, 'Bedrooms').fill('3');
    await field(dialog, 'Bathrooms').fill('2.5');
    await field(dialog, 'Square Feet').fill('1999');
    await create.click();
    await expectToast(page, 'Listing created successfully');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    const stored = (await adminGet<Listing[]>('/listings')).filter((l) => l.title === title);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      communityId: community.id,
      address: '77 Validation Ave, Houston, TX 77002',
      description: 'From the listing e2e test.',
      price: 389000,
      bedrooms: 3,
      bathrooms: 2.5,
      sqft: 1999,
      type: 'HOUSE',
      status: 'AVAILABLE',
    });
    const id = stored[0]!.id;
    const card = page.locator(`li[data-record-id="${id}"]`);

    // Edit through the hover icon; Updating... while the server answers.
    await card.hover();
    await card.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Listing' });
    await editDialog.waitFor({ state: 'visible' });
    expect(await field(editDialog, 'Price').inputValue()).toBe('389000');
    await field(editDialog, 'Property Title').fill('');
    await editDialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await expectFieldError(field(editDialog, 'Property Title'), 'Property Title is required');
    await field(editDialog, 'Property Title').fill(`${title} Edited`);
    await field(editDialog, 'Community').selectOption({ label: other.name });
    await field(editDialog, 'Status').selectOption('PENDING');
    await field(editDialog, 'Property Type').selectOption('TOWNHOME');
    await field(editDialog, 'Price').fill('379500');
    await page.route(`**/api/listings/${id}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await editDialog.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await editDialog.getByRole('button', { name: 'Updating...', exact: true }).waitFor({ timeout: 5_000 });
    await expectToast(page, 'Listing updated successfully');
    await editDialog.waitFor({ state: 'hidden' });
    await page.unroute(`**/api/listings/${id}`);
    await expect
      .poll(async () => (await adminGet<Listing[]>('/listings')).find((l) => l.id === id))
      .toMatchObject({
        title: `${title} Edited`,
        communityId: other.id,
        status: 'PENDING',
        type: 'TOWNHOME',
        price: 379500,
        version: stored[0]!.version + 1,
      });
    await expect.poll(() => card.locator('.badge').textContent()).toBe('Pending Sale');
    expect(await card.locator('.content-card__price').textContent()).toBe(usd(379500));

    // Open by clicking the card title, close with Cancel (nothing changed, so nothing asked).
    await card.getByRole('button', { name: `${title} Edited`, exact: true }).click();
    await editDialog.waitFor({ state: 'visible' });
    await editDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editDialog.waitFor({ state: 'hidden' });

    // Delete: cancel first, then confirm.
    const confirmText = `Are you sure you want to delete "${title} Edited"? This action cannot be undone.`;
    await card.hover();
    await card.getByRole('button', { name: `Delete ${title} Edited`, exact: true }).click();
    await confirmDialog(page, confirmText).getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmDialog(page, confirmText).waitFor({ state: 'detached' });
    expect((await adminGet<Listing[]>('/listings')).some((l) => l.id === id)).toBe(true);
    await card.hover();
    await card.getByRole('button', { name: `Delete ${title} Edited`, exact: true }).click();
    await confirmDialog(page, confirmText).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Listing deleted successfully');
    await card.waitFor({ state: 'detached' });
    expect((await adminGet<Listing[]>('/listings')).some((l) => l.id === id)).toBe(false);
    // The focus went to the page's content with the card, not to the top of the document.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-main');
  }, 60_000);
});

describe('admin properties', () => {
  it("Add Property with every validation message and the SPEC's coercions; search, 'X of Y properties', edit, delete", async () => {
    const before = await adminGet<Property[]>('/properties');
    const title = unique('E2E Property');
    const page = await open(CARDS('/admin/properties'), 'Properties');
    const counts = page.locator('.content-counts');
    await expect
      .poll(() => counts.textContent(), { timeout: 15_000 })
      .toBe(`${before.length} of ${before.length} properties`);

    await page.getByRole('button', { name: 'Add Property', exact: true }).click();
    const form = page.getByRole('region', { name: 'Add Property' });
    await form.waitFor({ state: 'visible' });
    expect(await field(form, 'Property Type').inputValue()).toBe('SINGLE_FAMILY');
    const create = form.getByRole('button', { name: 'Create Property', exact: true });
    await create.click();
    await expectFieldError(field(form, 'Property Title'), 'Property Title is required');
    await expectFieldError(field(form, 'Address'), 'Address is required');
    await expectFieldError(field(form, 'City'), 'City is required');
    await expectFieldError(field(form, 'State'), 'State is required');
    await expectFieldError(field(form, 'ZIP Code'), 'ZIP Code is required');
    await expectFieldError(field(form, 'Price'), 'Price is required');
    await field(form, 'ZIP Code').fill('7700');
    await field(form, 'Price').fill('-5');
    await field(form, 'Bedrooms').fill('25');
    await field(form, 'Bathrooms').fill('1.2');
    await create.click();
    await expectFieldError(field(form, 'ZIP Code'), 'Use a 5-digit ZIP Code');
    await expectFieldError(field(form, 'Price'), 'Must be 0 or more');
    await expectFieldError(field(form, 'Bedrooms'), 'Must be between 0 and 20');
    await expectFieldError(field(form, 'Bathrooms'), 'Use half steps (e.g. 2.5)');
    expect((await adminGet<Property[]>('/properties')).filter((p) => p.title === title)).toEqual([]);

    // Coercions on save: price and bathrooms stay decimals, bedrooms and square feet become integers.
    await field(form, 'Property Title').fill(title);
    await field(form, 'Address').fill('1314 E2E Street');
    await field(form, 'City').fill('Sugar Land');
    await field(form, 'State').fill('TX');
    await field(form, 'ZIP Code').fill('77479');
    await field(form, 'Price').fill('425000.75');
    await field(form, 'Bedrooms').fill('3.7');
    await field(form, 'Bathrooms').fill('2.5');
    await field(form, 'Square Feet').fill('1850.9');
    await field(form, 'Property Type').selectOption('TOWNHOUSE');
    await field(form, 'Status').selectOption('PENDING');
    await field(form, 'Description').fill('From the properties e2e test.');
    await create.click();
    await expectToast(page, 'Property created successfully');
    await form.waitFor({ state: 'detached' });
    const stored = (await adminGet<Property[]>('/properties')).filter((p) => p.title === title);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      address: '1314 E2E Street',
      city: 'Sugar Land',
      state: 'TX',
      zipCode: '77479',
      price: 425000.75,
      bedrooms: 3,
      bathrooms: 2.5,
      squareFeet: 1850,
      propertyType: 'TOWNHOUSE',
      status: 'PENDING',
      description: 'From the properties e2e test.',
    });
    const id = stored[0]!.id;
    const row = page.locator(`li[data-record-id="${id}"]`);
    await expect.poll(() => counts.textContent()).toBe(`${before.length + 1} of ${before.length + 1} properties`);
    expect(await row.locator('.property-row__title').textContent()).toBe(title);
    expect(await row.locator('.badge').textContent()).toBe('Pending');
    expect(await row.locator('.badge').getAttribute('data-tone')).toBe('amber');
    expect(await row.locator('.property-row__address').textContent()).toBe('1314 E2E Street, Sugar Land, TX 77479');
    expect(await row.locator('.property-row__price').textContent()).toBe(usd(425001));
    expect(await row.locator('.property-row__facts span').allTextContents()).toEqual([
      '3 beds',
      '2.5 baths',
      '1,850 sq ft',
      'Townhouse',
    ]);

    // Search over title, address and city (case-insensitive).
    const search = page.getByLabel('Search properties');
    for (const query of [title.toLowerCase(), '1314 e2e', 'SUGAR LAND']) {
      await search.fill(query);
      await expect.poll(() => row.count()).toBe(1);
      const shown = await page.locator('li[data-record-id]').count();
      expect(await counts.textContent()).toBe(`${shown} of ${before.length + 1} properties`);
    }
    await search.fill('zz-no-property-matches');
    await page.getByRole('heading', { name: 'No properties found', exact: true }).waitFor();
    expect(await counts.textContent()).toBe(`0 of ${before.length + 1} properties`);
    await search.fill(title);

    // Edit.
    await row.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const editForm = page.getByRole('region', { name: 'Edit Property' });
    await editForm.waitFor({ state: 'visible' });
    expect(await field(editForm, 'City').inputValue()).toBe('Sugar Land');
    await field(editForm, 'City').fill('');
    await editForm.getByRole('button', { name: 'Update Property', exact: true }).click();
    await expectFieldError(field(editForm, 'City'), 'City is required');
    await field(editForm, 'City').fill('Missouri City');
    await field(editForm, 'Price').fill('410000');
    await field(editForm, 'Status').selectOption('SOLD');
    await editForm.getByRole('button', { name: 'Update Property', exact: true }).click();
    await expectToast(page, 'Property updated successfully');
    await expect
      .poll(async () => (await adminGet<Property[]>('/properties')).find((p) => p.id === id))
      .toMatchObject({ city: 'Missouri City', price: 410000, status: 'SOLD', version: stored[0]!.version + 1 });
    await expect.poll(() => row.locator('.property-row__price').textContent()).toBe(usd(410000));
    expect(await row.locator('.badge').textContent()).toBe('Sold');

    // Delete after the SPEC's confirmation; cancel first.
    await row.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const confirm = confirmDialog(page, 'Are you sure you want to delete this property?');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await adminGet<Property[]>('/properties')).some((p) => p.id === id)).toBe(true);
    await row.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Property deleted successfully');
    await row.waitFor({ state: 'detached' });
    expect((await adminGet<Property[]>('/properties')).some((p) => p.id === id)).toBe(false);
  }, 60_000);
});
