/**
 * /favorites: the listings and communities saved on this device, their comparison and the shortlist. The
 * server renders the page's frame only; the list is the device's own and appears in the browser. Not indexed:
 * the page has no content of its own for a search engine.
 */
import { FavoritesPage } from '@/features/favorites/favorites-page';
import type { RouteHandle } from '../../head';

export const handle: RouteHandle = {
  head: (_data, { settings }) => ({
    title: `Your Favorites | ${settings.general.siteName}`,
    description: 'The homes and communities you saved on this device, side by side.',
    canonicalPath: '/favorites',
    robots: 'noindex',
  }),
};

export function Component() {
  return (
    <>
      <section className="page-hero" aria-labelledby="favorites-title">
        <div className="container">
          {/* Focusable from script: where the focus goes when the last favourite is removed. */}
          <h1 id="favorites-title" tabIndex={-1}>
            Your Favorites
          </h1>
          <p className="page-hero__lead">
            Homes and communities you saved on this device. Compare up to 4 homes side by side, then send your shortlist
            to a sales agent.
          </p>
        </div>
      </section>
      <div className="section container favorites-page">
        <FavoritesPage />
      </div>
    </>
  );
}
