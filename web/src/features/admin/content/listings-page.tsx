/**
 * Admin listings (SPEC §2 "Admin listings page"): 'Property Listings', a case-insensitive search on title or
 * address, status filter tabs with counts, a card grid, Add Listing, the two empty states, edit by clicking a card
 * (or its edit icon), delete with confirmation. Edit and delete icons show on hover and on keyboard focus, and
 * always on touch screens.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LISTING_STATUSES, MESSAGES, deleteListingConfirm, type Community, type Listing } from '@domain/index';
import { formatUsd } from '@/utils/format';
import { communityImage, listingImage } from '@/utils/images';
import { isPendingUploadRef } from '@/data/repositories/admin/upload';
import { statusBadge } from '@/components/listing-labels';
import { recordsQuery } from '../shared/admin-queries';
import { CardFacts, ContentCard } from './content-card';
import { EmptyRecords, RecordCounts, RecordListState } from './form-alert';
import { ListingModal } from './listing-modal';
import { RecordPageTop } from './record-page-top';
import { ContentToolbar } from './search-box';
import { ListingTable, listingFilters, useListingTable } from './table/listing-table';
import { TableToolbar, useShowTable } from './table/table-section';
import { useRecordList } from './use-record-list';
import { NEW_RECORD, useRecordRoute } from './use-record-route';

type Filter = 'ALL' | Listing['status'];
const FILTERS: readonly Filter[] = ['ALL', ...LISTING_STATUSES];
const FILTER_LABELS: Record<Filter, string> = { ALL: 'All', AVAILABLE: 'AVAILABLE', PENDING: 'PENDING', SOLD: 'SOLD' };

const NO_COMMUNITIES: Community[] = [];

const TEXTS = {
  noun: 'Listing',
  created: MESSAGES.listingCreated,
  updated: MESSAGES.listingUpdated,
  deleted: MESSAGES.listingDeleted,
  deleteFailed: MESSAGES.listingDeleteFailed,
  deleteConfirm: (listing: Listing) => deleteListingConfirm(listing.title),
  deleteReason: true,
};

const SEARCH = { id: 'listing-search', label: 'Search listings', placeholder: 'Search by title or address' };

export function ListingsPage() {
  const listings = useRecordList('listings', TEXTS);
  const communities = useQuery(recordsQuery('communities'));
  const [query, setQuery] = useState('');
  // The editor open is the one the address names: /admin/listings/<id> or /new (issue 18).
  const editor = useRecordRoute('listings', 'listing', listings.records, listings.status === 'success');

  const communityRecords = communities.data?.records ?? NO_COMMUNITIES;
  const communityById = new Map(communityRecords.map((community) => [community.id, community]));
  const { records } = listings;
  const counts: Record<Filter, number> = { ALL: records.length, AVAILABLE: 0, PENDING: 0, SOLD: 0 };
  for (const listing of records) if (listing.status in counts) counts[listing.status] += 1;
  // Search, the status tabs (`status` in the URL), the table's filters and sort; on wide screens a table (issue 18).
  const table = useListingTable(records, communityRecords, query);
  const showTable = useShowTable(table.chosenView);
  const filter = (table.filters.status as Filter | undefined) ?? 'ALL';
  const setFilter = (next: Filter) => table.setFilter('status', next === 'ALL' ? undefined : next);
  const shown = table.rows;
  const filtering = table.filtering;

  const errorText =
    listings.error instanceof Error ? `Failed to load listings. ${listings.error.message}` : 'Failed to load listings.';
  const openCreate = () => editor.go(NEW_RECORD);
  const edit = (listing: Listing) => editor.go(listing.id);

  return (
    <div className="content-page">
      <RecordPageTop
        title="Property Listings"
        addLabel="Add Listing"
        onAdd={openCreate}
        offline={listings.offline || Boolean(communities.data?.offline)}
        list={listings}
        editor={editor}
      />

      <ContentToolbar search={SEARCH} query={query} onQuery={setQuery}>
        <div className="filter-tabs" role="group" aria-label="Filter by status">
          {FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              className="filter-tabs__tab"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
            >
              {FILTER_LABELS[option]}
              <span className="filter-tabs__count">{counts[option]}</span>
            </button>
          ))}
        </div>
      </ContentToolbar>
      <TableToolbar table={table} source={communityRecords} filtersOf={listingFilters} showTable={showTable} />
      <RecordCounts list={listings}>
        <span>
          Showing <strong>{shown.length}</strong> of <strong>{records.length}</strong> listings
        </span>
      </RecordCounts>

      <RecordListState list={listings} label="listings" errorText={errorText}>
        {shown.length === 0 ? (
          <EmptyRecords
            title="No listings found"
            filtered={records.length > 0 && filtering}
            filteredText="No listings match your current filters"
            emptyText="Get started by adding your first property listing"
            add={{ label: 'Create First Listing', onClick: openCreate }}
          />
        ) : showTable ? (
          <ListingTable
            table={table}
            communities={communityRecords}
            list={listings}
            onEdit={edit}
            onDelete={(listing) => void listings.remove(listing)}
          />
        ) : (
          <ul className="card-grid content-grid" role="list">
            {shown.map((listing) => {
              const badge = statusBadge(listing.status);
              const community = communityById.get(listing.communityId);
              return (
                <ContentCard
                  key={listing.id}
                  id={listing.id}
                  title={listing.title}
                  image={
                    isPendingUploadRef(listing.images?.[0] ?? '')
                      ? listing.images![0]!
                      : listingImage(listing.images?.[0], communityImage(community?.image))
                  }
                  badge={
                    <span className="badge" data-tone={badge.tone}>
                      {badge.label}
                    </span>
                  }
                  lead={<p className="content-card__price">{formatUsd(listing.price ?? 0)}</p>}
                  list={listings}
                  onEdit={() => edit(listing)}
                  onDelete={() => void listings.remove(listing)}
                >
                  <p className="card__text">{listing.address}</p>
                  <p className="content-card__community">
                    {community?.name ?? (communities.status === 'pending' ? '' : 'Unknown community')}
                  </p>
                  <CardFacts
                    facts={[
                      ['Beds', listing.bedrooms],
                      ['Baths', listing.bathrooms],
                      ['Sqft', (listing.sqft ?? 0).toLocaleString('en-US')],
                      ['Type', listing.type || 'HOUSE'],
                    ]}
                  />
                </ContentCard>
              );
            })}
          </ul>
        )}
      </RecordListState>

      {editor.open && (
        <ListingModal
          key={editor.recordId}
          listing={editor.record}
          communities={communityRecords}
          communitiesLoading={communities.status === 'pending'}
          onClose={editor.close}
          onSaved={(result) => {
            editor.close();
            listings.onSaved(result);
          }}
          onConflict={listings.refresh}
        />
      )}
    </div>
  );
}
