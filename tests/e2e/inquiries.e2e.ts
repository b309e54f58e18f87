/**
 * Visitors' inquiries (SPEC §4, §5, §8): the request popup's validation and success (closing ~3 s later), the
 * listing popup's toast, the contact page's success and failure, and each lead arriving on the server exactly
 * once, in the inbox (not marked as spam: the forms are filled at a person's pace).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing } from '../../domain';
import { leadsByEmail, publicCommunity, publicListings, sleep, uniqueEmail, waitForLeads } from './support/api';
import { launchBrowser, newContext, newPage, open, type E2ePage } from './support/browser';
import { localDb } from './support/local-db';

/** The server marks a form sent faster than this as spam (docs/decisions.md); a person is slower. */
const HUMAN_FILL_MS = 2_500;

let browser: Browser;
let context: BrowserContext;
let tab: E2ePage | undefined;
let austinPoint: Community;
let listing: Listing;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  austinPoint = await publicCommunity('austin-point');
  listing = (await publicListings(austinPoint.id)).find((candidate) => candidate.status === 'AVAILABLE')!;
});

afterAll(async () => {
  await tab?.close();
  await context?.close();
  await browser?.close();
});

async function openTab(pathname: string, target: Browser | BrowserContext = context): Promise<Page> {
  await tab?.close();
  tab = await newPage(target, { serviceWorkers: 'block' });
  await open(tab.page, pathname);
  return tab.page;
}

const submitButton = (scope: Locator) => scope.locator('button[type="submit"], input[type="submit"]').first();

async function openPopup(page: Page, buttonName: string): Promise<Locator> {
  await page.getByRole('button', { name: buttonName, exact: true }).last().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible', timeout: 5_000 });
  return dialog;
}

/** Waits until `since` is at least HUMAN_FILL_MS ago. */
async function atHumanPace(since: number) {
  const wait = since + HUMAN_FILL_MS - Date.now();
  if (wait > 0) await sleep(wait);
}

async function shown(scope: Locator | Page, text: string, timeout = 5_000): Promise<boolean> {
  const locator = scope.getByText(text, { exact: true }).first();
  return locator
    .waitFor({ state: 'visible', timeout })
    .then(() => true)
    .catch(() => false);
}

/** What the visitor sees instead (live regions, alerts, the submit button), for a failure message. */
const notices = async (page: Page) =>
  JSON.stringify(
    (await page.locator('[role="status"], [role="alert"], .notice, form button[type="submit"]').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean),
  );

const count = (scope: Locator, text: string) => scope.getByText(text, { exact: true }).count();

/** Makes the server answer every POST to `pattern` with this status (for this page's context only). */
async function failPosts(page: Page, pattern: string, status: number) {
  await page.context().route(pattern, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ error: status >= 500 ? 'Internal server error' : 'Invalid input' }),
        })
      : route.continue(),
  );
}

