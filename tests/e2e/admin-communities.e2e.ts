/**
 * The admin communities screen end to end (SPEC §2 "Admin communities page", §5 validation, §8 admin
 * messages): search and counts, the modal with every part (sections, theme and its contrast warning, home models,
 * builders, amenities, schools, image upload by the picker), edit and delete. Every create, edit and delete goes through the real UI against the
 * real server, each validation message is checked with the spec's exact text, and the server state is read back
 * over the API after each write. One browser for the file; each test logs in by storing an API token the way a
 * login does (the login form has its own tests).
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { confirmDialog, describedText, expectFieldError, expectToast, field, superApi, unique } from './support/admin';
import { adminGet } from './support/api';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const open = async (pathname: string, heading: string): Promise<Page> =>
  (await suite.openAdmin(pathname, heading)).page;

const communitiesNamed = async (name: string) =>
  (await adminGet<Community[]>('/communities')).filter((community) => community.name === name);

/** Opens one collapsible part of the community modal by its summary title. */
async function openPart(dialog: Locator, title: string): Promise<void> {
  await dialog.locator('summary .form-part__title').getByText(title, { exact: true }).click();
}

async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 90 } } })
    .png()
    .toBuffer();
}

describe('admin communities', () => {
  it('search and counts; the modal validates, uploads an image, saves every part; edit and delete with the SPEC texts', async () => {
    const seeded = await adminGet<Community[]>('/communities');
    const page = await open('/admin/communities', 'Communities');
    const counts = page.locator('.content-counts');
    await expect
      .poll(() => counts.textContent(), { timeout: 15_000 })
      .toBe(`Total: ${seeded.length}Showing: ${seeded.length}`);

    // Search by name, then by location (case-insensitive), then nothing.
    const search = page.getByLabel('Search communities');
    const first = seeded[0]!;
    await search.fill(first.name.toUpperCase());
    await expect
      .poll(() => page.locator('[data-record-id]').count())
      .toBe(
        seeded.filter(
          (c) =>
            c.name.toLowerCase().includes(first.name.toLowerCase()) ||
            c.location.toLowerCase().includes(first.name.toLowerCase()),
        ).length,
      );
    expect(await page.locator(`[data-record-id="${first.id}"]`).count()).toBe(1);
    await search.fill(first.location.toLowerCase());
    await expect
      .poll(() => page.locator('[data-record-id]').count())
      .toBe(
        seeded.filter(
          (c) =>
            c.location.toLowerCase().includes(first.location.toLowerCase()) ||
            c.name.toLowerCase().includes(first.location.toLowerCase()),
        ).length,
      );
    await search.fill('zz-no-community-matches');
    await page.getByRole('heading', { name: 'No communities found', exact: true }).waitFor();
    await expect.poll(() => counts.textContent()).toBe(`Total: ${seeded.length}Showing: 0`);
    await search.fill('');

    // Create: the required fields, then every part of the modal.
    const name = unique('E2E Community');
    await page.getByRole('button', { name: 'Add Community', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Community' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Create Community', exact: true }).click();
    await expectFieldError(field(dialog, 'Community Name'), 'Community Name is required');
    await expectFieldError(field(dialog, 'Location'), 'Location is required');
    await expectFieldError(field(dialog, 'Description'), 'Description is required');
    // The first invalid field has the focus; typing in it clears its message only.
    expect(await field(dialog, 'Community Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await field(dialog, 'Community Name').fill(name);
    await expect.poll(() => field(dialog, 'Community Name').getAttribute('aria-invalid')).toBeNull();
    expect(await field(dialog, 'Location').getAttribute('aria-invalid')).toBe('true');
    expect(await communitiesNamed(name)).toEqual([]);

    await field(dialog, 'Location').fill('Katy, TX');
    await field(dialog, 'Description').fill('A community made by the admin e2e test.');
    await dialog.getByLabel('Price Range').fill('$300s - $450s');
    await dialog.getByLabel('Total Homes').fill('-5');

    // Image: the spec's type and size errors from the picker, a broken path falls back to the default, an upload.
    const imageGroup = dialog.getByRole('group', { name: 'Community image' });
    const fileInput = imageGroup.locator('input[type=file]');
    const imageError = imageGroup.locator('.field__error');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(() => imageError.textContent()).toBe('Please select an image file');
    await fileInput.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect.poll(() => imageError.textContent()).toBe('Please choose a JPG, PNG or WebP image.');
    await fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await expect
      .poll(() => imageError.textContent())
      .toBe('The image is larger than 5 MB. Please choose a smaller image.');
    const preview = imageGroup.locator('img.image-upload__preview');
    await imageGroup.getByLabel('Image URL or path').fill('e2e-no-such-photo.jpg');
    await expect.poll(() => imageError.count()).toBe(0);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => new URL(img.src).pathname), { timeout: 10_000 })
      .toBe('/images/communities/default.jpg');
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngBytes(64, 48) });
    await expect
      .poll(() => imageGroup.getByLabel('Image URL or path').inputValue(), { timeout: 20_000 })
      .toMatch(/^\/uploads\/.+\.webp$/);
    const uploadedUrl = await imageGroup.getByLabel('Image URL or path').inputValue();
    await expect
      .poll(() =>
        preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).pathname),
      )
      .toBe(uploadedUrl);
    await dialog.getByLabel('Image alt text').fill('Green test photo');
    expect(await preview.getAttribute('alt')).toBe('Green test photo');

    // Page sections.
    await openPart(dialog, 'Page sections');
    await dialog.getByLabel('Show the about section').uncheck();
    await dialog.getByLabel('Hero title').fill('Welcome to the e2e hero');
    await dialog.getByLabel('Hero subtitle').fill('A subtitle typed by the test');
    await field(dialog, 'Hero background colour').fill('#123456');
    await dialog.getByLabel('About content').fill('About text from the e2e test.');
    await dialog.getByLabel('Homes section title').fill('Model homes');
    await dialog.getByLabel('Builders section title').fill('Our builders');

    // Theme: a light colour raises the contrast warning, a dark one clears it.
    await openPart(dialog, 'Theme');
    const primary = field(dialog, 'Primary colour');
    await primary.fill('#FFD700');
    const warning = dialog.locator('#community-contrast-warning');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toMatch(/^White text on #FFD700 has a contrast of 1\.\d\d:1, below the 4\.5:1/);
    expect(await describedText(primary)).toContain('White text on #FFD700');
    await primary.fill('#1B4D3E');
    await warning.waitFor({ state: 'detached' });
    await field(dialog, 'Border radius').fill('8px');
    await dialog.getByLabel('Large border radius').fill('20px');

    // Home models and builders: a row without its name is refused inline.
    await openPart(dialog, 'Home models');
    await dialog.getByRole('button', { name: 'Add home model', exact: true }).click();
    const home = dialog.getByRole('group', { name: 'Home model 1' });
    await field(home, 'Price').fill('349990');
    await home.getByLabel('Bedrooms').fill('4');
    await home.getByLabel('Bathrooms').fill('2.5');
    await home.getByLabel('Sq ft').fill('2100');
    await openPart(dialog, 'Builders');
    await dialog.getByRole('button', { name: 'Add builder', exact: true }).click();
    const builder = dialog.getByRole('group', { name: 'Builder 1' });
    await builder.getByLabel('Contact').fill('281-555-0100');
    await dialog.getByRole('button', { name: 'Create Community', exact: true }).click();
    await expectFieldError(field(home, 'Name'), 'Home name is required');
    await expectFieldError(field(builder, 'Name'), 'Builder name is required');
    await field(home, 'Name').fill('The Magnolia');
    await field(builder, 'Name').fill('E2E Builders');
    await builder.getByLabel('Description').fill('Builds the e2e homes.');

    // Amenities and schools.
    await openPart(dialog, 'Amenities and schools');
    await dialog.getByRole('textbox', { name: 'Amenities', exact: true }).fill('Resort pool');
    await dialog.getByRole('textbox', { name: 'Amenities', exact: true }).press('Enter');
    await dialog.getByRole('textbox', { name: 'Amenities', exact: true }).fill('Dog park');
    await dialog.getByRole('textbox', { name: 'Amenities', exact: true }).press('Enter');
    await dialog.getByRole('textbox', { name: 'Schools', exact: true }).fill('Katy ISD');
    await dialog.getByRole('textbox', { name: 'Schools', exact: true }).press('Enter');

    // Saving shows Creating... until the server answers.
    await page.route('**/api/communities', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Create Community', exact: true }).click();
    await dialog.getByRole('button', { name: 'Creating...', exact: true }).waitFor({ timeout: 5_000 });
    await expectToast(page, 'Community created successfully');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    await page.unroute('**/api/communities');

    const [stored] = await communitiesNamed(name);
    expect(stored, 'the community is stored').toBeDefined();
    expect(await communitiesNamed(name)).toHaveLength(1);
    expect(stored).toMatchObject({
      location: 'Katy, TX',
      description: 'A community made by the admin e2e test.',
      priceRange: '$300s - $450s',
      totalHomes: 0,
      image: uploadedUrl,
      imageAlt: 'Green test photo',
      amenities: ['Resort pool', 'Dog park'],
      schools: ['Katy ISD'],
      theme: { primaryColor: '#1B4D3E', borderRadius: '8px', borderRadiusLarge: '20px' },
      homes: [{ name: 'The Magnolia', price: 349990, bedrooms: 4, bathrooms: 2.5, sqft: 2100 }],
      builders: [{ name: 'E2E Builders', description: 'Builds the e2e homes.', contact: '281-555-0100' }],
    });
    expect(stored!.sections).toMatchObject({
      hero: {
        visible: true,
        title: 'Welcome to the e2e hero',
        subtitle: 'A subtitle typed by the test',
        backgroundColor: '#123456',
      },
      about: { visible: false, content: 'About text from the e2e test.' },
      homes: { title: 'Model homes' },
      builders: { title: 'Our builders' },
    });
    await expect.poll(() => counts.textContent()).toBe(`Total: ${seeded.length + 1}Showing: ${seeded.length + 1}`);

    // Edit by clicking the name (a card's title button, a table row's link): the modal shows the stored values;
    // Updating... then the update toast. `card` is the record's card or table row, whichever view shows.
    const card = page.locator(`[data-record-id="${stored!.id}"]`);
    await card
      .getByRole('button', { name, exact: true })
      .or(card.getByRole('link', { name, exact: true }))
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Community' });
    await editDialog.waitFor({ state: 'visible' });
    expect(await field(editDialog, 'Location').inputValue()).toBe('Katy, TX');
    expect(await editDialog.getByLabel('Total Homes').inputValue()).toBe('0');
    await field(editDialog, 'Location').fill('');
    await editDialog.getByRole('button', { name: 'Update Community', exact: true }).click();
    await expectFieldError(field(editDialog, 'Location'), 'Location is required');
    await field(editDialog, 'Location').fill('Fulshear, TX');
    await editDialog.getByLabel('Total Homes').fill('250');
    await page.route(`**/api/communities/${stored!.id}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await editDialog.getByRole('button', { name: 'Update Community', exact: true }).click();
    await editDialog.getByRole('button', { name: 'Updating...', exact: true }).waitFor({ timeout: 5_000 });
    await expectToast(page, 'Community updated successfully');
    await editDialog.waitFor({ state: 'hidden' });
    await page.unroute(`**/api/communities/${stored!.id}`);
    await expect
      .poll(async () => (await communitiesNamed(name))[0])
      .toMatchObject({ location: 'Fulshear, TX', totalHomes: 250, version: stored!.version + 1 });
    await card.getByText('Fulshear, TX', { exact: true }).waitFor();

    // Delete: cancel keeps it, confirm removes it.
    const confirmText = `Are you sure you want to delete "${name}"? This action cannot be undone.`;
    await card.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirmDialog(page, confirmText).getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmDialog(page, confirmText).waitFor({ state: 'detached' });
    expect(await communitiesNamed(name)).toHaveLength(1);
    await card.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirmDialog(page, confirmText).getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Community deleted successfully');
    await card.waitFor({ state: 'detached' });
    expect(await communitiesNamed(name)).toEqual([]);
  }, 90_000);

  it('an image dropped on the zone is checked and uploaded; closing with unsaved changes asks first', async () => {
    const page = await open('/admin/communities', 'Communities');
    await page.getByRole('button', { name: 'Add Community', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Community' });
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    const imageGroup = dialog.getByRole('group', { name: 'Community image' });
    const zone = imageGroup.locator('.image-upload__zone');

    /** Drops one file on the zone the way a browser does: dragenter, dragover, drop with a DataTransfer. */
    const drop = async (name: string, type: string, bytes: Buffer) => {
      const dataTransfer = await page.evaluateHandle(
        ({ name, type, base64 }) => {
          const transfer = new DataTransfer();
          const binary = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          transfer.items.add(new File([binary], name, { type }));
          return transfer;
        },
        { name, type, base64: bytes.toString('base64') },
      );
      for (const event of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(event, { dataTransfer });
    };

    await drop('readme.txt', 'text/plain', Buffer.from('hello'));
    await expect.poll(() => imageGroup.locator('.field__error').textContent()).toBe('Please select an image file');
    await drop('dropped.png', 'image/png', await pngBytes(40, 30));
    await expect
      .poll(() => imageGroup.getByLabel('Image URL or path').inputValue(), { timeout: 20_000 })
      .toMatch(/^\/uploads\/.+\.webp$/);
    expect(await imageGroup.locator('.field__error').count()).toBe(0);

    // The form is dirty now: Cancel asks before throwing the changes away.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    const ask = confirmDialog(page, 'You have unsaved changes. Discard them?');
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it("a delete the server refuses shows 'Failed to delete community' and keeps the card", async () => {
    const community = await superApi<Community>('POST', '/communities', {
      name: unique('E2E Busy Community'),
      location: 'Cypress, TX',
      description: 'Has a listing, so it cannot be deleted.',
    });
    const listing = await superApi<Listing>('POST', '/listings', {
      title: unique('E2E Blocking Listing'),
      communityId: community.id,
      address: '1 Block St, Cypress, TX',
      price: 1,
      bedrooms: 1,
      bathrooms: 1,
      sqft: 1,
    });
    const page = await open('/admin/communities', 'Communities');
    const card = page.locator(`[data-record-id="${community.id}"]`);
    await card.getByRole('button', { name: `Delete ${community.name}`, exact: true }).click();
    await confirmDialog(page, `Are you sure you want to delete "${community.name}"? This action cannot be undone.`)
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectToast(page, 'Failed to delete community');
    expect(await card.count()).toBe(1);
    expect((await adminGet<Community[]>('/communities')).some((c) => c.id === community.id)).toBe(true);
    await superApi('DELETE', `/listings/${listing.id}`);
    await superApi('DELETE', `/communities/${community.id}`);
  });
});
