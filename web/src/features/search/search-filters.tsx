/**
 * The /search page's controls, loaded apart from the page (preloadable) with the filter code: the words field, the
 * chips of the filters in force, and the filter form; beside the results on a wide screen, behind a "Filters (n)"
 * button and in a sheet on a phone (CSS decides which shows, so the server's HTML is the same for both). Every
 * change goes into the URL (so the search can be shared) and the route loader filters again.
 */
import { useRef, useState } from 'react';
import { ListingFilterForm } from './listing-filter-form';
import { FilterChips } from './filter-chips';
import { FilterSheet } from './filter-sheet';
import { QueryBox } from './query-box';
import { applyFormChange, filterChips, formView, withoutChip } from './query-filters';
import { useSearchFilters } from './use-search-filters';
import type { ListingFilters } from './listing-filters';

export interface SearchControlsProps {
  communities: readonly { slug: string; name: string; location?: string }[];
}

export default function SearchControls({ communities }: SearchControlsProps) {
  const { raw, resolved, places, go } = useSearchFilters(communities);
  const [sheetOpen, setSheetOpen] = useState(false);
  const queryInput = useRef<HTMLInputElement>(null);
  const chips = filterChips(resolved, communities);
  // The words themselves are not a filter of the sheet: the button counts the others.
  const filterCount = chips.filter((chip) => chip.key !== 'words').length;
  const shown = formView(raw, resolved);
  const applyForm = (next: ListingFilters) => go(applyFormChange(raw, resolved, next, places));

  return (
    <>
      <div className="search-toolbar">
        <QueryBox raw={raw} onQuery={(q) => go({ ...raw, q })} inputRef={queryInput} />
        <button
          type="button"
          className="button button--secondary search-toolbar__filters"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </button>
        <FilterChips chips={chips} onRemove={(key) => go(withoutChip(raw, key, places))} fallbackFocus={queryInput} />
      </div>
      <aside className="search-sidebar" aria-label="Filters">
        <ListingFilterForm
          idPrefix="search"
          filters={shown}
          action="/search"
          onChange={applyForm}
          communities={communities}
        />
      </aside>
      {sheetOpen && (
        <FilterSheet
          filters={shown}
          communities={communities}
          onApply={applyForm}
          onClose={() => setSheetOpen(false)}
        />
      )}
    </>
  );
}
