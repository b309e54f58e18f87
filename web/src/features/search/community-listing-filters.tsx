/**
 * The listing filters of a community page (price range, beds, baths, type, status, sort), kept in the URL like
 * the /search page's. The route loader does the filtering (features/search/listing-filters); this bar only
 * changes the URL, says how many listings match, and offers to clear. Loaded lazily by the community page.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { plural } from '@/components/listing-labels';
import { ListingFilterForm } from './listing-filter-form';
import {
  COMMUNITY_PAGE_DEFAULTS,
  hasActiveFilters,
  listingFiltersToParams,
  parseListingFilters,
  type ListingFilters,
} from './listing-filters';

export interface CommunityListingFiltersProps {
  /** Listings the page shows now. */
  shown: number;
  /** All listings of the community, whatever their status. */
  total: number;
}

const readFilters = (search: string) => parseListingFilters(new URLSearchParams(search), COMMUNITY_PAGE_DEFAULTS);

export default function CommunityListingFilters({ shown, total }: CommunityListingFiltersProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const fromUrl = readFilters(search);
  // The form shows a change at once, while the loader reads the matching listings.
  const [filters, setFilters] = useState<ListingFilters>(fromUrl);
  // The URL changed from elsewhere (back button, Clear filters): show its filters. Adjusted while rendering, not in
  // an effect, so a hydrating page does not render the bar a second time right after (React's "storing
  // information from previous renders").
  const [filtersSearch, setFiltersSearch] = useState(search);
  if (search !== filtersSearch) {
    setFiltersSearch(search);
    setFilters(fromUrl);
  }
  const active = hasActiveFilters(fromUrl, COMMUNITY_PAGE_DEFAULTS);

  const apply = (next: ListingFilters) => {
    setFilters(next);
    const params = listingFiltersToParams(next, COMMUNITY_PAGE_DEFAULTS).toString();
    void navigate({ pathname, search: params ? `?${params}` : '' }, { replace: true, preventScrollReset: true });
  };
  // Clear filters goes with the filters: once they are off, the focus goes to the count (as on /search).
  const count = useRef<HTMLParagraphElement>(null);
  const focusCountWhenCleared = useRef(false);
  useEffect(() => {
    if (active || !focusCountWhenCleared.current) return;
    focusCountWhenCleared.current = false;
    count.current?.focus();
  }, [active]);
  const clear = (
    <Link
      to={pathname}
      replace
      preventScrollReset
      className="button button--ghost"
      onClick={() => (focusCountWhenCleared.current = true)}
    >
      Clear filters
    </Link>
  );

  return (
    <div className="community-listing-filters">
      <ListingFilterForm
        idPrefix="homes-filter"
        filters={filters}
        action={pathname}
        onChange={apply}
        defaults={COMMUNITY_PAGE_DEFAULTS}
      />
      <div className="search-summary">
        <p className="result-count" role="status" tabIndex={-1} ref={count}>
          {active ? `${shown} of ${plural(total, 'listing')} match` : plural(shown, 'listing')}
        </p>
        {active && shown > 0 && clear}
      </div>
      {active && shown === 0 && (
        <div className="empty-state">
          <h3>No listings match these filters</h3>
          <p>Try a wider price range or fewer bedrooms, or clear the filters to see every available home.</p>
          {clear}
        </div>
      )}
    </div>
  );
}
