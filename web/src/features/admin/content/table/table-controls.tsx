/**
 * The controls around a record table: column filters (selects whose choice is kept in the URL), the Table / Cards
 * switch, and the pager with "Showing 1-25 of 900".
 */
import { distinctValues, showingText, type TableView } from './table-model';

export interface FilterControl {
  /** The URL parameter and TableConfig.filters key. */
  key: string;
  label: string;
  /** The "any" choice's text, e.g. 'All communities'. */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}

/** The City filter of the communities and properties tables: the cities their records name. */
export function cityFilter<T>(records: readonly T[], cityOf: (record: T) => string): FilterControl {
  const cities = distinctValues(records, cityOf);
  return {
    key: 'city',
    label: 'City',
    anyLabel: 'All cities',
    options: cities.map((city) => ({ value: city, label: city })),
  };
}

interface FilterState {
  filters: Readonly<Record<string, string>>;
  setFilter: (key: string, value: string | undefined) => void;
}

export function TableFilters({ controls, table }: { controls: readonly FilterControl[]; table: FilterState }) {
  return (
    <div className="table-filters" role="group" aria-label="Filters">
      {controls.map((control) => {
        const id = `table-filter-${control.key}`;
        const value = table.filters[control.key] ?? '';
        // A value from an old link that is no longer an option still shows (and can be cleared).
        const known = value === '' || control.options.some((option) => option.value === value);
        return (
          <div key={control.key} className="table-filters__field">
            <label htmlFor={id}>{control.label}</label>
            <select
              id={id}
              value={value}
              onChange={(event) => table.setFilter(control.key, event.target.value || undefined)}
            >
              <option value="">{control.anyLabel}</option>
              {!known && <option value={value}>{value}</option>}
              {control.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

export function ViewSwitch({
  view,
  onChange,
  cardsLabel = 'Cards',
}: {
  view: TableView;
  onChange: (view: TableView) => void;
  cardsLabel?: string;
}) {
  return (
    <div className="view-switch" role="group" aria-label="View">
      <button type="button" aria-pressed={view === 'table'} onClick={() => onChange('table')}>
        Table
      </button>
      <button type="button" aria-pressed={view === 'cards'} onClick={() => onChange('cards')}>
        {cardsLabel}
      </button>
    </div>
  );
}

interface PagerState {
  page: number;
  pageCount: number;
  pageSize: number;
  rows: readonly unknown[];
  setPage: (page: number) => void;
}

export function TablePager({ table, label }: { table: PagerState; label: string }) {
  const { page, pageCount } = table;
  return (
    <nav className="table-pager" aria-label={`${label} pages`}>
      <p className="table-pager__showing" aria-live="polite">
        {showingText(page, table.rows.length, table.pageSize)}
      </p>
      <div className="table-pager__buttons">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page <= 1}
          onClick={() => table.setPage(1)}
        >
          First
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page <= 1}
          onClick={() => table.setPage(page - 1)}
        >
          Previous
        </button>
        <span className="table-pager__page">
          Page {page} of {pageCount}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page >= pageCount}
          onClick={() => table.setPage(page + 1)}
        >
          Next
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page >= pageCount}
          onClick={() => table.setPage(pageCount)}
        >
          Last
        </button>
      </div>
    </nav>
  );
}