describe('request information popup (community page)', () => {
  it('validates name, email and message, and clears each error when its field is edited', async () => {
    const page = await openTab('/community/austin-point');
    const dialog = await openPopup(page, 'Request Information');
    const field = (label: RegExp) => dialog.getByLabel(label).first();
    for (const label of [/name/i, /email/i, /phone/i, /message/i]) await field(label).fill('');

    await submitButton(dialog).click();
    expect(await shown(dialog, 'Name is required'), "'Name is required'").toBe(true);
    expect(await shown(dialog, 'Email is required'), "'Email is required'").toBe(true);
    expect(await shown(dialog, 'Message is required'), "'Message is required'").toBe(true);

    await field(/name/i).fill('Avery Tester');
    expect(await count(dialog, 'Name is required')).toBe(0);
    expect(await count(dialog, 'Email is required')).toBe(1);
    expect(await count(dialog, 'Message is required')).toBe(1);

    const email = uniqueEmail('popup-invalid');
    await field(/email/i).fill('not-an-email');
    expect(await count(dialog, 'Email is required')).toBe(0);
    await submitButton(dialog).click();
    expect(await shown(dialog, 'Please enter a valid email address'), "'Please enter a valid email address'").toBe(
      true,
    );
    await field(/email/i).fill(email);
    expect(await count(dialog, 'Please enter a valid email address')).toBe(0);
    expect(await count(dialog, 'Message is required')).toBe(1);
    await field(/message/i).fill('I would like a brochure.');
    expect(await count(dialog, 'Message is required')).toBe(0);

    // Nothing was sent while the form was invalid.
    expect(await leadsByEmail(email)).toEqual([]);
    expect(await leadsByEmail('not-an-email')).toEqual([]);
  });

  it("on success says 'Thank you for your interest in {community}!...', closes ~3 s later, one lead stored", async () => {
    const page = await openTab('/community/austin-point');
    const dialog = await openPopup(page, 'Request Information');
    const openedAt = Date.now();
    const email = uniqueEmail('popup');
    await dialog.getByLabel(/name/i).first().fill('Avery Tester');
    await dialog.getByLabel(/email/i).first().fill(email);
    await dialog.getByLabel(/phone/i).first().fill('(713) 555-0199');
    await dialog
      .getByLabel(/message/i)
      .first()
      .fill('Please send me the price sheet.');
    await atHumanPace(openedAt);
    await submitButton(dialog).click();

    const success = `Thank you for your interest in ${austinPoint.name}! We'll be in touch soon.`;
    expect(await shown(dialog, success, 10_000), success).toBe(true);
    const shownAt = Date.now();
    await dialog.waitFor({ state: 'hidden', timeout: 8_000 });
    const closedAfter = Date.now() - shownAt;
    expect(closedAfter, 'the popup closes about 3 s after the success message').toBeGreaterThanOrEqual(2_000);
    expect(closedAfter).toBeLessThanOrEqual(6_000);

    const leads = await waitForLeads(email);
    expect(leads, 'the inquiry is stored exactly once').toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Avery Tester', message: 'Please send me the price sheet.', status: 'NEW' });
  });
});

describe('request information popup failure', () => {
  it("on a server error says 'There was an error submitting your request. Please try again.'", async () => {
    const page = await openTab('/community/austin-point', browser);
    await failPosts(page, '**/api/public/contacts', 500);
    const dialog = await openPopup(page, 'Request Information');
    const openedAt = Date.now();
    await dialog.getByLabel(/name/i).first().fill('Avery Tester');
    await dialog.getByLabel(/email/i).first().fill(uniqueEmail('popup-500'));
    await dialog
      .getByLabel(/message/i)
      .first()
      .fill('Please send me the price sheet.');
    await atHumanPace(openedAt);
    await submitButton(dialog).click();
    const failure = 'There was an error submitting your request. Please try again.';
    expect(await shown(dialog, failure, 10_000), `${failure} (shown instead: ${await notices(page)})`).toBe(true);
  });
});

