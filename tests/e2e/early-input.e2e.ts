/**
 * What a visitor on a slow phone does (issue 12): fill a form as soon as its fields show and press its button at
 * once, while the page's app is still starting. Chromium runs with 6x CPU throttling and a slow network (CDP
 * Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions); every lead must reach the server once, field
 * by field as typed, NEW (a quick send is a visible flag, never spam).
 *
 * The contact page's form is server-rendered, so it is typed into before the app has hydrated (the app's code is
 * held back until the visitor has pressed Send, and the test checks that the app was not ready yet). The popups and the visit dialog open from a button pressed before the app is
 * ready (the starter holds that click); they are filled the moment they appear.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Lead, Listing } from '../../domain';
import { APP_READY_ATTRIBUTE } from '../../web/src/utils/app-ready-event';
import { publicCommunity, publicListings, uniqueEmail, waitForLeads } from './support/api';
import { describeProblems, newPage, type E2ePage } from './support/browser';
import { e2eEnv } from './support/env';
import { browserSuite } from './support/suite';
import { SLOW_PHONE_CPU_SLOWDOWN, SLOW_PHONE_NETWORK } from '../support/slow-phone';

const suite = browserSuite();
let tab: E2ePage | undefined;
let austinPoint: Community;
let listing: Listing;

beforeAll(async () => {
  austinPoint = await publicCommunity('austin-point');
  listing = (await publicListings(austinPoint.id)).find((candidate) => candidate.status === 'AVAILABLE')!;
});

afterEach(async ({ task }) => {
  // A failed attempt is retried once (vitest.e2e.config.ts), and the CI log has shown only "retry x1" for the visit
  // booking: say what the page was showing when an attempt failed. The state, not the errors: a passing retry still
  // carries the errors of the attempt before it.
  if (tab && task.result?.state === 'fail') {
    const state = await tab.page
      .evaluate(
        (readyAttribute) => ({
          url: location.href,
          appReady: document.documentElement.hasAttribute(readyAttribute),
          dialogs: [...document.querySelectorAll('[role=dialog],dialog[open]')].map(
            (dialog) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent ?? '?',
          ),
          focused: document.activeElement?.outerHTML.slice(0, 120) ?? null,
        }),
        APP_READY_ATTRIBUTE,
      )
      .catch((error: unknown) => `page not readable: ${String(error)}`);
    // The error itself is logged by tests/e2e/support/log-failed-attempts.ts.
    console.warn(`[early-input] "${task.name}": page ${JSON.stringify(state)}\n${describeProblems(tab.problems)}`);
  }
  await tab?.close();
  tab = undefined;
});

/** A phone-sized page on a throttled CPU and network; navigation waits only until the HTML starts arriving. */
async function slowPhone(): Promise<{ page: Page; cdp: CDPSession }> {
  tab = await newPage(suite.browser, { viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const cdp = await tab.page.context().newCDPSession(tab.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE_CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE_NETWORK);
  return { page: tab.page, cdp };
}

/**
 * Holds the app's code (every module script under /assets/ but the small starter) until `release()`: on a slow phone
 * the code arrives whenever the network brings it, and this makes "the visitor acted before the app started" certain
 * instead of a race with the machine's load (the throttled page alone started the app before the form was filled
 * once in a busy run). The starter itself, which holds a pressed button, is not held.
 */
async function holdAppCode(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) =>
      url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !url.pathname.includes('start-app-'),
    async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  return { release };
}

const appIsReady = (page: Page) =>
  page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE);

/** The one lead stored for `email`, whatever its status (so a lead filed as spam is found, and fails the test). */
async function storedLead(email: string): Promise<Lead> {
  const leads = await waitForLeads(email, { timeoutMs: 30_000 });
  expect(leads, `exactly one lead for ${email}`).toHaveLength(1);
  return leads[0]!;
}

