/**
 * Admin listings (SPEC §2 "Admin listings page"): 'Property Listings', a case-insensitive search on title or
 * address, status filter tabs with counts, a card grid, Add Listing, the two empty states, edit by clicking a card
 * (or its edit icon), delete with confirmation. Edit and delete icons show on hover and on keyboard focus, and
 * always on touch screens.
 */
import { useState } from 'react';
import { LISTING_STATUSES, MESSAGES, deleteListingConfirm, type Community, type Listing } from '@domain/index';
import { Icon } from '@/components/icon';
import { Picture } from '@/components/picture';
import { deleteAdmin } from '@/data/repositories/admin/content';
import { formatUsd } from '@/utils/format';
import { CARD_IMAGE_SIZES, communityImage, listingImage } from '@/utils/images';
import { statusBadge } from '@/components/listing-labels';
import { useConfirm } from '../shared/confirm-dialog';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useToast } from '../shared/toast';
import { LoadState, PageAlert, PendingChip } from './form-alert';
import { EDIT, PLUS, TRASH } from './icons';
import { ListingModal } from './listing-modal';
import { deletedOnDevice, savedOnDevice } from './queued-messages';
import { isConflict, serverText } from './save-errors';
import { SearchBox, matchesSearch } from './search-box';
import { useAdminRecords, type SavedResult } from './use-admin-records';
import { useRevealRecord } from './use-reveal-record';

type Filter = 'ALL' | Listing['status'];
const FILTERS: readonly Filter[] = ['ALL', ...LISTING_STATUSES];
const FILTER_LABELS: Record<Filter, string> = { ALL: 'All', AVAILABLE: 'AVAILABLE', PENDING: 'PENDING', SOLD: 'SOLD' };

type EditorState = { mode: 'create' } | { mode: 'edit'; listing: Listing } | null;

