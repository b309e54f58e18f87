/**
 * The public pages as a visitor sees them (SPEC §2, §8): each route's content, with the spec's exact texts, found
 * by accessible role, label and text rather than markup details.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, Listing, SiteSettings } from '../../domain';
import { publicCommunities, publicCommunity, publicListings, publicSettings } from './support/api';
import { launchBrowser, newContext, newPage, open, settle, type E2ePage } from './support/browser';
import { siteUrl } from './support/env';
import { escapeRegExp, longUsDate, usd } from './support/html';

const FOOTER_SLUGS = ['austin-point', 'emberly', 'indigo', 'stonecreek-estates'];
const CARD_DESCRIPTION_LIMIT = 120;

let browser: Browser;
let context: BrowserContext;
let tab: E2ePage;
let page: Page;
let communities: Community[];
let listings: Listing[];
let settings: SiteSettings;
let austinPoint: Community;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  [communities, listings, settings, austinPoint] = await Promise.all([
    publicCommunities(),
    publicListings(),
    publicSettings(),
    publicCommunity('austin-point'),
  ]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openTab(pathname: string): Promise<Page> {
  tab = await newPage(context);
  page = tab.page;
  await open(page, pathname);
  return page;
}

/** The visible text of an element, whitespace collapsed. */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/**
 * The text an element holds, rendered yet or not, whitespace collapsed. Below-the-fold sections are laid out only
 * when they come near the viewport (content-visibility, styles/base.css), and innerText leaves out a section not
 * laid out yet; the sections' headings are checked visible on their own.
 */
async function pageTextOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** A link, or a button, with this exact accessible name. */
const action = (scope: Page | Locator, name: string) =>
  scope.getByRole('link', { name, exact: true }).or(scope.getByRole('button', { name, exact: true }));

async function expectVisible(locator: Locator, what: string) {
  await locator
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => {});
  expect(await locator.first().isVisible(), `${what} is visible`).toBe(true);
}

const pathOf = (href: string | null) => (href ? new URL(href, siteUrl('/')).pathname : '');

