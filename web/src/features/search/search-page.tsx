/**
 * The /search page's body: the filter form (its own chunk, preloaded by the route loader), the results count,
 * the matching listing cards and an empty state. The filters live in the URL; the route loader filters, on the
 * server for a first load and in the browser (API, or IndexedDB offline) afterwards.
 */
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ListingCard, type ListingSummary } from '@/components/listing-card';
import { plural } from '@/components/listing-labels';
import { preloadable } from './preloadable';

const filterForm = preloadable(() => import('./search-filters'));
export const preloadSearchFilters = filterForm.preload;

export interface SearchResult extends ListingSummary {
  /** The community's picture, for a listing without photos. */
  fallbackImage: string;
}

export interface SearchPageData {
  communities: { slug: string; name: string }[];
  results: SearchResult[];
  /** How many matched (results may be cut to RESULT_LIMIT). */
  matched: number;
  /** How many listings there are in all. */
  total: number;
  /** Whether the URL narrows the list (a sort alone does not). */
  filtered: boolean;
}

// Cards shown at most (in listing-filters.ts, so tests can read it without React).
export { RESULT_LIMIT } from './listing-filters';

export function SearchPage({ communities, results, matched, total, filtered }: SearchPageData) {
  return (
    <>
      <section className="page-hero" aria-labelledby="search-title">
        <div className="container">
          <h1 id="search-title">Search Homes</h1>
          <p className="page-hero__lead">
            Filter every listing across our Houston communities by price, rooms, type and status.
          </p>
        </div>
      </section>
      <section className="section" aria-label="Filters and results">
        <div className="container">
          <Suspense fallback={<div className="listing-filters-placeholder" />}>
            <filterForm.Component communities={communities} />
          </Suspense>
          <div className="search-summary">
            <p className="result-count" role="status">
              {filtered
                ? `${plural(matched, 'home')} match${matched === 1 ? 'es' : ''} of ${total}`
                : plural(total, 'home')}
              {results.length < matched && ` (showing the first ${results.length})`}
            </p>
            {filtered && results.length > 0 && (
              <Link to="/search" className="button button--ghost" preventScrollReset>
                Clear filters
              </Link>
            )}
          </div>
          {results.length > 0 ? (
            <ul className="card-grid" aria-label="Matching homes">
              {results.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} fallbackImage={listing.fallbackImage} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="empty-state">
              <h2>No homes match these filters</h2>
              <p>Try a wider price range, fewer bedrooms or another community, or clear the filters.</p>
              <Link to="/search" className="button button--primary">
                Clear filters
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