describe('a form filled while the app is still starting (6x CPU, slow network)', () => {
  it('contact page: what was typed before hydration is sent once, field by field, and stored NEW', async () => {
    const { page } = await slowPhone();
    const appCode = await holdAppCode(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.locator('form.contact-form');
    await form.getByLabel('Name').waitFor({ state: 'visible', timeout: 30_000 });
    const email = uniqueEmail('early-contact');
    await form.getByLabel('Name').fill('Early Erin');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(832) 555-0107');
    await form.getByLabel('Interest').selectOption('investment');
    await form.getByLabel('Message').fill('Typed before the page was ready.');
    expect(await appIsReady(page), 'the form was filled before the app started (else this test proves nothing)').toBe(
      false,
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    appCode.release();

    await page
      .getByText("Thank you for your message! We'll get back to you soon.", { exact: true })
      .waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByText('Name is required').count()).toBe(0);
    const lead = await storedLead(email);
    expect(lead).toMatchObject({
      name: 'Early Erin',
      email,
      phone: '(832) 555-0107',
      interest: 'investment',
      message: 'Typed before the page was ready.',
      source: 'contact-page',
      status: 'NEW',
    });
    expect(tab!.problems.hydrationWarnings, describeProblems(tab!.problems)).toEqual([]);
  });

  it('community popup: opened before the app is ready, filled at once, stored NEW with a visible quick-send flag', async () => {
    const { page, cdp } = await slowPhone();
    const appCode = await holdAppCode(page);
    await page.goto(`/community/${austinPoint.slug}`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Request Information', exact: true }).last();
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await appIsReady(page)).toBe(false);
    await button.click();
    appCode.release();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/name/i).first().waitFor({ state: 'visible', timeout: 30_000 });
    // The press before the app was ready is what the slow phone is for. The filling stands for an autofill, which
    // is instant: at 6x CPU on a busy machine, four fills and a click took over the 2 s that earn the flag (once in
    // a clean-clone run), and the lead was stored unflagged, as it should be when a form is open that long.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const email = uniqueEmail('early-popup');
    await dialog.getByLabel(/name/i).first().fill('Quick Quinn');
    await dialog.getByLabel(/email/i).first().fill(email);
    await dialog.getByLabel(/phone/i).first().fill('(713) 555-0108');
    await dialog
      .getByLabel(/message/i)
      .first()
      .fill('Autofilled and sent at once.');
    await dialog.locator('button[type="submit"]').click();
    await dialog
      .getByText(`Thank you for your interest in ${austinPoint.name}! We'll be in touch soon.`, { exact: true })
      .waitFor({ state: 'visible', timeout: 30_000 });

    const lead = await storedLead(email);
    expect(lead).toMatchObject({
      name: 'Quick Quinn',
      phone: '(713) 555-0108',
      message: 'Autofilled and sent at once.',
      communityId: austinPoint.id,
      status: 'NEW',
    });
    expect(lead.quickFillMs, 'sent within 2 s of opening: flagged, not hidden').toBeLessThan(2000);
  });

  it('listing popup: Contact Agent with its default message, sent at once, stored NEW with the listing', async () => {
    const { page } = await slowPhone();
    await page.goto(`/listing/${listing.id}`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Contact Agent', exact: true }).last();
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/name/i).first().waitFor({ state: 'visible', timeout: 30_000 });
    const email = uniqueEmail('early-listing');
    await dialog.getByLabel(/name/i).first().fill('Fast Fran');
    await dialog.getByLabel(/email/i).first().fill(email);
    const defaultMessage = await dialog
      .getByLabel(/message/i)
      .first()
      .inputValue();
    await dialog.locator('button[type="submit"]').click();
    await page
      .getByText('Contact form submitted successfully!', { exact: true })
      .waitFor({ state: 'visible', timeout: 30_000 });

    const lead = await storedLead(email);
    expect(defaultMessage).toContain(listing.title);
    expect(lead).toMatchObject({
      name: 'Fast Fran',
      message: defaultMessage,
      listingId: listing.id,
      listingTitle: listing.title,
      status: 'NEW',
    });
  });

  it('visit booking: Schedule Visit pressed before the app is ready, filled at once, stored NEW with its slot', async () => {
    const { page } = await slowPhone();
    await page.goto(`/community/${austinPoint.slug}`, { waitUntil: 'commit' });
    // The page's own button, in its main landmark. Not "the last Schedule Visit on the page": the HTML is still
    // arriving here, and when only its top had been parsed the last one was the community top bar's copy, which is
    // off screen until the page is scrolled; the click then waited on it until the timeout (twice in one CI run).
    const button = page.getByRole('main').getByRole('button', { name: 'Schedule Visit', exact: true });
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Visit' });
    await dialog.locator('#visit-date').waitFor({ state: 'visible', timeout: 30_000 });
    const date = await dialog.locator('#visit-date option').first().getAttribute('value');
    await dialog.locator('#visit-date').selectOption(date!);
    const slot = (
      await dialog
        .locator('#visit-slot option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean))
    )[0]!;
    await dialog.locator('#visit-slot').selectOption(slot);
    const email = uniqueEmail('early-visit');
    await dialog.locator('#visit-name').fill('Rapid Ray');
    await dialog.locator('#visit-email').fill(email);
    await dialog.locator('#visit-phone').fill('(713) 555-0109');
    await dialog.locator('#visit-consent').check();
    await dialog.getByRole('button', { name: 'Request Visit', exact: true }).click();
    await dialog.getByText(/Thank you, Rapid Ray!/).waitFor({ state: 'visible', timeout: 30_000 });

    const lead = await storedLead(email);
    expect(lead).toMatchObject({
      name: 'Rapid Ray',
      phone: '(713) 555-0109',
      interest: 'visit',
      preferredDate: date,
      preferredSlot: slot,
      status: 'NEW',
    });
  });

  // At a wide window, where /search shows its filters beside the results (the phone's sheet: the next test).
  it('search filters: choices made before the app started are applied once it runs, not reset', async () => {
    const { page } = await slowPhone();
    await page.setViewportSize({ width: 1280, height: 800 });
    const appCode = await holdAppCode(page);
    await page.goto('/search', { waitUntil: 'commit' });
    const form = page.getByRole('search').filter({ has: page.locator('#search-beds') });
    await form.locator('#search-beds').waitFor({ state: 'visible', timeout: 30_000 });
    await form.locator('#search-beds').selectOption('4');
    await form.locator('#search-sort').selectOption('price-asc');
    expect(await appIsReady(page), 'chosen before the app started').toBe(false);
    appCode.release();
    await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForURL(/beds=4/, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
    await expect.poll(() => form.locator('#search-beds').inputValue(), { timeout: 10_000 }).toBe('4');
    await expect.poll(() => form.locator('#search-sort').inputValue(), { timeout: 10_000 }).toBe('price-asc');
    expect(new URL(page.url()).searchParams.get('beds')).toBe('4');
  });

  // The community page's filter bar is hydrated on demand (issue 14): its code loads when the visitor reaches for it.
  // A choice made before the app started fired its events before anything listened, so the bar must see from its
  // fields that they changed, load, and apply them.
  it('community page filters: a choice made before the app started loads the bar and is applied', async () => {
    const { page } = await slowPhone();
    const appCode = await holdAppCode(page);
    await page.goto(`/community/${austinPoint.slug}`, { waitUntil: 'commit' });
    const beds = page.locator('#homes-filter-beds');
    await beds.waitFor({ state: 'attached', timeout: 30_000 });
    await beds.selectOption('3');
    expect(await appIsReady(page), 'chosen before the app started').toBe(false);
    appCode.release();
    await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForURL((url) => url.searchParams.get('beds') === '3', { timeout: 15_000 });
    await expect.poll(() => beds.inputValue(), { timeout: 10_000 }).toBe('3');
    expect(tab!.problems.hydrationWarnings, describeProblems(tab!.problems)).toEqual([]);
  });

  // On a phone the filters are in a sheet behind a "Filters" button (issue 17: results first). A tap on it before
  // the app started is held and replayed once the app is ready (app-starter.ts): the sheet opens then.
  it('search on a phone: a tap on Filters before the app started opens the sheet once it runs; its choices apply', async () => {
    const { page } = await slowPhone();
    const appCode = await holdAppCode(page);
    await page.goto('/search', { waitUntil: 'commit' });
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await filtersButton.waitFor({ state: 'visible', timeout: 30_000 });
    await filtersButton.click();
    expect(await appIsReady(page), 'tapped before the app started').toBe(false);
    appCode.release();
    await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached', timeout: 30_000 });
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor({ state: 'visible', timeout: 15_000 });
    await sheet.locator('#search-sheet-beds').selectOption('4');
    await sheet.locator('#search-sheet-sort').selectOption('price-asc');
    await sheet.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/beds=4/, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
  });

  it('admin login: typed as soon as the fields show and sent at once, signs in', async () => {
    const { page } = await slowPhone();
    const { adminEmail, adminPassword } = e2eEnv();
    await page.goto('/admin/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard$/, { timeout: 30_000 });
  });
});
