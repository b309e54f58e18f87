/**
 * The /search page's filter form, bound to the URL: a change replaces the URL's query (so the search can be
 * shared) and the route loader filters again. Loaded apart from the page (preloadable), with the filter code.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ListingFilterForm } from './listing-filter-form';
import { listingFiltersToParams, parseListingFilters, type ListingFilters } from './listing-filters';

export interface SearchFiltersProps {
  communities: readonly { slug: string; name: string }[];
}

const readFilters = (search: string) => parseListingFilters(new URLSearchParams(search));

export default function SearchFilters({ communities }: SearchFiltersProps) {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The form shows a change at once, while the page loads the matching homes.
  const [filters, setFilters] = useState<ListingFilters>(() => readFilters(search));
  // The URL changed from elsewhere (back button, a shared link): show its filters. Adjusted while rendering, not in
  // an effect: an effect would also run on mount, after the form's own mount effect has applied choices made
  // before the app started, and put the URL's old filters back over them.
  const [filtersSearch, setFiltersSearch] = useState(search);
  if (search !== filtersSearch) {
    setFiltersSearch(search);
    setFilters(readFilters(search));
  }

  const apply = (next: ListingFilters) => {
    setFilters(next);
    const params = listingFiltersToParams(next).toString();
    void navigate(
      { pathname: '/search', search: params ? `?${params}` : '' },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <ListingFilterForm
      idPrefix="search"
      filters={filters}
      action="/search"
      onChange={apply}
      communities={communities}
      withQuery
    />
  );
}
