/**
 * The back office on a phone: an agent triages leads and edits records from a 360 px screen. No admin page may
 * scroll sideways (a page wider than the screen pushed the inbox's Spam view and its count out of sight: SPEC,
 * never hidden without a count), and the lead views with their counts stay on screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community, Lead, Listing, Property } from '../../domain';
import { injectSession } from './support/admin';
import { adminGet } from './support/api';
import { measureSidewaysScroll, settle } from './support/browser';
import { adminSuite } from './support/suite';

const suite = adminSuite();
const PHONE = { width: 360, height: 740 };

/** A phone tab signed in as the super admin, showing `pathname` once its page heading is there. */
async function openOnPhone(pathname: string, heading: string): Promise<Page> {
  const { page } = await suite.newTab({ phone: true, viewport: PHONE, serviceWorkers: 'block' });
  await injectSession(page, suite.session);
  await page.goto(pathname, { waitUntil: 'load' });
  await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor({ timeout: 20_000 });
  await settle(page);
  return page;
}

describe('the back office on a 360 px phone', () => {
  it('no admin page scrolls sideways or runs past the screen: the lists, the inbox and its views, a lead and each record editor', async () => {
    const [communities, listings, properties, leads] = await Promise.all([
      adminGet<Community[]>('/communities'),
      adminGet<Listing[]>('/listings'),
      adminGet<Property[]>('/properties'),
      adminGet<Lead[]>('/contacts'),
    ]);
    const pages: [string, string][] = [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/communities', 'Communities'],
      [`/admin/communities/${communities[0]!.id}`, 'Communities'],
      ['/admin/listings', 'Property Listings'],
      [`/admin/listings/${listings[0]!.id}`, 'Property Listings'],
      ['/admin/properties', 'Properties'],
      [`/admin/properties/${properties[0]!.id}`, 'Properties'],
      ['/admin/contacts', 'Leads'],
      ['/admin/contacts?status=SPAM', 'Leads'],
      [`/admin/leads/${leads[0]!.id}`, 'Leads'],
      ['/admin/settings', 'Settings'],
      ['/admin/admin-users', 'Admin Users'],
      ['/admin/audit', 'Audit Log'],
      ['/admin/sync', 'Sync'],
    ];
    const scrolling: string[] = [];
    for (const [pathname, heading] of pages) {
      const page = await openOnPhone(pathname, heading);
      // A table scrolls sideways inside its own frame (.admin-table-wrap), as tables do on a phone.
      const overflow = await measureSidewaysScroll(page, '.admin-table-wrap');
      // Neither scrolled sideways nor cut off at the screen's edge (a wrapper that clips would hide the overflow).
      if (overflow.scrollX > 0 || overflow.offenders.length) scrolling.push(`${pathname}: ${JSON.stringify(overflow)}`);
      await page.close();
    }
    expect(scrolling).toEqual([]);
  }, 180_000);

  it("the inbox's views, Spam and its count included, are all on screen", async () => {
    const page = await openOnPhone('/admin/contacts', 'Leads');
    const views = page.getByRole('navigation', { name: 'Lead views' });
    await views.getByTestId('spam-count').waitFor({ timeout: 15_000 });
    for (const name of ['Inbox', 'Mine', 'Unassigned', 'Overdue', 'Spam']) {
      const box = await views.getByRole('link', { name: new RegExp(`^${name}`) }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    const count = await views.getByTestId('spam-count').boundingBox();
    expect(count!.x + count!.width, 'the Spam count is on screen').toBeLessThanOrEqual(PHONE.width);
  }, 60_000);
});
