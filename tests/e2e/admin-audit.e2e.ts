/**
 * The audit log that reads (issue 18): after a super admin renames a community, the Audit Log shows the new name
 * as a link to the community and, behind a disclosure, the name before and after; the user and record-kind
 * filters narrow the trail, live in the URL (a reload keeps them) and say so when nothing matches.
 *
 * The rename is made over the API with the new super admin's token: what is under test is the audit page, and the
 * communities screen has its own e2e file (tests/e2e/admin-communities.e2e.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Community } from '../../domain';
import { apiCall, createAdmin, openAdminPage, unique, type CreatedAdmin } from './support/admin';
import { browserSuite } from './support/suite';

const suite = browserSuite();

/** A write as this admin; fails the test unless it succeeds. */
async function send<T>(admin: CreatedAdmin, method: string, pathname: string, body: unknown): Promise<T> {
  const answer = await apiCall<T>(admin.token, method, pathname, body);
  expect(answer.status, `${method} /api${pathname}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** The trail's rows (not those of the changes tables nested in them). */
const rows = (page: Page) => page.getByRole('table', { name: /^Audit entries/ }).locator(':scope > tbody > tr');

describe('audit log', () => {
  it('shows the renamed community as a link with the name before and after; filters by user and record kind', async () => {
    const editor = await createAdmin('SUPER_ADMIN', 'auditor');
    const oldName = unique('Audit Bend');
    const newName = unique('Audit Bend North');
    const community = await send<Community>(editor, 'POST', '/communities', {
      name: oldName,
      location: 'Katy, TX',
      description: 'A community made by the audit log e2e test.',
    });
    await send(editor, 'PUT', `/communities/${community.id}`, { name: newName });

    const tab = suite.keep(await openAdminPage(suite.browser, editor, '/admin/audit', 'Audit Log'));
    const { page } = tab;

    // Only this admin's entries: their sign-in, the create and the rename, newest first.
    await page.getByLabel('User', { exact: true }).selectOption({ label: editor.email });
    await page.waitForURL((url) => url.searchParams.get('actor') === editor.admin.id);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(3);
    for (const who of await rows(page).locator(':scope > td:nth-child(2)').allTextContents())
      expect(who).toBe(editor.email);

    const renamed = rows(page).filter({ hasText: 'Community update' });
    const link = renamed.getByRole('link', { name: newName, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/admin/communities/${community.id}`);
    // The create names the community as it was then.
    await rows(page)
      .filter({ hasText: 'Community create' })
      .getByRole('link', { name: oldName, exact: true })
      .waitFor();

    // The change, field by field, behind a disclosure.
    const changes = renamed.locator('details');
    expect(await changes.getAttribute('open')).toBeNull();
    await changes.getByText('1 field changed', { exact: true }).click();
    const nameRow = changes
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
    expect(await nameRow.locator('td').allTextContents()).toEqual([oldName, newName]);

    // Record kind: the sign-in goes, the two community entries stay; the URL keeps both filters across a reload.
    await page.getByLabel('Record kind', { exact: true }).selectOption({ label: 'Communities' });
    await page.waitForURL((url) => url.searchParams.get('kind') === 'communities');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByLabel('User', { exact: true }).inputValue()).toBe(editor.admin.id);
    expect(await page.getByLabel('Record kind', { exact: true }).inputValue()).toBe('communities');

    // A kind this admin never touched: the empty state, and a way back to everything.
    await page.getByLabel('Record kind', { exact: true }).selectOption({ label: 'Listings' });
    await page.getByText('No audit entries match these filters.').waitFor({ timeout: 15_000 });
    expect(await rows(page).count()).toBe(0);
    await page.getByRole('link', { name: 'Clear filters', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.search === '');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(3);

    // A page past the end (an old link; here this admin's three entries fit on page 1) shows the last page.
    await page.goto(`/admin/audit?actor=${editor.admin.id}&page=9`, { waitUntil: 'load' });
    await page.waitForURL((url) => url.searchParams.get('actor') === editor.admin.id && !url.searchParams.has('page'));
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(3);
    await page.getByText('Page 1 of 1', { exact: true }).waitFor();
  }, 90_000);
});
