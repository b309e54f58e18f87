/**
 * Hostile text in the browser (issue "Prove it holds", hostile input): script payloads typed into every text
 * field an admin or a visitor can fill (community, its sections, homes, builders, amenities, schools; listing;
 * property; site settings; a visitor's lead), then every page that shows them is opened in Chromium. Nothing may
 * execute, no payload may become an element, and no page may log a CSP violation or an uncaught error.
 *
 * Two independent checks, so neither React's escaping nor the CSP alone is trusted: a payload that became markup
 * would leave an element carrying the probe attribute in the DOM (even where the CSP stops its script), and a
 * payload that ran would set window.__xss or open a dialog.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEY_ADMIN_TOKEN, STORAGE_KEY_ADMIN_USER } from '../../domain/constants';
import type { SiteSettings } from '../../domain';
import { adminToken } from './support/api';
import { describeProblems, launchBrowser, newContext, newPage, open, type E2ePage } from './support/browser';
import { e2eEnv, siteUrl } from './support/env';

const PROBE = 'data-xss-probe';

/** One payload per field, named so a failure says which field leaked. Short enough for 200-character fields. */
function payload(field: string): string {
  return (
    // `$'` and `$&` are String.replace patterns: text spliced into the page template must stay literal.
    `${field} $' $& <img src=x ${PROBE} onerror="__xss='${field}'">` +
    `"'><script ${PROBE}>__xss=1</script><svg ${PROBE} onload=alert(1)>`
  );
}

const SLUG = 'xss-probe-community';
let browser: Browser;
let adminContext: BrowserContext;
let visitorContext: BrowserContext;
let token: string;
let originalSettings: SiteSettings;
let communityId: string;
let listingId: string;
let propertyId: string;
const leadEmail = `xss-${Date.now()}@example.com`;

async function api<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(siteUrl(`/api${pathname}`), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${pathname} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

beforeAll(async () => {
  token = await adminToken();
  originalSettings = await api<SiteSettings>('GET', '/settings');

  const community = await api<{ id: string }>('POST', '/communities', {
    slug: SLUG,
    name: payload('community.name'),
    location: payload('community.location'),
    description: payload('community.description'),
    priceRange: payload('community.priceRange'),
    imageAlt: payload('community.imageAlt'),
    amenities: [payload('community.amenity')],
    schools: [payload('community.school')],
    sections: {
      hero: { visible: true, title: payload('hero.title'), subtitle: payload('hero.subtitle') },
      about: { visible: true, content: payload('about.content') },
      homes: { visible: true, title: payload('homes.title') },
      builders: { visible: true, title: payload('builders.title') },
    },
    homes: [{ name: payload('home.name'), price: payload('home.price'), bedrooms: 3, bathrooms: 2, sqft: 1800 }],
    builders: [
      { name: payload('builder.name'), description: payload('builder.desc'), contact: payload('builder.contact') },
    ],
  });
  communityId = community.id;

  const listing = await api<{ id: string }>('POST', '/listings', {
    communityId,
    title: payload('listing.title'),
    address: payload('listing.address'),
    description: payload('listing.description'),
    features: [payload('listing.feature')],
    price: 412_000,
    bedrooms: 3,
    bathrooms: 2,
    sqft: 1900,
  });
  listingId = listing.id;

  const property = await api<{ id: string }>('POST', '/properties', {
    title: payload('property.title'),
    address: payload('property.address'),
    city: payload('property.city'),
    state: 'TX',
    zipCode: '77001',
    description: payload('property.description'),
    price: 350_000,
  });
  propertyId = property.id;

  await api('PUT', '/settings', {
    general: {
      ...originalSettings.general,
      siteName: payload('settings.siteName'),
      siteDescription: payload('settings.siteDescription'),
      contactPhone: '(713) 555-0100',
    },
    seo: {
      metaTitle: payload('seo.metaTitle'),
      metaDescription: payload('seo.metaDescription'),
      metaKeywords: payload('seo.metaKeywords'),
    },
  });

  // A visitor's lead, shown in the admin inbox.
  const lead = await fetch(siteUrl('/api/public/contacts'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: payload('lead.name'),
      email: leadEmail,
      phone: '713-555-0199',
      message: payload('lead.message'),
      communityId,
      listingId,
      listingTitle: payload('lead.listingTitle'),
      fillTimeMs: 30_000,
    }),
  });
  expect(lead.status, await lead.clone().text()).toBe(201);

  browser = await launchBrowser();
  visitorContext = await newContext(browser, { serviceWorkers: 'block' });
  adminContext = await newContext(browser, { serviceWorkers: 'block' });
  const login = await fetch(siteUrl('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: e2eEnv().adminEmail, password: e2eEnv().adminPassword }),
  });
  const session = (await login.json()) as { token: string; admin: unknown };
  await adminContext.addInitScript(
    ([tokenKey, userKey, value]) => {
      if (!localStorage.getItem(tokenKey!)) {
        const parsed = JSON.parse(value!) as { token: string; admin: unknown };
        localStorage.setItem(tokenKey!, parsed.token);
        localStorage.setItem(userKey!, JSON.stringify(parsed.admin));
      }
    },
    [STORAGE_KEY_ADMIN_TOKEN, STORAGE_KEY_ADMIN_USER, JSON.stringify(session)],
  );
});

