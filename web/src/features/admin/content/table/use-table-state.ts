/**
 * A record table's state: sort, column filters, page and chosen view in the URL search params (a reload or a shared
 * link shows the same slice), the row selection in memory. Filtering, sorting and paging are memoised on their
 * inputs, so typing in the search box or ticking a checkbox does not sort thousands of rows again, and only the
 * current page is handed to the table to render.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  clampPage,
  filterChanges,
  filterRows,
  nextSort,
  PAGE_SIZE,
  PARAM,
  pageChanges,
  pageCount,
  pageSelection,
  pageSlice,
  readTableParams,
  selectionWithin,
  sortChanges,
  sortRows,
  toggleAllOnPage,
  withParams,
  type TableConfig,
  type TableView,
} from './table-model';

export function useTableState<T extends { id: string }>(
  rows: readonly T[],
  config: TableConfig<T>,
  /** The page's search box (kept out of the URL, as before the table); a new text goes back to page 1. */
  query = '',
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readTableParams(params, config), [params, config]);
  const filterKey = JSON.stringify(state.filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for state.filters by value
  const filtered = useMemo(() => filterRows(rows, config, state.filters, query), [rows, config, filterKey, query]);
  const sorted = useMemo(() => sortRows(filtered, config, state.sort), [filtered, config, state.sort]);
  const page = clampPage(state.page, sorted.length);
  const pageRows = useMemo(() => pageSlice(sorted, page), [sorted, page]);

  const update = useCallback(
    (changes: Record<string, string | undefined>, replace = false) =>
      setParams((current) => withParams(current, changes), { replace }),
    [setParams],
  );

  // A new search text starts again from page 1.
  const lastQuery = useRef(query);
  useEffect(() => {
    if (lastQuery.current === query) return;
    lastQuery.current = query;
    if (params.has(PARAM.page)) update(pageChanges(1), true);
  }, [query, params, update]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const pageIds = useMemo(() => pageRows.map((row) => row.id), [pageRows]);
  // Only rows the filters still show count as selected (a record deleted meanwhile, or hidden by a new filter or
  // search text, drops out), and they leave the selection for good: clearing the filter does not bring back a
  // selection the admin can no longer see being made.
  const selectedRows = useMemo(() => filtered.filter((row) => selected.has(row.id)), [filtered, selected]);
  useEffect(() => {
    const visibleIds = new Set(filtered.map((row) => row.id));
    setSelected((current) => selectionWithin(current, visibleIds));
  }, [filtered]);

  return {
    sort: state.sort,
    filters: state.filters,
    /** The view the admin chose (undefined: the screen width decides). */
    chosenView: state.view,
    /** After the column filters, before paging (what the counts and the card view show). */
    rows: sorted,
    pageRows,
    page,
    pageCount: pageCount(sorted.length),
    pageSize: PAGE_SIZE,
    /** A column filter or the search text hides some records. */
    filtering: Object.keys(state.filters).length > 0 || query.trim() !== '',
    sortBy: (key: string) => update(sortChanges(nextSort(state.sort, key))),
    setFilter: (key: string, value: string | undefined) => update(filterChanges(key, value)),
    setPage: (next: number) => update(pageChanges(clampPage(next, sorted.length))),
    setView: (view: TableView) => update({ [PARAM.view]: view }, true),
    selected,
    selectedRows,
    pageSelection: pageSelection(pageIds, selected),
    toggleRow: (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAllOnPage: () => setSelected((current) => toggleAllOnPage(pageIds, current)),
    clearSelection: () => setSelected(new Set()),
  };
}

export type TableState<T extends { id: string }> = ReturnType<typeof useTableState<T>>;
