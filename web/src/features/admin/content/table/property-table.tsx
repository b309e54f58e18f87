/**
 * The properties table (issue 18): name, type, city, price, status, updated; filters status, type and city; bulk
 * status change and bulk delete. Properties belong to no community (SPEC §3), so the place column is the city.
 */
import { useMemo } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES, type Property } from '@domain/index';
import { formatUsd } from '@/utils/format';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from '../labels';
import type { BulkConfig } from './bulk-actions';
import { UpdatedCell, type TableColumn } from './record-table';
import type { FilterControl } from './table-controls';
import { distinctValues, type TableConfig } from './table-model';
import { TableSection, TableToolbar, type TableSectionProps } from './table-section';
import { useTableState, type TableState } from './use-table-state';

export const propertyName = (property: Property) => property.title || 'Untitled Property';

const CONFIG: TableConfig<Property> = {
  sorts: {
    title: propertyName,
    type: (property) => PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType,
    city: (property) => property.city ?? '',
    price: (property) => property.price ?? 0,
    status: (property) => PROPERTY_STATUSES.indexOf(property.status),
    updated: (property) => property.updatedAt ?? '',
  },
  filters: {
    status: (property) => property.status,
    type: (property) => property.propertyType,
    city: (property) => property.city ?? '',
  },
  search: (property) => [property.title, property.address, property.city],
};

export function usePropertyTable(records: readonly Property[], query: string) {
  return useTableState(records, CONFIG, query);
}

export type PropertyTableState = TableState<Property>;

const STATUS_OPTIONS = PROPERTY_STATUSES.map((status) => ({
  value: status,
  label: PROPERTY_STATUS_CHIPS[status].label,
}));

export const PROPERTY_BULK: BulkConfig<'properties'> = {
  entity: 'properties',
  nouns: { one: 'property', many: 'properties' },
  nameOf: propertyName,
  statuses: STATUS_OPTIONS,
};

export function PropertyTableToolbar({
  table,
  records,
  showTable,
}: {
  table: PropertyTableState;
  records: readonly Property[];
  showTable: boolean;
}) {
  const controls = useMemo<FilterControl[]>(
    () => [
      { key: 'status', label: 'Status', anyLabel: 'All statuses', options: STATUS_OPTIONS },
      {
        key: 'type',
        label: 'Type',
        anyLabel: 'All types',
        options: PROPERTY_TYPES.map((type) => ({ value: type, label: PROPERTY_TYPE_LABELS[type] })),
      },
      {
        key: 'city',
        label: 'City',
        anyLabel: 'All cities',
        options: distinctValues(records, CONFIG.filters.city!).map((city) => ({ value: city, label: city })),
      },
    ],
    [records],
  );
  return <TableToolbar table={table} controls={controls} showTable={showTable} cardsLabel="List" />;
}

const COLUMNS: TableColumn<Property>[] = [
  {
    key: 'type',
    label: 'Type',
    sortable: true,
    render: (property) => PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType,
  },
  { key: 'city', label: 'City', sortable: true, render: (property) => property.city },
  { key: 'price', label: 'Price', sortable: true, numeric: true, render: (property) => formatUsd(property.price ?? 0) },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    render: (property) => {
      const chip = PROPERTY_STATUS_CHIPS[property.status] ?? PROPERTY_STATUS_CHIPS.AVAILABLE;
      return (
        <span className="badge badge--inline" data-tone={chip.tone}>
          {chip.label}
        </span>
      );
    },
  },
  { key: 'updated', label: 'Updated', sortable: true, render: (property) => <UpdatedCell at={property.updatedAt} /> },
];

type PropertyTableProps = Omit<TableSectionProps<'properties'>, 'label' | 'columns' | 'nameColumn' | 'bulkConfig'>;

export function PropertyTable(props: PropertyTableProps) {
  return (
    <TableSection
      {...props}
      label="Properties"
      columns={COLUMNS}
      nameColumn={{ key: 'title', label: 'Name' }}
      bulkConfig={PROPERTY_BULK}
    />
  );
}
