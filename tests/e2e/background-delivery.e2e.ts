/**
 * A visitor's message queued in a dead zone reaches the office with no page of the site open (Chromium's Background
 * Sync; web/src/data/background-delivery.ts, sw/visitor-delivery.ts). The visitor sends the contact form with the
 * network cut (a TCP proxy that resets every connection: navigator.onLine stays true, as in a dead zone), closes the
 * tab, and never comes back; the network returns.
 *
 * Chromium schedules a sync's retries itself (about 5 and 15 minutes after a failed one); the test asks for the
 * retry at once through the DevTools protocol (ServiceWorker.dispatchSyncEvent), which runs the worker's real
 * handler: the message is read from IndexedDB and sent over the real network to the real server.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leadsByEmail, sleep, waitForLeads } from './support/api';
import { newContextAt, readOutbox, serviceWorkerControls } from './support/admin-sync';
import { launchBrowser } from './support/browser';
import { e2eEnv } from './support/env';
import { NetworkSwitch } from './support/network-switch';

const SYNC_TAG = 'visitor-messages';

let browser: Browser;
let context: BrowserContext | undefined;
let network: NetworkSwitch | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  await network?.stop();
  network = undefined;
});

afterAll(async () => {
  await browser?.close();
});

/** The Background Sync tags the site's registration holds. */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } }) | undefined;
    return (await registration?.sync?.getTags()) ?? [];
  });

/**
 * Runs the worker's sync handler for `tag`, as Chromium does on a retry, from a blank tab (no page of the site open).
 * Resolves once the event was handed to the worker.
 */
async function dispatchSync(target: BrowserContext, origin: string, tag: string): Promise<void> {
  const blank = await target.newPage();
  const cdp = await target.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 10_000;
  while (!registrations.some((item) => item.scopeURL.startsWith(origin)) && Date.now() < deadline) await sleep(100);
  const registration = registrations.find((item) => item.scopeURL.startsWith(origin));
  if (!registration) throw new Error(`no service worker registration at ${origin}`);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: registration.registrationId,
    tag,
    lastChance: false,
  });
}

describe('a visitor who never comes back', () => {
  it('their message queued offline is delivered by the service worker once the network returns, with no page open', async () => {
    network = new NetworkSwitch(Number(new URL(e2eEnv().baseUrl).port));
    const base = await network.start();
    context = await newContextAt(browser, base);
    const page = await context.newPage();
    await page.goto('/contact', { waitUntil: 'load' });
    expect(await serviceWorkerControls(page), 'the worker controls the page').toBe(true);

    const email = `background-${Date.now()}@example.com`;
    const form = page.locator('form.contact-form');
    await form.getByLabel(/name/i).first().fill('Robin Away');
    await form.getByLabel(/email/i).first().fill(email);
    await form
      .getByLabel(/message/i)
      .first()
      .fill('Please call me about a home in Katy.');
    network.cut();
    await form.getByRole('button', { name: /send/i }).click();
    await page.getByText(/saved on this device/).waitFor({ timeout: 20_000 });
    expect((await readOutbox(page)).filter((entry) => entry.path === 'contact')).toHaveLength(1);
    // The page asked the browser to wake its worker for it.
    await expect.poll(() => syncTags(page), { timeout: 10_000 }).toContain(SYNC_TAG);

    // The visitor closes the tab; later the network is back. No page of the site is open.
    await page.close();
    // Checked before the network is back: once it is, the worker may deliver at any moment on its own.
    expect(await leadsByEmail(email), 'nothing reached the server while the network was cut').toEqual([]);
    network.restore();
    await dispatchSync(context, base, SYNC_TAG);

    const leads = await waitForLeads(email, { timeoutMs: 20_000 });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Robin Away', source: 'contact-page' });
    // And the device's queue is empty: a later visit sends nothing twice.
    const check = await context.newPage();
    await check.goto(`${base}/contact`, { waitUntil: 'load' });
    expect((await readOutbox(check)).filter((entry) => entry.path === 'contact')).toEqual([]);
  }, 90_000);
});