describe('listing popup', () => {
  it("Contact Agent sends a listing inquiry: toast 'Contact form submitted successfully!', lead with the listing", async () => {
    const page = await openTab(`/listing/${listing.id}`);
    const dialog = await openPopup(page, 'Contact Agent');
    const openedAt = Date.now();
    const email = uniqueEmail('listing');
    await dialog.getByLabel(/name/i).first().fill('Jordan Buyer');
    await dialog.getByLabel(/email/i).first().fill(email);
    await atHumanPace(openedAt);
    await submitButton(dialog).click();
    expect(await shown(page.locator('body'), 'Contact form submitted successfully!', 10_000)).toBe(true);

    const leads = await waitForLeads(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ listingId: listing.id, listingTitle: listing.title, status: 'NEW' });
    expect(leads[0]!.submittedAt).toBeTruthy();
  });

  it('on a phone the popup’s code is fetched and compiled once the page is interactive, and the tap only runs it', async () => {
    const POPUP_CODE = /\/inquiry-popup-[^/]*\.js$/;
    for (const [pathname, button, alsoWarmed] of [
      [`/listing/${listing.id}`, 'Contact Agent', ['inquiry-popup', 'payment-calculator']],
      ['/community/austin-point', 'Request Information', ['inquiry-popup']],
    ] as const) {
      await tab?.close();
      tab = await newPage(browser, { serviceWorkers: 'block', phone: true });
      const { page } = tab;
      // The network's account of each fetch of the popup's code (Chrome DevTools Protocol).
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      const fetches: string[] = [];
      network.on('Network.requestWillBeSent', ({ request }) => {
        if (POPUP_CODE.test(request.url)) fetches.push(request.url);
      });
      await open(page, pathname);
      // A phone has no hover: without the page's own modulepreload nothing fetched the popup's code before the tap.
      await expect.poll(() => fetches.length, { timeout: 15_000, message: `${pathname}: not fetched` }).toBe(1);
      for (const chunk of alsoWarmed) {
        expect(
          await page.locator(`link[rel="modulepreload"][href*="/${chunk}-"]`).count(),
          `${pathname}: ${chunk}`,
        ).toBe(1);
      }
      // Fetched and compiled, not run: no dialog before the tap.
      expect(await page.getByRole('dialog').count()).toBe(0);

      await page.getByRole('button', { name: button, exact: true }).last().tap();
      await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 5_000 });
      // The tap's import took the module the link had loaded: no second request for it.
      expect(fetches, `${pathname}: the popup's code fetched again`).toHaveLength(1);
    }
  });

  /** A listing page whose popup code is in (and evaluated), and its last Contact Agent button. */
  async function listingWithPopupCodeIn(): Promise<{ page: Page; contactAgent: Locator }> {
    const page = await openTab(`/listing/${listing.id}`);
    const contactAgent = page.getByRole('button', { name: 'Contact Agent', exact: true }).last();
    await contactAgent.hover();
    // Loaded by the page's modulepreload once it started, or by the hover.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/inquiry-popup-[^/]*\.js$/.test(entry.name)),
    );
    await sleep(500); // evaluated
    return { page, contactAgent };
  }

  it('a double click on Contact Agent leaves the popup open (its second click lands on the backdrop)', async () => {
    const { page, contactAgent } = await listingWithPopupCodeIn();
    const box = (await contactAgent.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(x, y);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    // The pointer is over the backdrop now, as the second click of a double click lands.
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName, [x, y])).toBe('DIALOG');
    // The second press of a double click: the click it makes has a detail (click count) of 2.
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    await sleep(300);
    expect(await dialog.isVisible()).toBe(true);
    // A plain click there closes it, as before.
    await page.mouse.click(x, y);
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('the frame after the click paints before the popup renders, even with its code in (the tap’s INP)', async () => {
    const { page, contactAgent } = await listingWithPopupCodeIn();
    // The first frame after the click, seen from its animation-frame callbacks: is the popup already rendered? The
    // window's listener runs after React's (on the root), so it sees what the click itself did.
    const dialogInClickFrame = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          window.addEventListener(
            'click',
            () => requestAnimationFrame(() => resolve(document.querySelector('dialog') !== null)),
            { once: true },
          ),
        ),
    );
    await contactAgent.click();
    expect(await dialogInClickFrame).toBe(false);
    // It comes in the next frames.
    await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 5_000 });
  });

  it('a popup or dialog whose code is in opens on the click, with no timer to wait for (React’s 300 ms Suspense throttle)', async ({
    onTestFinished: onFinished,
  }) => {
    await tab?.close();
    // A context of its own: the clock is the context's, and the pages of the later tests need time to pass.
    const ownContext = await newContext(browser);
    tab = await newPage(ownContext, { serviceWorkers: 'block' });
    const { page } = tab;
    onFinished(async () => {
      await tab?.close();
      tab = undefined;
      await ownContext.close();
    });
    // The page's timers are the test's from the start (React keeps the setTimeout it found when it loaded).
    await page.clock.install();
    // Every script the page receives, from its start: the popup's code may come with the page's modulepreload.
    const received: string[] = [];
    page.on('response', (response) => received.push(response.url()));
    await open(page, `/listing/${listing.id}`);
    let pausedFor = 0;
    /**
     * Loads a dialog's code as the pointer reaching its button does (or finds it loaded by the page's
     * modulepreload), stops the page's clock, clicks: the dialog must open with no more than a few frames' time.
     * (The clock's stand-in for `performance` has no resource entries: the test watches the responses.) A dialog
     * that suspends on its first render would show only when React's reveal timer (300 ms after the empty
     * fallback) ran, not within those 100 ms.
     */
    const opensWithTimeStopped = async (button: Locator, code: RegExp) => {
      await button.hover();
      await expect.poll(() => received.some((url) => code.test(url)), { timeout: 15_000 }).toBe(true);
      await sleep(500); // evaluated
      pausedFor += 60_000;
      await page.clock.pauseAt(Date.now() + pausedFor);
      await button.click();
      // The dialog waits for the frame after the click's (the test above): a few frames of the page's time, far
      // short of the reveal timer's 300 ms.
      await page.clock.runFor(100);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ state: 'visible', timeout: 5_000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
      await page.clock.resume();
    };
    const contactAgent = page.getByRole('button', { name: 'Contact Agent', exact: true }).last();
    await opensWithTimeStopped(contactAgent, /\/inquiry-popup-[^/]*\.js$/);
    await opensWithTimeStopped(
      page.getByRole('button', { name: 'Schedule Tour', exact: true }).first(),
      /\/visit-dialog-[^/]*\.js$/,
    );
    await opensWithTimeStopped(page.getByRole('button', { name: 'Search', exact: true }), /\/search-dialog-[^/]*\.js$/);
  });
});

