/**
 * Admin communities (SPEC §2): search by name or location, total and showing counts, a card grid, Add, edit by
 * clicking a card, delete with confirmation. Toasts and texts are SPEC §8's; a delete the server refuses (409: the
 * community still has listings) also shows the server's reason on the page.
 */
import { useState } from 'react';
import { CARD_DESCRIPTION_MAX_CHARS, MESSAGES, deleteCommunityConfirm, truncate, type Community } from '@domain/index';
import { Icon } from '@/components/icon';
import { Picture } from '@/components/picture';
import { deleteAdmin } from '@/data/repositories/admin/content';
import { CARD_IMAGE_SIZES, communityImage } from '@/utils/images';
import { useConfirm } from '../shared/confirm-dialog';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useToast } from '../shared/toast';
import { CommunityModal } from './community-modal';
import { LoadState, PageAlert, PendingChip } from './form-alert';
import { EDIT, MAP_PIN, PLUS, TRASH } from './icons';
import { deletedOnDevice, savedOnDevice } from './queued-messages';
import { isConflict, serverText } from './save-errors';
import { SearchBox, matchesSearch } from './search-box';
import { useAdminRecords, type SavedResult } from './use-admin-records';
import { useRevealRecord } from './use-reveal-record';

type EditorState = { mode: 'create' } | { mode: 'edit'; community: Community } | null;

export function CommunitiesPage() {
  const { status, records, offline, pendingIds, error, reload } = useAdminRecords<Community>('communities');
  const toast = useToast();
  const confirm = useConfirm();
  const [revealId, setRevealId] = useRevealRecord(records);
  const [query, setQuery] = useState('');
  const [editor, setEditor] = useState<EditorState>(null);
  const [alert, setAlert] = useState<{ conflict?: boolean; message?: string }>({});
  const [deletingId, setDeletingId] = useState<string>();

  const shown = records.filter((community) => matchesSearch(query, community.name, community.location));

  const onSaved = ({ record, created, queued }: SavedResult<Community>) => {
    setRevealId(record.id);
    setEditor(null);
    setAlert({});
    toast.success(
      queued ? savedOnDevice('Community') : created ? MESSAGES.communityCreated : MESSAGES.communityUpdated,
    );
    void reload();
  };

  const remove = async (community: Community) => {
    if (!(await confirm(deleteCommunityConfirm(community.name), { confirmLabel: 'Delete', danger: true }))) return;
    setDeletingId(community.id);
    try {
      const { queued } = await deleteAdmin('communities', community.id, community.version);
      setAlert({});
      toast.success(queued ? deletedOnDevice('Community') : MESSAGES.communityDeleted);
    } catch (caught) {
      toast.error(MESSAGES.communityDeleteFailed);
      const reason = serverText(caught);
      setAlert(
        isConflict(caught)
          ? { conflict: true }
          : { message: reason ? `${MESSAGES.communityDeleteFailed}: ${reason}` : MESSAGES.communityDeleteFailed },
      );
    } finally {
      setDeletingId(undefined);
      void reload();
    }
  };

  const errorText =
    error instanceof Error ? `Failed to load communities. ${error.message}` : 'Failed to load communities.';

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
      <OfflineBanner offline={offline} />
      <PageAlert {...alert} onDismiss={() => setAlert({})} />

      <div className="content-toolbar">
        <SearchBox
          id="community-search"
          label="Search communities"
          placeholder="Search by name or location"
          value={query}
          onChange={setQuery}
        />
        {(status === 'ready' || records.length > 0) && (
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

      {status === 'error' && records.length > 0 && (
        <p className="admin-alert" data-tone="error" role="alert">
          {errorText}
        </p>
      )}

      {status === 'loading' || (status === 'error' && records.length === 0) ? (
        <LoadState
          status={status === 'loading' ? 'loading' : 'error'}
          label="communities"
          errorText={errorText}
          onRetry={() => void reload()}
        />
      ) : shown.length === 0 ? (
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
                aria-busy={deletingId === community.id || undefined}
                data-revealed={revealId === community.id || undefined}
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
                  {pendingIds.has(community.id) && <PendingChip />}
                  <h2 className="card__title content-card__title">
                    <button
                      type="button"
                      className="card__link content-card__open"
                      onClick={() => setEditor({ mode: 'edit', community })}
                    >
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
                <div className="content-card__actions">
                  <button
                    type="button"
                    className="icon-button content-card__action"
                    aria-label={`Edit ${community.name}`}
                    onClick={() => setEditor({ mode: 'edit', community })}
                  >
                    <Icon svg={EDIT} size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button content-card__action content-card__action--danger"
                    aria-label={`Delete ${community.name}`}
                    disabled={deletingId === community.id}
                    onClick={() => void remove(community)}
                  >
                    <Icon svg={TRASH} size={18} />
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {editor && (
        <CommunityModal
          community={editor.mode === 'edit' ? editor.community : undefined}
          onClose={() => setEditor(null)}
          onSaved={onSaved}
          onConflict={() => void reload()}
        />
      )}
    </div>
  );
}