export function ListingsPage() {
  const listings = useAdminRecords<Listing>('listings');
  const communities = useAdminRecords<Community>('communities');
  const toast = useToast();
  const confirm = useConfirm();
  const [revealId, setRevealId] = useRevealRecord(listings.records);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('ALL');
  const [editor, setEditor] = useState<EditorState>(null);
  const [alert, setAlert] = useState<{ conflict?: boolean; message?: string }>({});
  const [deletingId, setDeletingId] = useState<string>();

  const communityById = new Map(communities.records.map((community) => [community.id, community]));
  const records = listings.records;
  const counts: Record<Filter, number> = { ALL: records.length, AVAILABLE: 0, PENDING: 0, SOLD: 0 };
  for (const listing of records) if (listing.status in counts) counts[listing.status] += 1;
  const shown = records.filter(
    (listing) =>
      (filter === 'ALL' || listing.status === filter) && matchesSearch(query, listing.title, listing.address),
  );
  const filtering = filter !== 'ALL' || query.trim() !== '';

  const onSaved = ({ record, created, queued }: SavedResult<Listing>) => {
    setRevealId(record.id);
    setEditor(null);
    setAlert({});
    toast.success(queued ? savedOnDevice('Listing') : created ? MESSAGES.listingCreated : MESSAGES.listingUpdated);
    void listings.reload();
  };

  const remove = async (listing: Listing) => {
    if (!(await confirm(deleteListingConfirm(listing.title), { confirmLabel: 'Delete', danger: true }))) return;
    setDeletingId(listing.id);
    try {
      const { queued } = await deleteAdmin('listings', listing.id, listing.version);
      setAlert({});
      toast.success(queued ? deletedOnDevice('Listing') : MESSAGES.listingDeleted);
    } catch (caught) {
      toast.error(MESSAGES.listingDeleteFailed);
      const reason = serverText(caught);
      setAlert(
        isConflict(caught)
          ? { conflict: true }
          : { message: reason ? `${MESSAGES.listingDeleteFailed}: ${reason}` : MESSAGES.listingDeleteFailed },
      );
    } finally {
      setDeletingId(undefined);
      void listings.reload();
    }
  };

  const errorText =
    listings.error instanceof Error ? `Failed to load listings. ${listings.error.message}` : 'Failed to load listings.';
  const openCreate = () => setEditor({ mode: 'create' });

  return (
    <div className="content-page">
      <AdminPageHeader
        title="Property Listings"
        actions={
          <button type="button" className="button button--primary" onClick={openCreate}>
            <Icon svg={PLUS} size={18} />
            Add Listing
          </button>
        }
      />
      <OfflineBanner offline={listings.offline || communities.offline} />
      <PageAlert {...alert} onDismiss={() => setAlert({})} />

      <div className="content-toolbar">
        <SearchBox
          id="listing-search"
          label="Search listings"
          placeholder="Search by title or address"
          value={query}
          onChange={setQuery}
        />
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
      </div>
      {(listings.status === 'ready' || records.length > 0) && (
        <p className="content-counts" aria-live="polite">
          <span>
            Showing <strong>{shown.length}</strong> of <strong>{records.length}</strong> listings
          </span>
        </p>
      )}

      {listings.status === 'error' && records.length > 0 && (
        <p className="admin-alert" data-tone="error" role="alert">
          {errorText}
        </p>
      )}

      {listings.status === 'loading' || (listings.status === 'error' && records.length === 0) ? (
        <LoadState
          status={listings.status === 'loading' ? 'loading' : 'error'}
          label="listings"
          errorText={errorText}
          onRetry={() => void listings.reload()}
        />
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <h2>No listings found</h2>
          {records.length > 0 && filtering ? (
            <p>No listings match your current filters</p>
          ) : (
            <>
              <p>Get started by adding your first property listing</p>
              <button type="button" className="button button--primary" onClick={openCreate}>
                Create First Listing
              </button>
            </>
          )}
        </div>
      ) : (
        <ul className="card-grid content-grid" role="list">
          {shown.map((listing) => {
            const badge = statusBadge(listing.status);
            const community = communityById.get(listing.communityId);
            return (
              <li key={listing.id} data-record-id={listing.id}>
                <article
                  className="card content-card"
                  aria-busy={deletingId === listing.id || undefined}
                  data-revealed={revealId === listing.id || undefined}
                >
                  <div className="card__media">
                    <Picture
                      className="card__image"
                      src={listingImage(listing.images?.[0], communityImage(community?.image))}
                      alt=""
                      width={1200}
                      height={800}
                      sizes={CARD_IMAGE_SIZES}
                    />
                    <span className="badge" data-tone={badge.tone}>
                      {badge.label}
                    </span>
                  </div>
                  <div className="card__body">
                    <p className="content-card__price">{formatUsd(listing.price ?? 0)}</p>
                    {listings.pendingIds.has(listing.id) && <PendingChip />}
                    <h2 className="card__title content-card__title">
                      <button
                        type="button"
                        className="card__link content-card__open"
                        onClick={() => setEditor({ mode: 'edit', listing })}
                      >
                        {listing.title}
                      </button>
                    </h2>
                    <p className="card__text">{listing.address}</p>
                    <p className="content-card__community">
                      {community?.name ?? (communities.status === 'loading' ? '' : 'Unknown community')}
                    </p>
                    <dl className="card__facts">
                      <div>
                        <dt>Beds</dt>
                        <dd>{listing.bedrooms}</dd>
                      </div>
                      <div>
                        <dt>Baths</dt>
                        <dd>{listing.bathrooms}</dd>
                      </div>
                      <div>
                        <dt>Sqft</dt>
                        <dd>{(listing.sqft ?? 0).toLocaleString('en-US')}</dd>
                      </div>
                      <div>
                        <dt>Type</dt>
                        <dd>{listing.type || 'HOUSE'}</dd>
                      </div>
                    </dl>
                  </div>
                  <div className="content-card__actions">
                    <button
                      type="button"
                      className="icon-button content-card__action"
                      aria-label={`Edit ${listing.title}`}
                      onClick={() => setEditor({ mode: 'edit', listing })}
                    >
                      <Icon svg={EDIT} size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-button content-card__action content-card__action--danger"
                      aria-label={`Delete ${listing.title}`}
                      disabled={deletingId === listing.id}
                      onClick={() => void remove(listing)}
                    >
                      <Icon svg={TRASH} size={18} />
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}

      {editor && (
        <ListingModal
          listing={editor.mode === 'edit' ? editor.listing : undefined}
          communities={communities.records}
          communitiesLoading={communities.status === 'loading'}
          onClose={() => setEditor(null)}
          onSaved={onSaved}
          onConflict={() => void listings.reload()}
        />
      )}
    </div>
  );
}
