/**
 * The communities table (issue 18): name, city (the community's location), homes, models, updated; a city filter;
 * bulk delete. Communities have no status field (SPEC §3), so there is no status column or bulk status change;
 * and no listings count, which would need every listing loaded on this page (docs/decisions.md).
 */
import { useMemo } from 'react';
import type { Community } from '@domain/index';
import type { BulkConfig } from './bulk-actions';
import { UpdatedCell, type TableColumn } from './record-table';
import type { FilterControl } from './table-controls';
import { distinctValues, type TableConfig } from './table-model';
import { TableSection, TableToolbar, type TableSectionProps } from './table-section';
import { useTableState, type TableState } from './use-table-state';

const CONFIG: TableConfig<Community> = {
  sorts: {
    name: (community) => community.name,
    city: (community) => community.location ?? '',
    homes: (community) => community.totalHomes ?? 0,
    models: (community) => community.homes?.length ?? 0,
    updated: (community) => community.updatedAt ?? '',
  },
  filters: { city: (community) => community.location ?? '' },
  search: (community) => [community.name, community.location],
};

export function useCommunityTable(records: readonly Community[], query: string) {
  return useTableState(records, CONFIG, query);
}

export type CommunityTableState = TableState<Community>;

export const COMMUNITY_BULK: BulkConfig<'communities'> = {
  entity: 'communities',
  nouns: { one: 'community', many: 'communities' },
  nameOf: (community) => community.name,
};

export function CommunityTableToolbar({
  table,
  records,
  showTable,
}: {
  table: CommunityTableState;
  records: readonly Community[];
  showTable: boolean;
}) {
  const controls = useMemo<FilterControl[]>(
    () => [
      {
        key: 'city',
        label: 'City',
        anyLabel: 'All cities',
        options: distinctValues(records, CONFIG.filters.city!).map((city) => ({ value: city, label: city })),
      },
    ],
    [records],
  );
  return <TableToolbar table={table} controls={controls} showTable={showTable} />;
}

const COLUMNS: TableColumn<Community>[] = [
  { key: 'city', label: 'City', sortable: true, render: (community) => community.location },
  {
    key: 'homes',
    label: 'Homes',
    sortable: true,
    numeric: true,
    render: (community) => (community.totalHomes ?? 0).toLocaleString('en-US'),
  },
  {
    key: 'models',
    label: 'Models',
    sortable: true,
    numeric: true,
    render: (community) => community.homes?.length ?? 0,
  },
  { key: 'updated', label: 'Updated', sortable: true, render: (community) => <UpdatedCell at={community.updatedAt} /> },
];

type CommunityTableProps = Omit<TableSectionProps<'communities'>, 'label' | 'columns' | 'nameColumn' | 'bulkConfig'>;

export function CommunityTable(props: CommunityTableProps) {
  return (
    <TableSection
      {...props}
      label="Communities"
      columns={COLUMNS}
      nameColumn={{ key: 'name', label: 'Name' }}
      bulkConfig={COMMUNITY_BULK}
    />
  );
}
