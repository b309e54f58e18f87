/**
 * The pure part of the admin record tables: column filters, sorting, paging, the "Showing 1-25 of 900" line and
 * the table's state as URL search parameters. No React here, so each step is unit-tested and can be memoised on
 * its inputs (a 100x catalogue is thousands of rows: sort keys are read once per row, not once per comparison).
 */

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number;

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** How a table sorts and filters its rows: a sort value per sortable column, a value per filterable field. */
export interface TableConfig<T> {
  sorts: Readonly<Record<string, (row: T) => SortValue>>;
  filters: Readonly<Record<string, (row: T) => string>>;
  /** The texts the page's search box matches (case-insensitive "contains", as the cards' search always did). */
  search: (row: T) => readonly (string | undefined | null)[];
}

export type TableView = 'table' | 'cards';

export interface TableParams {
  sort: SortState | undefined;
  /** 1-based. */
  page: number;
  /** Filter key → chosen value (only the keys the table knows, only non-empty values). */
  filters: Record<string, string>;
  /** Set only when the admin chose a view; otherwise the screen width decides. */
  view: TableView | undefined;
}

export const PAGE_SIZE = 25;

/** URL parameter names (the filters use their own keys: status, community, type, city). */
export const PARAM = { sort: 'sort', direction: 'dir', page: 'page', view: 'view' } as const;

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/**
 * The rows that match the search text and whose every filtered field equals the chosen value (same order as
 * `rows`).
 */
export function filterRows<T>(
  rows: readonly T[],
  config: TableConfig<T>,
  chosen: Readonly<Record<string, string>>,
  query = '',
): T[] {
  const active = Object.entries(chosen).flatMap(([key, value]) => {
    const read = config.filters[key];
    return read && value ? [[read, value] as const] : [];
  });
  const needle = query.trim().toLowerCase();
  if (active.length === 0 && !needle) return rows.slice();
  return rows.filter(
    (row) =>
      active.every(([read, value]) => read(row) === value) &&
      (!needle || config.search(row).some((text) => (text ?? '').toLowerCase().includes(needle))),
  );
}

/**
 * A stable sort by one column: numbers numerically, texts case-insensitively with digits read as numbers
 * ("Lot 9" before "Lot 10"); empty texts last in either direction. Unknown keys leave the order alone.
 */
export function sortRows<T>(rows: readonly T[], config: TableConfig<T>, sort: SortState | undefined): T[] {
  const read = sort ? config.sorts[sort.key] : undefined;
  if (!sort || !read) return rows.slice();
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: read(row) }));
  keyed.sort((a, b) => {
    const aEmpty = a.value === '';
    const bEmpty = b.value === '';
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    const order =
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : collator.compare(String(a.value), String(b.value));
    return order !== 0 ? sign * order : a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` brought inside 1..pageCount (a shared link to page 9 of a list that has since shrunk). */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  const start = (clampPage(page, rows.length, pageSize) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** "Showing 1-25 of 900"; "Showing 0 of 0" for an empty list. */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total === 0) return 'Showing 0 of 0';
  const first = (clampPage(page, total, pageSize) - 1) * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  const count = (value: number) => value.toLocaleString('en-US');
  return `Showing ${count(first)}-${count(last)} of ${count(total)}`;
}

/** The next sort after a click on a column's header: ascending first, then descending, then ascending again. */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key === key && current.direction === 'asc') return { key, direction: 'desc' };
  return { key, direction: 'asc' };
}

/** The table's state as the URL holds it; values the table does not know are ignored. */
export function readTableParams<T>(params: URLSearchParams, config: TableConfig<T>): TableParams {
  const sortKey = params.get(PARAM.sort) ?? '';
  const sort: SortState | undefined = config.sorts[sortKey]
    ? { key: sortKey, direction: params.get(PARAM.direction) === 'desc' ? 'desc' : 'asc' }
    : undefined;
  const filters: Record<string, string> = {};
  for (const key of Object.keys(config.filters)) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const view = params.get(PARAM.view);
  return {
    sort,
    page: Math.max(1, Number.parseInt(params.get(PARAM.page) ?? '1', 10) || 1),
    filters,
    view: view === 'table' || view === 'cards' ? view : undefined,
  };
}

/** A copy of `params` with some parameters set (a value) or removed (undefined or ''). */
export function withParams(params: URLSearchParams, changes: Readonly<Record<string, string | undefined>>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The URL changes of a new sort, a filter value or a page: sorting or filtering goes back to page 1. */
export const sortChanges = (sort: SortState) => ({
  [PARAM.sort]: sort.key,
  [PARAM.direction]: sort.direction,
  page: undefined,
});
export const filterChanges = (key: string, value: string | undefined) => ({ [key]: value, [PARAM.page]: undefined });
export const pageChanges = (page: number) => ({ [PARAM.page]: page > 1 ? String(page) : undefined });

/** The distinct non-empty values of a field, sorted for a filter's select. */
export function distinctValues<T>(rows: readonly T[], read: (row: T) => string): string[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = read(row);
    if (value) values.add(value);
  }
  return [...values].sort(collator.compare);
}

export type PageSelection = 'none' | 'some' | 'all';

/** Whether the rows of this page are all, some or none selected (the header checkbox's state). */
export function pageSelection(pageIds: readonly string[], selected: ReadonlySet<string>): PageSelection {
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: selects every row of the page, or clears them when all were selected. */
export function toggleAllOnPage(pageIds: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (pageSelection(pageIds, selected) === 'all') for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

/**
 * The selection kept to the rows a filter or the search still shows: a bulk change or delete acts only on rows the
 * admin can see (a row selected, then hidden by a filter, would otherwise be deleted unseen). The same set comes
 * back when nothing was hidden, so React keeps its state.
 */
export function selectionWithin(selected: ReadonlySet<string>, visibleIds: ReadonlySet<string>): ReadonlySet<string> {
  for (const id of selected)
    if (!visibleIds.has(id)) return new Set([...selected].filter((kept) => visibleIds.has(kept)));
  return selected;
}