/** The community a /community/{x} href points at (x may be the id or the slug). */
const communityFromHref = (href: string | null) => {
  const match = /^\/community\/([^/?#]+)/.exec(pathOf(href));
  return match ? communities.find((community) => community.slug === match[1] || community.id === match[1]) : undefined;
};

describe('home /', () => {
  afterAll(async () => tab?.close());

  // The figures are computed from the records (issue 17, docs/decisions.md "Home figures"), no longer SPEC §1's
  // fixed "6+ / $200K+ / 15+ / A+"; delivered-and-facts.e2e.ts checks each against the records.
  it('shows the hero, the figures (the number of communities first) and the featured communities', async () => {
    await openTab('/');
    await expectVisible(page.getByRole('heading', { level: 1 }), 'the hero heading');
    const communitiesFigure = page.locator('dl.figures .figure').filter({ hasText: 'Communities' }).locator('dd');
    expect(await communitiesFigure.textContent()).toBe(String(communities.length));

    const main = page.getByRole('main');
    const hrefs = await main
      .locator('a[href*="/community/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length, 'featured community cards').toBeGreaterThan(0);
    for (const href of hrefs) expect(communityFromHref(href), `${href} is a real community`).toBeDefined();
  });

  it('has the main top bar: fixed, with Communities, Contact and a search button', async () => {
    const banner = page.getByRole('banner').first();
    await expectVisible(banner, 'the main top bar');
    expect(await banner.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(pathOf(await banner.getByRole('link', { name: 'Communities', exact: true }).getAttribute('href'))).toBe(
      '/communities',
    );
    expect(pathOf(await banner.getByRole('link', { name: 'Contact', exact: true }).getAttribute('href'))).toBe(
      '/contact',
    );
    await expectVisible(banner.getByRole('button', { name: /search/i }), 'the search button');
  });

  it('has the closing call to action with its exact texts and both buttons', async () => {
    const heading = page.getByRole('heading', { name: 'Ready to Find Your Perfect Houston Community?', exact: true });
    await expectVisible(heading, 'the closing call to action heading');
    const band = heading.locator('xpath=ancestor::*[.//a or .//button][1]');
    await expectVisible(
      band.getByText('Start your journey today and discover the ideal neighborhood for your lifestyle.', {
        exact: true,
      }),
      'the closing call to action text',
    );
    expect(pathOf(await action(band, 'Explore Communities').getAttribute('href'))).toBe('/communities');
    expect(pathOf(await action(band, 'Contact Us').getAttribute('href'))).toBe('/contact');
  });

  it('has the footer: brand text, quick links, the four community links, contact info, copyright year', async () => {
    const footer = page.getByRole('contentinfo');
    await expectVisible(
      footer.getByText("Discover exceptional homes in Houston's premier communities.", { exact: true }),
      'the footer brand text',
    );
    for (const [name, path] of [
      ['Home', '/'],
      ['Communities', '/communities'],
      ['Contact', '/contact'],
    ])
      expect(
        (
          await footer
            .getByRole('link', { name, exact: true })
            .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
        ).map(pathOf),
        `footer quick link ${name}`,
      ).toContain(path);
    for (const slug of FOOTER_SLUGS)
      expect(await footer.locator(`a[href="/community/${slug}"]`).count(), `footer link /community/${slug}`).toBe(1);
    // Shown once scrolled to (its grid renders when near, styles/base.css); read whether rendered or not.
    await footer.getByText('Houston, Texas').scrollIntoViewIfNeeded();
    await expect.poll(() => footer.getByText('Houston, Texas').isVisible()).toBe(true);
    const text = await pageTextOf(footer);
    expect(text).toContain('Houston, Texas');
    expect(text).toContain(settings.general.contactPhone);
    // No placeholder email (issue 17): the footer names the settings' address once an admin has set one.
    if (settings.general.contactEmail) expect(text).toContain(settings.general.contactEmail);
    else expect(text).not.toContain('info@example.com');
    expect(text).toMatch(new RegExp(`(©|&copy;|Copyright)\\s*${new Date().getFullYear()}`));
  });

  it('the footer links a privacy policy, brokerage services information and a consumer protection notice', async () => {
    const footer = page.getByRole('contentinfo');
    for (const name of [/privacy/i, /brokerage/i, /consumer protection/i]) {
      const link = footer.getByRole('link', { name });
      expect(await link.count(), `footer link ${name}`).toBeGreaterThan(0);
      const response = await fetch(siteUrl(pathOf(await link.first().getAttribute('href'))), {
        headers: { accept: 'text/html' },
      });
      expect(response.status, `${name} page`).toBe(200);
    }
  });

  it('the call to action buttons lead to /communities and /contact', async () => {
    const band = page
      .getByRole('heading', { name: 'Ready to Find Your Perfect Houston Community?' })
      .locator('xpath=ancestor::*[.//a or .//button][1]');
    await action(band, 'Explore Communities').click();
    await page.waitForURL(/\/communities$/);
    await settle(page);
    await expectVisible(page.getByText(communities[0]!.name).first(), 'a community card on /communities');
    await page.goBack();
    await settle(page);
    const bandAgain = page
      .getByRole('heading', { name: 'Ready to Find Your Perfect Houston Community?' })
      .locator('xpath=ancestor::*[.//a or .//button][1]');
    await action(bandAgain, 'Contact Us').click();
    await page.waitForURL(/\/contact$/);
  });
});

describe('/communities', () => {
  afterAll(async () => tab?.close());

  it('shows a card for every community, linking to its page', async () => {
    await openTab('/communities');
    const main = page.getByRole('main');
    const hrefs = await main
      .locator('a[href*="/community/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const linked = new Set(hrefs.map((href) => communityFromHref(href)?.id).filter(Boolean));
    for (const community of communities) {
      await expectVisible(main.getByText(community.name, { exact: true }), `the card of ${community.name}`);
      expect(linked.has(community.id), `a link to ${community.name}`).toBe(true);
    }
  });

  it('cuts card descriptions at 120 characters with "..."', async () => {
    // Cards far down the list are laid out when scrolled near (content-visibility): read the DOM's text.
    const text = await pageTextOf(page.getByRole('main'));
    for (const community of communities) {
      const description = community.description.replace(/\s+/g, ' ').trim();
      if (description.length <= CARD_DESCRIPTION_LIMIT) {
        expect(text, `${community.name}: short description shown whole`).toContain(description);
        continue;
      }
      const cut = description.slice(0, CARD_DESCRIPTION_LIMIT);
      const shown = text.includes(`${cut}...`) || text.includes(`${cut.trimEnd()}...`);
      expect(shown, `${community.name}: "${cut}..." on its card`).toBe(true);
      expect(text, `${community.name}: the full description is not on the card`).not.toContain(description);
    }
  });
});

describe('/community/{id}', () => {
  afterAll(async () => tab?.close());

  it('shows the hero, about, details (location, price range, schools) and amenities', async () => {
    await openTab('/community/austin-point');
    const { hero, about } = austinPoint.sections;
    const h1 = await textOf(page.getByRole('heading', { level: 1 }).first());
    expect(h1).toBe((hero.visible && hero.title) || austinPoint.name);
    const text = await pageTextOf(page.getByRole('main'));
    if (hero.visible && hero.subtitle) expect(text).toContain(hero.subtitle);
    if (about.visible) expect(text).toContain(about.content.replace(/\s+/g, ' ').trim());
    expect(text).toContain(austinPoint.location);
    expect(text).toContain(austinPoint.priceRange);
    for (const school of austinPoint.schools) expect(text, `school ${school}`).toContain(school);
    for (const amenity of austinPoint.amenities) expect(text, `amenity ${amenity}`).toContain(amenity);
  });

  it('shows the homes and builders sections with their titles and entries', async () => {
    const { homes, builders } = austinPoint.sections;
    await expectVisible(page.getByRole('heading', { name: homes.title, exact: true }), 'the homes section title');
    await expectVisible(page.getByRole('heading', { name: builders.title, exact: true }), 'the builders title');
    const text = await pageTextOf(page.getByRole('main'));
    for (const home of austinPoint.homes) expect(text, `home ${home.name}`).toContain(home.name);
    for (const builder of austinPoint.builders) expect(text, `builder ${builder.name}`).toContain(builder.name);
  });

  it('lists the available listings, each linking to /listing/{id}', async () => {
    const own = listings.filter((listing) => listing.communityId === austinPoint.id && listing.status === 'AVAILABLE');
    expect(own.length).toBeGreaterThan(0);
    for (const listing of own)
      expect(
        await page.locator(`a[href="/listing/${listing.id}"]`).count(),
        `link to ${listing.title}`,
      ).toBeGreaterThan(0);
  });

  it('has its own top bar with the community name, Communities, Homes (#anchor), Contact and Schedule Visit', async () => {
    const bar = page
      .locator('header, [role="banner"]')
      .filter({ has: page.getByRole('link', { name: 'Homes', exact: true, includeHidden: true }) })
      .first();
    expect(await bar.count(), 'a top bar with a Homes link').toBe(1);
    expect(await bar.textContent()).toContain(austinPoint.name);
    const homes = bar.getByRole('link', { name: 'Homes', exact: true, includeHidden: true });
    expect(await homes.getAttribute('href')).toMatch(/^#/);
    for (const [name, path] of [
      ['Communities', '/communities'],
      ['Contact', '/contact'],
    ])
      expect(pathOf(await bar.getByRole('link', { name, exact: true, includeHidden: true }).getAttribute('href'))).toBe(
        path,
      );
    expect(await bar.getByRole('button', { name: 'Schedule Visit', includeHidden: true }).count()).toBe(1);
  });

  it('has a contact band whose Request Information opens the popup', async () => {
    expect(await page.getByRole('button', { name: 'Schedule Visit', exact: true }).count()).toBeGreaterThan(0);
    const requestInfo = page.getByRole('button', { name: 'Request Information', exact: true });
    expect(await requestInfo.count()).toBeGreaterThan(0);
    await requestInfo.last().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible', timeout: 5_000 });
    for (const label of [/name/i, /email/i, /phone/i, /message/i])
      expect(await dialog.getByLabel(label).count(), `popup field ${label}`).toBeGreaterThan(0);
    await dialog
      .getByRole('button', { name: /close|cancel/i })
      .first()
      .click();
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('shows a section only when its visible flag is on', async () => {
    const hidden = communities.find((community) => !community.sections.builders.visible && community.builders.length);
    expect(hidden, 'example data has a community with its builders section hidden').toBeDefined();
    await tab.close();
    await openTab(`/community/${hidden!.slug}`);
    const text = await textOf(page.getByRole('main'));
    expect(text).not.toContain(hidden!.builders[0]!.name);
    if (hidden!.sections.builders.title)
      expect(await page.getByRole('heading', { name: hidden!.sections.builders.title, exact: true }).count()).toBe(0);
  });

  it("shows 'Community Not Found' with a Back to Home link for a missing community", async () => {
    await tab.close();
    tab = await newPage(context);
    page = tab.page;
    await open(page, '/community/does-not-exist', 404);
    await expectVisible(page.getByText('Community Not Found', { exact: true }), "'Community Not Found'");
    const back = page.getByRole('link', { name: 'Back to Home' });
    expect(pathOf(await back.getAttribute('href'))).toBe('/');
  });
});

describe('/listing/{id}', () => {
  afterAll(async () => tab?.close());

  const listingWithText = () => listings.find((listing) => listing.description.trim() && listing.bedrooms > 0)!;
  const label = (value: string) => new RegExp(value.replace(/_/g, ' '), 'i');

  it('shows title, address, price in USD without decimals, beds, baths, sqft, type, status, date, description', async () => {
    const listing = listingWithText();
    await openTab(`/listing/${listing.id}`);
    expect(await textOf(page.getByRole('heading', { level: 1 }).first())).toBe(listing.title);
    const text = await textOf(page.getByRole('main'));
    expect(text).toContain(listing.address);
    expect(text).toContain(usd(listing.price));
    expect(text).not.toContain(`${usd(listing.price)}.00`);
    const number = (value: number) => `(${escapeRegExp(value.toLocaleString('en-US'))}|${value})`;
    expect(text).toMatch(
      new RegExp(
        `${number(listing.bedrooms)}\\s*(beds?|bedrooms?|bd)\\b|\\bbed(room)?s?:?\\s*${number(listing.bedrooms)}\\b`,
        'i',
      ),
    );
    expect(text).toMatch(
      new RegExp(
        `${number(listing.bathrooms)}\\s*(baths?|bathrooms?|ba)\\b|\\bbath(room)?s?:?\\s*${number(listing.bathrooms)}\\b`,
        'i',
      ),
    );
    expect(text).toMatch(
      new RegExp(
        `${number(listing.sqft)}\\s*(sq\\.?\\s*ft|square feet)|(sq\\.?\\s*ft|square feet):?\\s*${number(listing.sqft)}`,
        'i',
      ),
    );
    expect(text).toMatch(label(listing.type));
    expect(text).toMatch(label(listing.status));
    expect(text).toContain(longUsDate(listing.createdAt));
    expect(text).toContain(listing.description.replace(/\s+/g, ' ').trim());
  });

  it('has a community card linking to the community page and showing its amenity count', async () => {
    const listing = listingWithText();
    const community = communities.find((candidate) => candidate.id === listing.communityId)!;
    const main = page.getByRole('main');
    const hrefs = await main
      .locator('a[href*="/community/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.map((href) => communityFromHref(href)?.id)).toContain(community.id);
    expect(await textOf(main)).toMatch(new RegExp(`\\b${community.amenities.length}\\s+amenit(y|ies)`, 'i'));
  });

  it('has Contact Agent, Request Information, Schedule Tour, Schedule Viewing and Save to Favorites', async () => {
    for (const name of [
      'Contact Agent',
      'Request Information',
      'Schedule Tour',
      'Schedule Viewing',
      'Save to Favorites',
    ])
      expect(await action(page, name).count(), name).toBeGreaterThan(0);
  });

  it.each(['Contact Agent', 'Request Information'])(
    '%s opens the popup, its message naming the listing',
    async (name) => {
      const listing = listingWithText();
      await action(page, name).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ state: 'visible', timeout: 5_000 });
      const message = await dialog.getByLabel(/message/i).inputValue();
      expect(message).toContain(listing.title);
      expect(message).toContain(listing.address);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    },
  );

  it("shows 'No description available for this property.' for a listing without a description", async () => {
    const empty = listings.find((listing) => listing.description.trim() === '');
    expect(empty, 'the example data has a listing with an empty description').toBeDefined();
    await tab.close();
    await openTab(`/listing/${empty!.id}`);
    await expectVisible(
      page.getByText('No description available for this property.', { exact: true }),
      'the description fallback',
    );
  });

  it("shows 'Listing Not Found' for a missing listing", async () => {
    await tab.close();
    tab = await newPage(context);
    page = tab.page;
    await open(page, '/listing/does-not-exist', 404);
    await expectVisible(page.getByText('Listing Not Found', { exact: true }), "'Listing Not Found'");
  });
});

describe('/contact', () => {
  afterAll(async () => tab?.close());

  it('shows a hero, the office contact details and the five social links', async () => {
    await openTab('/contact');
    await expectVisible(page.getByRole('heading', { level: 1 }), 'the hero heading');
    const main = page.getByRole('main');
    // An email link once an admin has set the address (no placeholder by default, issue 17).
    const { contactEmail } = (await publicSettings()).general;
    const emailLinks = await main.locator('a[href^="mailto:"]').count();
    if (contactEmail) expect(emailLinks, 'an email link').toBeGreaterThan(0);
    else expect(emailLinks, 'no email link before an admin sets the address').toBe(0);
    expect(await main.locator('a[href^="tel:"]').count(), 'a phone link').toBeGreaterThan(0);
    for (const network of ['instagram', 'facebook', 'linkedin', 'youtube', 'tiktok'])
      expect(
        await page.locator(`a[href*="${network}" i], a[aria-label*="${network}" i]`).count(),
        `a ${network} link`,
      ).toBeGreaterThan(0);
  });

  it('has a form with name, email, phone, interest and message; all but phone required', async () => {
    const form = page.locator('form').filter({ has: page.getByLabel(/message/i) });
    const field = (label: RegExp) => form.getByLabel(label).first();
    for (const [label, required] of [
      [/name/i, true],
      [/email/i, true],
      [/phone/i, false],
      [/interest/i, true],
      [/message/i, true],
    ] as const) {
      expect(await form.getByLabel(label).count(), `field ${label}`).toBeGreaterThan(0);
      expect(
        await field(label).evaluate((element) => (element as HTMLInputElement).required),
        `${label} required`,
      ).toBe(required);
    }
    const options = await field(/interest/i)
      .locator('option')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value).filter(Boolean));
    expect(options).toEqual(['general', 'buying', 'community', 'investment', 'other']);
  });
});
