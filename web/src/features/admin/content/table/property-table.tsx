/**
 * The properties table (issue 18): name, type, city, price, status, updated; filters status, type and city; bulk
 * status change and bulk delete. Properties belong to no community (SPEC §3), so the place column is the city.
 */
import { PROPERTY_STATUSES, PROPERTY_TYPES, type Property } from '@domain/index';
import { formatUsd } from '@/utils/format';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from '../labels';
import { byUpdated, updatedColumn } from './record-table';
import { cityFilter, type FilterControl } from './table-controls';
import type { TableConfig } from './table-model';
import { TableSection, type ContentTableProps, type TableSpec } from './table-section';
import { useTableState } from './use-table-state';

export const propertyName = (property: Property) => property.title || 'Untitled Property';

const CONFIG: TableConfig<Property> = {
  sorts: {
    title: propertyName,
    type: (property) => PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType,
    city: (property) => property.city ?? '',
    price: (property) => property.price ?? 0,
    status: (property) => PROPERTY_STATUSES.indexOf(property.status),
    updated: byUpdated,
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

const STATUS_OPTIONS = PROPERTY_STATUSES.map((status) => ({
  value: status,
  label: PROPERTY_STATUS_CHIPS[status].label,
}));

/** The table's filters: status, type and city. */
export const propertyFilters = (records: readonly Property[]): FilterControl[] => [
  { key: 'status', label: 'Status', anyLabel: 'All statuses', options: STATUS_OPTIONS },
  {
    key: 'type',
    label: 'Type',
    anyLabel: 'All types',
    options: PROPERTY_TYPES.map((type) => ({ value: type, label: PROPERTY_TYPE_LABELS[type] })),
  },
  cityFilter(records, CONFIG.filters.city!),
];

const TABLE: TableSpec<'properties'> = {
  label: 'Properties',
  nameColumn: { key: 'title', label: 'Name' },
  columns: [
    {
      key: 'type',
      label: 'Type',
      sortable: true,
      render: (property) => PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType,
    },
    { key: 'city', label: 'City', sortable: true, render: (property) => property.city },
    {
      key: 'price',
      label: 'Price',
      sortable: true,
      numeric: true,
      render: (property) => formatUsd(property.price ?? 0),
    },
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
    updatedColumn(),
  ],
  bulkConfig: {
    entity: 'properties',
    nouns: { one: 'property', many: 'properties' },
    nameOf: propertyName,
    statuses: STATUS_OPTIONS,
  },
};

export function PropertyTable(props: ContentTableProps<'properties'>) {
  return <TableSection {...props} {...TABLE} />;
}
