/**
 * The /search page's filter form, bound to the URL: a change replaces the URL's query (so the search can be
 * shared) and the route loader filters again. Loaded apart from the page (preloadable), with the filter code.
 */
import { useEffect, useState } from 'react';
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
  useEffect(() => setFilters(readFilters(search)), [search]);

  const apply = (next: ListingFilters) => {
    setFilters(next);
    const params = listingFiltersToParams(next).toString();
    navigate({ pathname: '/search', search: params ? `?${params}` : '' }, { replace: true, preventScrollReset: true });
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