const contactForm = (page: Page) => page.locator('form').filter({ has: page.getByLabel(/message/i) });

/** Fills the contact page's form as a buyer would; returns the form. */
async function fillContactForm(page: Page, email: string, message = 'We are relocating to Houston in the spring.') {
  const form = contactForm(page);
  await form.getByLabel(/name/i).first().fill('Casey Mover');
  await form.getByLabel(/email/i).first().fill(email);
  await form.getByLabel(/phone/i).first().fill('(281) 555-0123');
  await form
    .getByLabel(/interest/i)
    .first()
    .selectOption('buying');
  await form
    .getByLabel(/message/i)
    .first()
    .fill(message);
  return form;
}

/** How many entries wait in the page's outbox (0 when the database was never created; none is created here). */
const outboxCount = (page: Page) => localDb(page, { store: 'outbox', op: 'count' }, { ifMissing: 0 });

describe('contact page form', () => {
  it('an empty form is stopped by the browser: nothing is sent', async () => {
    const page = await openTab('/contact');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/contact')) posts += 1;
    });
    const form = contactForm(page);
    await submitButton(form).click();
    await sleep(1_000);
    expect(posts).toBe(0);
    expect(await form.evaluate((element) => (element as HTMLFormElement).checkValidity())).toBe(false);
  });

  it("an address the browser's check lets through but the server refuses is refused here: nothing sent or kept", async () => {
    const page = await openTab('/contact');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/contact')) posts += 1;
    });
    const form = await fillContactForm(page, 'jane.@gmail.com');
    expect(await form.evaluate((element) => (element as HTMLFormElement).checkValidity()), 'the browser takes it').toBe(
      true,
    );
    await submitButton(form).click();
    expect(await shown(form, 'Please enter a valid email address'), await notices(page)).toBe(true);
    await sleep(500);
    expect(posts).toBe(0);
    const queued = await outboxCount(page);
    expect(queued, 'nothing waits in the outbox').toBe(0);
    // The typed phone, name and message stay; a maxLength keeps a phone to what the server keeps.
    expect(await form.getByLabel(/phone/i).first().getAttribute('maxlength')).toBe('40');
  });

  it('a name or a message of spaces (the browser takes them, the server does not) is refused here: nothing sent or kept', async () => {
    const page = await openTab('/contact');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/contact')) posts += 1;
    });
    const form = await fillContactForm(page, 'casey@example.com', '   ');
    await form.getByLabel(/name/i).first().fill('  ');
    expect(await form.evaluate((element) => (element as HTMLFormElement).checkValidity()), 'the browser takes it').toBe(
      true,
    );
    await submitButton(form).click();
    expect(await shown(form, 'Name is required'), await notices(page)).toBe(true);
    expect(await shown(form, 'Message is required'), await notices(page)).toBe(true);
    await sleep(500);
    expect(posts).toBe(0);
    expect(await outboxCount(page), 'nothing waits in the outbox').toBe(0);
  });

  it("on success says 'Thank you for your message! We'll get back to you soon.' and stores the lead once", async () => {
    const page = await openTab('/contact');
    const openedAt = Date.now();
    const email = uniqueEmail('contact');
    const form = await fillContactForm(page, email);
    await atHumanPace(openedAt);
    await submitButton(form).click();
    const success = "Thank you for your message! We'll get back to you soon.";
    expect(await shown(page.locator('body'), success, 10_000), success).toBe(true);

    const leads = await waitForLeads(email);
    expect(leads, 'the message is stored exactly once').toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Casey Mover', interest: 'buying', status: 'NEW' });
  });

  it.each([
    [500, 'a server error'],
    [400, 'a rejection'],
  ])("on %i (%s) says 'There was an error sending your message. Please try again.'", async (status) => {
    // Own context, so the failing route does not leak into other tests.
    const page = await openTab('/contact', browser);
    await failPosts(page, '**/api/contact', status);
    const openedAt = Date.now();
    const form = await fillContactForm(page, uniqueEmail(`contact-${status}`));
    await atHumanPace(openedAt);
    await submitButton(form).click();
    const failure = 'There was an error sending your message. Please try again.';
    expect(
      await shown(page.locator('body'), failure, 10_000),
      `${failure} (shown instead: ${await notices(page)})`,
    ).toBe(true);
    expect(await page.getByText("Thank you for your message! We'll get back to you soon.").count()).toBe(0);
  });
});

