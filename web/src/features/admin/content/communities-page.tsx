/**
 * Admin communities (SPEC §2): search by name or location, total and showing counts, a card grid, Add, edit by
 * clicking a card, delete with confirmation. Toasts and texts are SPEC §8's; a delete the server refuses (409: the
 * community still has listings) also shows the server's reason on the page.
 */
import { useState } from 'react';
import { CARD_DESCRIPTION_MAX_CHARS, MESSAGES, deleteCommunityConfirm, truncate, type Community } from '@domain/index';
import { Icon } from '@/components/icon';
import { Picture } from '@/components/picture';
import { CARD_IMAGE_SIZES, communityImage } from '@/utils/images';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { CardActions } from './card-actions';
import { CommunityModal } from './community-modal';
import { PageAlert, PendingChip, RecordListState } from './form-alert';
import { MAP_PIN, PLUS } from './icons';
import { SearchBox, matchesSearch } from './search-box';
import { useRecordList } from './use-record-list';

type EditorState = { mode: 'create' } | { mode: 'edit'; community: Community } | null;

const TEXTS = {
  noun: 'Community',
  created: MESSAGES.communityCreated,
  updated: MESSAGES.communityUpdated,
  deleted: MESSAGES.communityDeleted,
  deleteFailed: MESSAGES.communityDeleteFailed,
  deleteConfirm: (community: Community) => deleteCommunityConfirm(community.name),
  deleteReason: true,
};

export function CommunitiesPage() {
  const list = useRecordList('communities', TEXTS);
  const { status, records, error } = list;
  const [query, setQuery] = useState('');
  const [editor, setEditor] = useState<EditorState>(null);

  const shown = records.filter((community) => matchesSearch(query, community.name, community.location));

  const errorText =
    error instanceof Error ? `Failed to load communities. ${error.message}` : 'Failed to load communities.';
  const edit = (community: Community) => setEditor({ mode: 'edit', community });

  return (
    <div className="content-page">
      <AdminPageHeader
        title="Communities"
        actions={
          <button type="button" className="button button--primary" onClick={() => setEditor({ mode: 'create' })}>
            <Icon svg={PLUS} size={18} />
            Add Community
          </button>
        }
      />
      <OfflineBanner offline={list.offline} />
      <PageAlert {...list.alert} onDismiss={list.dismissAlert} />

      <div className="content-toolbar">
        <SearchBox
          id="community-search"
          label="Search communities"
          placeholder="Search by name or location"
          value={query}
          onChange={setQuery}
        />
        {(status === 'success' || records.length > 0) && (
          <p className="content-counts" aria-live="polite">
            <span>
              Total: <strong>{records.length}</strong>
            </span>
            <span>
              Showing: <strong>{shown.length}</strong>
            </span>
          </p>
        )}
      </div>

      <RecordListState
        status={status}
        hasRecords={records.length > 0}
        label="communities"
        errorText={errorText}
        onRetry={list.refresh}
      >
        {shown.length === 0 ? (
          <div className="empty-state">
            <h2>No communities found</h2>
            {records.length > 0 ? (
              <p>No communities match “{query.trim()}”.</p>
            ) : (
              <>
                <p>Add your first community to show it on the public site.</p>
                <button type="button" className="button button--primary" onClick={() => setEditor({ mode: 'create' })}>
                  Add Community
                </button>
              </>
            )}
          </div>
        ) : (
          <ul className="card-grid content-grid" role="list">
            {shown.map((community) => (
              <li key={community.id} data-record-id={community.id}>
                <article
                  className="card content-card"
                  aria-busy={list.deletingId === community.id || undefined}
                  data-revealed={list.revealId === community.id || undefined}
                >
                  <Picture
                    className="card__image"
                    src={communityImage(community.image)}
                    alt=""
                    width={1200}
                    height={800}
                    sizes={CARD_IMAGE_SIZES}
                  />
                  <div className="card__body">
                    <p className="card__eyebrow">
                      <Icon svg={MAP_PIN} size={16} />
                      {community.location}
                    </p>
                    {list.pendingIds.includes(community.id) && <PendingChip />}
                    <h2 className="card__title content-card__title">
                      <button type="button" className="card__link content-card__open" onClick={() => edit(community)}>
                        {community.name}
                      </button>
                    </h2>
                    <p className="card__text">{truncate(community.description ?? '', CARD_DESCRIPTION_MAX_CHARS)}</p>
                    <dl className="card__facts">
                      <div>
                        <dt>Price Range</dt>
                        <dd>{community.priceRange || '—'}</dd>
                      </div>
                      <div>
                        <dt>Homes</dt>
                        <dd>{(community.totalHomes ?? 0).toLocaleString('en-US')}</dd>
                      </div>
                      <div>
                        <dt>Models</dt>
                        <dd>{community.homes?.length ?? 0}</dd>
                      </div>
                    </dl>
                  </div>
                  <CardActions
                    title={community.name}
                    deleting={list.deletingId === community.id}
                    onEdit={() => edit(community)}
                    onDelete={() => void list.remove(community)}
                  />
                </article>
              </li>
            ))}
          </ul>
        )}
      </RecordListState>

      {editor && (
        <CommunityModal
          community={editor.mode === 'edit' ? editor.community : undefined}
          onClose={() => setEditor(null)}
          onSaved={(result) => {
            setEditor(null);
            list.onSaved(result);
          }}
          onConflict={list.refresh}
        />
      )}
    </div>
  );
}