afterAll(async () => {
  // Other e2e files share this server: put the settings back and remove what this file created.
  if (token) {
    await api('PUT', '/settings', originalSettings).catch(() => {});
    if (listingId) await api('DELETE', `/listings/${listingId}`).catch(() => {});
    if (propertyId) await api('DELETE', `/properties/${propertyId}`).catch(() => {});
    if (communityId) await api('DELETE', `/communities/${communityId}`).catch(() => {});
  }
  await visitorContext?.close();
  await adminContext?.close();
  await browser?.close();
});

interface XssTrace {
  executed: unknown;
  probes: string[];
}

async function xssTrace(page: Page): Promise<XssTrace> {
  return page.evaluate((probe) => {
    const probes = [...document.querySelectorAll(`[${probe}]`)].map((element) => element.outerHTML.slice(0, 120));
    return { executed: (window as unknown as { __xss?: unknown }).__xss ?? null, probes };
  }, PROBE);
}

/** Opens the page, waits for `shows` (proof the hostile text is on screen as text), and checks nothing ran. */
/**
 * Opens `pathname` once it shows `shows` (a payload's marker: visible text, or with `inField` the value of a form
 * field, as on the settings form), then checks that no payload ran or became markup.
 */
async function expectInert(tab: E2ePage, pathname: string, shows: string, inField = false): Promise<void> {
  const dialogs: string[] = [];
  tab.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await open(tab.page, pathname);
  if (inField) {
    await tab.page.waitForFunction(
      (marker) =>
        [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some((field) =>
          field.value.includes(marker),
        ),
      shows,
      { timeout: 15_000 },
    );
  } else {
    // Visible text only: a filter's <option> may hold the same payload (the record tables' column filters).
    await tab.page.getByText(shows, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  }
  const trace = await xssTrace(tab.page);
  expect(trace.executed, `${pathname}: a payload ran`).toBeNull();
  expect(trace.probes, `${pathname}: a payload became markup`).toEqual([]);
  expect(dialogs, `${pathname}: a payload opened a dialog`).toEqual([]);
  expect(tab.problems.cspViolations, `${pathname}: CSP violations`).toEqual([]);
  expect(tab.problems.pageErrors, `${pathname}: ${describeProblems(tab.problems)}`).toEqual([]);
}

describe('hostile text entered by admins and visitors', () => {
  const publicPages: [string, () => string, string][] = [
    ['the home page', () => '/', 'settings.siteName'],
    ['the communities page', () => '/communities', 'community.name'],
    ['the community page', () => `/community/${SLUG}`, 'builder.desc'],
    ['the listing page', () => `/listing/${listingId}`, 'listing.description'],
    ['the contact page', () => '/contact', 'settings.siteName'],
  ];

  it.each(publicPages)('stays text on %s, server-rendered and hydrated', async (_label, pathname, shows) => {
    const tab = await newPage(visitorContext);
    try {
      await expectInert(tab, pathname(), shows);
      // The server-rendered <title> and meta description carry the SEO payloads as text, never as markup.
      const headProbes = await tab.page.evaluate(
        (probe) => document.head.querySelectorAll(`[${probe}], script:not([src]):not([type])`).length,
        PROBE,
      );
      expect(headProbes, `${pathname()}: markup in <head>`).toBe(0);
      // The template's parts were not duplicated into the page by replacement patterns in the text.
      const html = await (await fetch(siteUrl(pathname()))).text();
      expect(html.match(/<div id="root">/g)?.length, `${pathname()}: one app root`).toBe(1);
      expect(html.match(/id="hydration-data"/g)?.length, `${pathname()}: one data script`).toBe(1);
    } finally {
      await tab.close();
    }
  });

  const adminPages: [string, string][] = [
    ['/admin/dashboard', 'community.name'],
    // Both views of the content pages: the table (the default at this width) and the cards (every record).
    ['/admin/communities', 'community.location'],
    ['/admin/communities?view=cards', 'community.location'],
    ['/admin/listings?view=cards', 'listing.title'],
    ['/admin/properties?view=cards', 'property.title'],
    // The settings form holds the payloads in its fields.
    ['/admin/settings', 'settings.siteName'],
  ];

  it.each(adminPages)('stays text on %s', async (pathname, shows) => {
    const tab = await newPage(adminContext);
    try {
      await expectInert(tab, pathname, shows, pathname === '/admin/settings');
    } finally {
      await tab.close();
    }
  });

  it('stays text in the lead inbox and its detail panel', async () => {
    const tab = await newPage(adminContext);
    try {
      await expectInert(tab, `/admin/contacts?q=${encodeURIComponent(leadEmail)}`, 'lead.name');
      await tab.page.getByText('lead.name', { exact: false }).first().click();
      await tab.page.getByText('lead.message', { exact: false }).first().waitFor({ timeout: 10_000 });
      const trace = await xssTrace(tab.page);
      expect(trace).toEqual({ executed: null, probes: [] });
      expect(tab.problems.cspViolations).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('stays text in the community and listing edit modals', async () => {
    const tab = await newPage(adminContext);
    try {
      // The card view shows every record (the table, the default at this width, pages them: issue 18).
      await expectInert(tab, '/admin/communities?view=cards', 'community.name');
      await tab.page.getByText('community.name', { exact: false }).first().click();
      await tab.page.getByRole('dialog').first().waitFor({ timeout: 10_000 });
      expect(await xssTrace(tab.page)).toEqual({ executed: null, probes: [] });

      await expectInert(tab, '/admin/listings?view=cards', 'listing.title');
      await tab.page.getByText('listing.title', { exact: false }).first().click();
      await tab.page.getByRole('dialog').first().waitFor({ timeout: 10_000 });
      expect(await xssTrace(tab.page)).toEqual({ executed: null, probes: [] });
      expect(tab.problems.cspViolations).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});

describe('hostile links and styles', () => {
  it('refuses javascript: and data: URLs in image fields, and CSS in theme fields', async () => {
    const attempts: [string, unknown][] = [
      ['/communities', { name: 'x', location: 'y', description: 'z', image: 'javascript:alert(1)' }],
      ['/communities', { name: 'x', location: 'y', description: 'z', image: 'data:text/html,<script>1</script>' }],
      [
        '/communities',
        { name: 'x', location: 'y', description: 'z', theme: { primaryColor: 'red;background:url(//evil)' } },
      ],
      ['/settings', { appearance: { primaryColor: '#fff', logoUrl: 'javascript:alert(1)', favicon: '' } }],
    ];
    for (const [pathname, body] of attempts) {
      const response = await fetch(siteUrl(`/api${pathname}`), {
        method: pathname === '/settings' ? 'PUT' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${pathname} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});