describe('a request the server cannot take just now, while online', () => {
  it("a 429 (many visitors on one guest Wi-Fi) keeps the message without saying 'You're offline', and sends it later", async () => {
    const page = await openTab('/contact', browser);
    await failPosts(page, '**/api/contact', 429);
    const openedAt = Date.now();
    const email = uniqueEmail('contact-429');
    const form = await fillContactForm(page, email);
    await atHumanPace(openedAt);
    await submitButton(form).click();
    const notSentYet =
      "We couldn't send your request just now. It is saved on this device and will be sent automatically.";
    expect(await shown(page.locator('body'), notSentYet, 10_000), `${notSentYet} (shown: ${await notices(page)})`).toBe(
      true,
    );
    expect(await page.getByText("You're offline", { exact: false }).count()).toBe(0);
    // The server takes posts again: the outbox delivers the message on its next attempt, once.
    await page.context().unrouteAll();
    expect(await waitForLeads(email, { timeoutMs: 30_000 }), 'delivered once the server takes it').toHaveLength(1);
  }, 60_000);
});

describe('Send again after an error the server gave once it had stored the message', () => {
  it('a 500 after the server stored it (a proxy, a failure after the commit), then Send again: one lead', async () => {
    const page = await openTab('/contact', browser);
    let failedOnce = false;
    // The request reaches the real server, which stores it; the visitor gets a 500 instead of its answer.
    await page.context().route('**/api/contact', async (route) => {
      if (route.request().method() !== 'POST' || failedOnce) return route.continue();
      failedOnce = true;
      await route.fetch();
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
    });
    const openedAt = Date.now();
    const email = uniqueEmail('contact-500-stored');
    const form = await fillContactForm(page, email);
    await atHumanPace(openedAt);
    await submitButton(form).click();
    const failure = 'There was an error sending your message. Please try again.';
    expect(await shown(page.locator('body'), failure, 10_000), `${failure} (shown: ${await notices(page)})`).toBe(true);
    expect(await leadsByEmail(email), 'the server has the first').toHaveLength(1);
    await submitButton(form).click();
    const thanks = "Thank you for your message! We'll get back to you soon.";
    expect(await shown(page.locator('body'), thanks, 10_000), `${thanks} (shown: ${await notices(page)})`).toBe(true);
    expect(await waitForLeads(email, { count: 2, timeoutMs: 2_000 }), 'one lead, not two').toHaveLength(1);
  }, 60_000);
});

describe('sending from the keyboard', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element === document.body || !element ? 'body' : `${element.tagName}:${element.textContent?.trim()}`;
    });

  it('Enter on Send keeps the focus on the button while sending (one lead), and a sent popup gives it to Close', async () => {
    // A focused button that becomes `disabled` drops the focus to the page: a keyboard or screen-reader user was
    // thrown to the top of the page by every Send.
    const page = await openTab('/contact', browser);
    let releaseAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route('**/api/contact', async (route) => {
      await answerHeld;
      await route.continue();
    });
    const openedAt = Date.now();
    const email = uniqueEmail('keyboard');
    const form = await fillContactForm(page, email, 'Sent from the keyboard.');
    await atHumanPace(openedAt);
    await submitButton(form).focus();
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await focused(page)).toBe('BUTTON:Sending...');
    // A second press while sending sends nothing more.
    await page.keyboard.press('Enter');
    releaseAnswer();
    expect(await shown(page.locator('body'), "Thank you for your message! We'll get back to you soon.", 10_000)).toBe(
      true,
    );
    expect(await focused(page)).toBe('BUTTON:Send Message');
    await sleep(500);
    expect(await leadsByEmail(email), 'one lead for two presses').toHaveLength(1);

    const communityPage = await openTab(`/community/${austinPoint.slug}`, browser);
    const popupOpenedAt = Date.now();
    const dialog = await openPopup(communityPage, 'Request Information');
    await dialog.getByLabel(/name/i).first().fill('Kay Board');
    await dialog.getByLabel(/email/i).first().fill(uniqueEmail('keyboard-popup'));
    await dialog
      .getByLabel(/message/i)
      .first()
      .fill('Asked from the keyboard.');
    await atHumanPace(popupOpenedAt);
    await submitButton(dialog).focus();
    await communityPage.keyboard.press('Enter');
    // The form's own Close (Cancel until sent), not the dialog's × which is also named Close.
    await dialog.locator('.form__actions').getByRole('button', { name: 'Close', exact: true }).waitFor();
    expect(await focused(communityPage)).toBe('BUTTON:Close');
  });
});

