/**
 * The /search page's filters as its controls see them: the URL's filters (`raw`, the words as typed), what is in
 * force once the words are read (`resolved`), and `go`, which puts new filters in the URL (replacing the history
 * entry; the loader then lists the matches). The controls show a change at once, while the page loads.
 */
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listingFiltersToParams, parseListingFilters, type ListingFilters } from './listing-filters';
import { queryPlaces, resolveSearch } from './query-filters';

const readFilters = (search: string) => parseListingFilters(new URLSearchParams(search));

export function useSearchFilters(communities: readonly { slug: string; name: string; location?: string }[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [raw, setRaw] = useState<ListingFilters>(() => readFilters(search));
  // The URL changed from elsewhere (back button, a shared link, Clear filters): show its filters. Adjusted while
  // rendering, not in an effect: an effect would also run on mount, after the form's own mount effect has applied
  // choices made before the app started, and put the URL's old filters back over them.
  const [rawSearch, setRawSearch] = useState(search);
  if (search !== rawSearch) {
    setRawSearch(search);
    setRaw(readFilters(search));
  }
  const places = useMemo(() => queryPlaces(communities), [communities]);
  const resolved = useMemo(() => resolveSearch(raw, places), [raw, places]);

  /** New filters into the URL; the page of cards starts again at the first step. */
  const go = (next: ListingFilters) => {
    setRaw(next);
    const params = listingFiltersToParams(next).toString();
    void navigate(
      { pathname: '/search', search: params ? `?${params}` : '' },
      { replace: true, preventScrollReset: true },
    );
  };
  return { raw, resolved, places, go };
}
