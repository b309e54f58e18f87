/**
 * The listings table (issue 18): title, community, price, beds/baths, status, updated; filters status (the page's
 * SPEC filter tabs, kept in the URL as `status`), community and type; bulk status change and bulk delete.
 */
import { useMemo } from 'react';
import { LISTING_STATUSES, LISTING_TYPES, type Community, type Listing } from '@domain/index';
import { LISTING_TYPE_LABELS, statusBadge } from '@/components/listing-labels';
import { formatUsd } from '@/utils/format';
import { LISTING_STATUS_LABELS } from '../labels';
import { byUpdated, updatedColumn, type TableColumn } from './record-table';
import type { FilterControl } from './table-controls';
import type { TableConfig } from './table-model';
import { TableSection, type ContentTableProps, type TableSpec } from './table-section';
import { useTableState } from './use-table-state';

const listingType = (listing: Listing) => listing.type || 'HOUSE';

export function useListingTable(records: readonly Listing[], communities: readonly Community[], query: string) {
  const communityById = useMemo(
    () => new Map(communities.map((community) => [community.id, community])),
    [communities],
  );
  const config = useMemo<TableConfig<Listing>>(
    () => ({
      sorts: {
        title: (listing) => listing.title,
        community: (listing) => communityById.get(listing.communityId)?.name ?? '',
        price: (listing) => listing.price ?? 0,
        rooms: (listing) => (listing.bedrooms ?? 0) * 100 + (listing.bathrooms ?? 0),
        status: (listing) => LISTING_STATUSES.indexOf(listing.status),
        updated: byUpdated,
      },
      filters: {
        status: (listing) => listing.status,
        community: (listing) => listing.communityId,
        type: listingType,
      },
      search: (listing) => [listing.title, listing.address],
    }),
    [communityById],
  );
  return useTableState(records, config, query);
}

/** The community and type filters (status is the page's tabs). */
export const listingFilters = (communities: readonly Community[]): FilterControl[] => [
  {
    key: 'community',
    label: 'Community',
    anyLabel: 'All communities',
    options: communities
      .map((community) => ({ value: community.id, label: community.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  },
  {
    key: 'type',
    label: 'Type',
    anyLabel: 'All types',
    options: LISTING_TYPES.map((type) => ({ value: type, label: LISTING_TYPE_LABELS[type] })),
  },
];

/** The columns after Title depend on the communities loaded (their names). */
const TABLE: Omit<TableSpec<'listings'>, 'columns'> = {
  label: 'Listings',
  nameColumn: { key: 'title', label: 'Title' },
  bulkConfig: {
    entity: 'listings',
    nouns: { one: 'listing', many: 'listings' },
    nameOf: (listing) => listing.title,
    statuses: LISTING_STATUSES.map((status) => ({ value: status, label: LISTING_STATUS_LABELS[status] })),
  },
};

type ListingTableProps = ContentTableProps<'listings'> & { communities: readonly Community[] };

export function ListingTable({ communities, ...props }: ListingTableProps) {
  const columns = useMemo<TableColumn<Listing>[]>(() => {
    const names = new Map(communities.map((community) => [community.id, community.name]));
    return [
      {
        key: 'community',
        label: 'Community',
        sortable: true,
        render: (listing) => names.get(listing.communityId) ?? (communities.length ? 'Unknown community' : ''),
      },
      {
        key: 'price',
        label: 'Price',
        sortable: true,
        numeric: true,
        render: (listing) => formatUsd(listing.price ?? 0),
      },
      {
        key: 'rooms',
        label: 'Beds / Baths',
        sortable: true,
        numeric: true,
        render: (listing) => `${listing.bedrooms ?? 0} / ${listing.bathrooms ?? 0}`,
      },
      {
        key: 'status',
        label: 'Status',
        sortable: true,
        render: (listing) => {
          const badge = statusBadge(listing.status);
          return (
            <span className="badge badge--inline" data-tone={badge.tone}>
              {badge.label}
            </span>
          );
        },
      },
      updatedColumn(),
    ];
  }, [communities]);
  return <TableSection {...props} {...TABLE} columns={columns} />;
}