describe('the connection drops on a first visit, before the service worker has the app', () => {
  // The sending code was fetched only when Send was pressed: offline, it could not come, and the visitor was told
  // to try again while nothing was kept. It now comes as the popup opens or a contact-page field takes the focus.
  it.each([
    ['the inquiry popup', `/community/austin-point`],
    ['the contact page', '/contact'],
  ])('%s keeps the lead on the device and sends it once the connection returns', async (_form, pathname) => {
    const ownContext = await newContext(browser);
    const page = (await newPage(ownContext, { serviceWorkers: 'block' })).page;
    try {
      await open(page, pathname);
      const openedAt = Date.now();
      const email = uniqueEmail('first-visit-offline');
      const form = pathname === '/contact' ? contactForm(page) : await openPopup(page, 'Request Information');
      // The visitor starts typing online, then the signal goes.
      await form.getByLabel(/name/i).first().fill('Dee Tour');
      await page.waitForLoadState('networkidle');
      await ownContext.setOffline(true);
      if (pathname === '/contact') await fillContactForm(page, email, 'Typed as the signal went.');
      else {
        await form.getByLabel(/email/i).first().fill(email);
        await form
          .getByLabel(/message/i)
          .first()
          .fill('Typed as the signal went.');
      }
      await atHumanPace(openedAt);
      await submitButton(form).click();
      const queued =
        "You're offline. Your request is saved on this device and will be sent when the connection returns.";
      expect(await shown(page.locator('body'), queued, 10_000), `${queued} (shown: ${await notices(page)})`).toBe(true);
      await ownContext.setOffline(false);
      expect(await waitForLeads(email), 'delivered once back online').toHaveLength(1);
    } finally {
      await ownContext.close();
    }
  });
});

describe('the tab dies while Send is still waiting for the server', () => {
  // A phone's system kills a tab in the background, or it crashes: its outbox entry is left 'sending' under a 30 s
  // lease that no one will settle. The page opened next sees that no live page holds the entry's send lock and
  // sends it at once (same Idempotency-Key), instead of after the lease.
  it('the next page of the site sends the message right away, once', async () => {
    const page = await openTab('/contact', browser);
    let postArrived = false;
    // The first post hangs, as on a connection that stalls: it never reaches the server, and no answer comes before
    // the tab dies. Later posts go through.
    await page.context().route('**/api/contact', (route) => {
      if (route.request().method() !== 'POST' || postArrived) return route.continue();
      postArrived = true;
    });
    const openedAt = Date.now();
    const email = uniqueEmail('contact-tab-killed-mid-send');
    const form = await fillContactForm(page, email);
    await atHumanPace(openedAt);
    await submitButton(form).click();
    for (const deadline = Date.now() + 10_000; !postArrived && Date.now() < deadline;) await sleep(50);
    expect(postArrived, 'the post left the page').toBe(true);

    const crashed = page.waitForEvent('crash', { timeout: 10_000 });
    const devtools = await page.context().newCDPSession(page);
    void devtools.send('Page.crash').catch(() => undefined);
    await crashed;
    const next = await newPage(page.context(), { serviceWorkers: 'block' });
    try {
      await open(next.page, '/');
      const leads = await waitForLeads(email, { timeoutMs: 15_000 });
      expect(leads, 'delivered by the next page well within the 30 s lease, and once').toHaveLength(1);
    } finally {
      await next.close();
    }
  }, 60_000);
});
