/**
 * The /search page's body: the search controls (keywords, filter chips, the Filters button and sheet on phones,
 * the filter form beside the results on wide screens; their own chunk, preloaded by the route loader), the
 * results count, the cards shown so far with 'Load more', and an empty state. Results come first on phones: the
 * filters wait behind one button. The filters live in the URL; the route loader filters, on the server for a
 * first load and in the browser (API, or IndexedDB offline) afterwards.
 */
import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ListingCard, type ListingSummary } from '@/components/listing-card';
import { plural } from '@/components/listing-labels';
import type { FavoriteItem } from '@/data/repositories/favorites-repository';
import { preloadable } from '@/components/preloadable';

const controls = preloadable(() => import('./search-filters'));
export const preloadSearchFilters = controls.preload;

export interface SearchResult extends ListingSummary {
  /** The community's picture, for a listing without photos. */
  fallbackImage: string;
}

export interface SearchPageData {
  /** Every community, for the filter form and for reading names and cities in the words. */
  communities: { slug: string; name: string; location: string }[];
  /** The cards shown: the first `page` steps of `pageSize` matches. */
  results: SearchResult[];
  page: number;
  pageSize: number;
  /** How many matched in all. */
  matched: number;
  /** How many listings there are in all. */
  total: number;
  /** Whether the URL narrows the list (a sort alone does not). */
  filtered: boolean;
}

export interface SearchPageProps extends SearchPageData {
  /** The save heart on each card (the favourites feature's, composed by the route). */
  SaveButton?: ComponentType<{ item: FavoriteItem }>;
}

export function SearchPage({ communities, results, page, matched, total, filtered, SaveButton }: SearchPageProps) {
  const { search } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // After 'Load more', focus goes to the first new card: the button the visitor pressed has moved below them.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || results.length <= focusFrom) return;
    list.current?.querySelectorAll<HTMLElement>('a.card__link')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, results.length]);

  // Clear filters goes with the filters: once they are off, the focus goes to the count of every home, not to the
  // page. (Written here and in community-listing-filters.tsx rather than as a shared hook: a module shared by the
  // two lazy chunks becomes a chunk of its own, and its name in the entry's preload lists cost every page bytes.)
  const count = useRef<HTMLParagraphElement>(null);
  const focusCountWhenCleared = useRef(false);
  useEffect(() => {
    if (filtered || !focusCountWhenCleared.current) return;
    focusCountWhenCleared.current = false;
    count.current?.focus();
  }, [filtered]);
  const clearing = () => (focusCountWhenCleared.current = true);

  const more = new URLSearchParams(search);
  more.set('page', String(page + 1));
  // Preloaded by the route's loader on the server and before hydrating (the route's beforeHydration), the controls
  // render without a lazy boundary: they hydrate with the page, so a tap on "Filters" held by the starter until the
  // app is ready finds its handler (a boundary hydrated later would drop it). The boundary stays for a render
  // whose code is not in yet.
  const Controls = controls.loadedComponent();

  return (
    <>
      <section className="page-hero page-hero--compact" aria-labelledby="search-title">
        <div className="container">
          <h1 id="search-title">Search Homes</h1>
          <p className="page-hero__lead">
            Filter every listing across our Houston communities by price, rooms, type and status.
          </p>
        </div>
      </section>
      <section className="section search-section" aria-label="Filters and results">
        <div className="container search-layout">
          {Controls ? (
            <Controls communities={communities} />
          ) : (
            <Suspense fallback={<div className="search-toolbar-placeholder" />}>
              <controls.Component communities={communities} />
            </Suspense>
          )}
          <div className="search-layout__results">
            {/* The cards' titles are h3 (the shared card): a heading between them and the page's h1. */}
            <h2 className="visually-hidden">Matching homes</h2>
            <div className="search-summary">
              <p className="result-count" role="status" tabIndex={-1} ref={count}>
                {filtered
                  ? `${plural(matched, 'home')} match${matched === 1 ? 'es' : ''} of ${total}`
                  : plural(total, 'home')}
              </p>
              {filtered && results.length > 0 && (
                <Link to="/search" className="button button--ghost" preventScrollReset onClick={clearing}>
                  Clear filters
                </Link>
              )}
            </div>
            {results.length > 0 ? (
              <ul className="card-grid card-grid--listings" aria-label="Matching homes" ref={list}>
                {results.map((listing) => (
                  // The heart sits over the card's photo, beside the card rather than in it: the shared card (and
                  // the community page's JavaScript) stays as it was.
                  <li key={listing.id} className="search-card">
                    <ListingCard listing={listing} fallbackImage={listing.fallbackImage} />
                    {SaveButton && (
                      <div className="search-card__save">
                        <SaveButton
                          item={{
                            kind: 'listing',
                            id: listing.id,
                            label: listing.title,
                            path: `/listing/${listing.id}`,
                          }}
                        />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <div className="empty-state">
                <h2>No homes match these filters</h2>
                <p>Try a wider price range, fewer bedrooms or another community, or clear the filters.</p>
                <Link to="/search" className="button button--primary" onClick={clearing}>
                  Clear filters
                </Link>
              </div>
            )}
            {results.length > 0 && (
              <div className="search-more">
                <p>{`Showing ${results.length} of ${plural(matched, 'home')}`}</p>
                {results.length < matched && (
                  // A link, so it works before the script runs and the URL remembers how far the visitor got.
                  <Link
                    to={{ search: `?${more.toString()}` }}
                    replace
                    preventScrollReset
                    className="button button--secondary"
                    onClick={() => setFocusFrom(results.length)}
                  >
                    Load more
                  </Link>
                )}
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
