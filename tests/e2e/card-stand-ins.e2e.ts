/**
 * The stand-in heights of the cards a page renders when near (styles/base.css, `.card-grid > li`) against the
 * cards as rendered, on phones. A card above the window that changes from its stand-in to its real height moves
 * what the visitor reads in WebKit (no scroll anchoring) until the app has started; so each kind of card stands in
 * with its own height on a phone, and a new grid of cards needs a kind. Measured on the example data's cards: the
 * records other tests create (a name, no description) make shorter cards, as an admin's short texts would.
 */
import { describe, expect, it } from 'vitest';
import { rawSeed } from '../../data-seed';
import { open } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite();

/** The narrowest, a common and the widest phone the site is laid out for (one column of cards). */
const PHONE_WIDTHS = [360, 390, 430];
/** How far a card's stand-in may be from its rendered height: the cards of one kind differ by their texts. */
const TOLERANCE = 0.15;
const KINDS = ['communities', 'listings', 'homes', 'builders'];
/** The pages of the example data's communities and listings, which their cards link to. */
const EXAMPLE_PAGES = [
  ...rawSeed.communities.map((community) => `/community/${community.slug}`),
  ...rawSeed.listings.map((listing) => `/listing/${listing.id}`),
];

interface GridReport {
  kind: string | undefined;
  /** The stand-in's height, padding and border included, and each card's rendered height. */
  standIn: number;
  rendered: number[];
}

describe('the cards a page renders when near stand in with their own height on a phone', () => {
  it.each(['/', '/communities', '/community/austin-point', '/community/emberly', '/search?q=home'])(
    '%s',
    async (pathname) => {
      for (const width of PHONE_WIDTHS) {
        const tab = await suite.newTab({ phone: true, viewport: { width, height: 844 } });
        const { page } = tab;
        await open(page, pathname);
        // The search page shows its results once the app has read the homes.
        await page.locator('.card-grid').first().waitFor({ state: 'attached', timeout: 15_000 });
        const grids = await page.locator('.card-grid').evaluateAll(
          (elements, [kinds, examplePages]): GridReport[] =>
            elements.map((grid) => {
              const kind = kinds.find((name) => grid.classList.contains(`card-grid--${name}`));
              // A card that links to a page (a community, a listing): only the example data's.
              const cards = ([...grid.children] as HTMLElement[]).filter((card) => {
                const link = card.querySelector('a[href]');
                return !link || examplePages.includes(new URL(link.getAttribute('href')!, location.href).pathname);
              });
              const style = getComputedStyle(grid.children[0]!);
              const box = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
              const standIn =
                parseFloat(style.containIntrinsicBlockSize.split(' ').pop()!) +
                box.reduce((sum, side) => sum + parseFloat(style[side]), 0);
              for (const card of cards) card.style.contentVisibility = 'visible';
              return { kind, standIn, rendered: cards.map((card) => Math.round(card.getBoundingClientRect().height)) };
            }),
          [KINDS, EXAMPLE_PAGES] as const,
        );
        await tab.close();
        expect(grids.length, `${pathname} at ${width} px: its card grids`).toBeGreaterThan(0);
        for (const grid of grids) {
          const report = `${pathname} at ${width} px, ${grid.kind ?? 'a grid with no kind'}: stand-in ${grid.standIn} px, rendered ${grid.rendered.join(', ')} px`;
          expect(grid.kind, `${report}: give it a kind (styles/base.css)`).toBeDefined();
          for (const height of grid.rendered) {
            expect(Math.abs(height - grid.standIn) / height, report).toBeLessThanOrEqual(TOLERANCE);
          }
        }
      }
    },
    90_000,
  );
});
