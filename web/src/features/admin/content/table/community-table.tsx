/**
 * The communities table (issue 18): name, city (the community's location), homes, models, updated; a city filter;
 * bulk delete. Communities have no status field (SPEC §3), so there is no status column or bulk status change;
 * and no listings count, which would need every listing loaded on this page (docs/decisions.md).
 */
import type { Community } from '@domain/index';
import { byUpdated, updatedColumn } from './record-table';
import { cityFilter, type FilterControl } from './table-controls';
import type { TableConfig } from './table-model';
import { TableSection, type ContentTableProps, type TableSpec } from './table-section';
import { useTableState } from './use-table-state';

const CONFIG: TableConfig<Community> = {
  sorts: {
    name: (community) => community.name,
    city: (community) => community.location ?? '',
    homes: (community) => community.totalHomes ?? 0,
    models: (community) => community.homes?.length ?? 0,
    updated: byUpdated,
  },
  filters: { city: (community) => community.location ?? '' },
  search: (community) => [community.name, community.location],
};

export function useCommunityTable(records: readonly Community[], query: string) {
  return useTableState(records, CONFIG, query);
}

/** The table's filter: the city. */
export const communityFilters = (records: readonly Community[]): FilterControl[] => [
  cityFilter(records, CONFIG.filters.city!),
];

const TABLE: TableSpec<'communities'> = {
  label: 'Communities',
  nameColumn: { key: 'name', label: 'Name' },
  columns: [
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
    updatedColumn(),
  ],
  bulkConfig: {
    entity: 'communities',
    nouns: { one: 'community', many: 'communities' },
    nameOf: (community) => community.name,
  },
};

export function CommunityTable(props: ContentTableProps<'communities'>) {
  return <TableSection {...props} {...TABLE} />;
}
