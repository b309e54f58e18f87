/**
 * What the three content pages put around their tables: the toolbar row (column filters and the Table / Cards
 * switch, shown in both views since the filters apply to the cards too), and the table section itself (bulk bar,
 * bulk report, the table, the pager). The page decides which view shows with useShowTable.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { AdminEntity, AdminRecord } from '@/data/repositories/admin/content';
import { BulkActions, BulkReport, useBulkActions, type BulkConfig } from './bulk-actions';
import { RecordTable, type RecordTableProps, type TableListState } from './record-table';
import { TableFilters, TablePager, ViewSwitch, type FilterControl } from './table-controls';
import type { TableState } from './use-table-state';
import { useWideScreen } from './use-wide-screen';
import { readViewPreference, saveViewPreference } from './view-preference';
import type { TableView } from './table-model';

/**
 * The table shows when the URL names it, else when the admin last chose it on this device, else by default on a
 * wide screen; otherwise the cards.
 */
export function useShowTable(chosenView: TableView | undefined): boolean {
  const wide = useWideScreen();
  const view = chosenView ?? readViewPreference();
  return view ? view === 'table' : wide;
}

/** `filtersOf` builds the filter choices from `source` (the page's records, or the communities to choose from). */
export function TableToolbar<S>({
  table,
  source,
  filtersOf,
  showTable,
  cardsLabel,
}: {
  table: TableState<{ id: string }>;
  source: S;
  filtersOf: (source: S) => FilterControl[];
  showTable: boolean;
  cardsLabel?: string;
}) {
  const controls = useMemo(() => filtersOf(source), [filtersOf, source]);
  return (
    <div className="table-toolbar">
      {controls.length > 0 && <TableFilters controls={controls} table={table} />}
      <ViewSwitch
        view={showTable ? 'table' : 'cards'}
        onChange={(view) => {
          saveViewPreference(view);
          table.setView(view);
        }}
        {...(cardsLabel ? { cardsLabel } : {})}
      />
    </div>
  );
}

export interface TableSectionProps<E extends AdminEntity> extends Omit<
  RecordTableProps<AdminRecord<E>>,
  'list' | 'nameOf' | 'hrefOf'
> {
  bulkConfig: BulkConfig<E>;
  /** The page's useRecordList: row states, and the reload after a bulk write. */
  list: TableListState & { refresh: () => void };
}

/** What a content table fixes for its page: its accessible name, columns, name column and bulk actions. */
export type TableSpec<E extends AdminEntity> = Pick<
  TableSectionProps<E>,
  'label' | 'columns' | 'nameColumn' | 'bulkConfig'
>;

/** A content table's props, as its page passes them (the rest is the table's TableSpec). */
export type ContentTableProps<E extends AdminEntity> = Omit<TableSectionProps<E>, keyof TableSpec<E>>;

export function TableSection<E extends AdminEntity>(props: TableSectionProps<E>) {
  const { bulkConfig, list, table, label } = props;
  const bulk = useBulkActions(bulkConfig, list.refresh);
  // A record's address keeps the list's search params, as the page's own editor route does.
  const { search } = useLocation();
  const hrefOf = (row: { id: string }) => `/admin/${bulkConfig.entity}/${encodeURIComponent(row.id)}${search}`;
  return (
    <section className="table-section" aria-label={`${label} table`}>
      <BulkActions config={bulkConfig} bulk={bulk} selection={table} />
      <BulkReport bulk={bulk} />
      <RecordTable {...props} nameOf={bulkConfig.nameOf} hrefOf={hrefOf} />
      <TablePager table={table} label={label} />
    </section>
  );
}
