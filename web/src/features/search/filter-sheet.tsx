/**
 * The filters on a phone: a sheet over the results (Modal: focus inside, Escape and the backdrop close it, focus
 * back on the Filters button). Choices wait in the sheet until Apply, so the list does not reload under it at
 * each change; Apply closes it with the results right below the button.
 */
import { useState } from 'react';
import { Modal } from '@/components/modal';
import { ListingFilterForm } from './listing-filter-form';
import { SEARCH_PAGE_DEFAULTS, type ListingFilters } from './listing-filters';

interface FilterSheetProps {
  /** What the form starts from: every filter in force. */
  filters: ListingFilters;
  communities: readonly { slug: string; name: string }[];
  onApply: (next: ListingFilters) => void;
  onClose: () => void;
}

export function FilterSheet({ filters, communities, onApply, onClose }: FilterSheetProps) {
  const [draft, setDraft] = useState(filters);
  return (
    <Modal titleId="search-sheet-title" title="Filters" onClose={onClose}>
      <div className="filter-sheet">
        <ListingFilterForm
          idPrefix="search-sheet"
          filters={draft}
          action="/search"
          onChange={setDraft}
          communities={communities}
        />
        <div className="filter-sheet__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setDraft({ ...SEARCH_PAGE_DEFAULTS, q: draft.q, sort: draft.sort })}
          >
            Reset
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            Apply
          </button>
        </div>
      </div>
    </Modal>
  );
}
