/**
 * Admin communities (SPEC §2): search by name or location, total and showing counts, a card grid, Add, edit by
 * clicking a card, delete with confirmation. Toasts and texts are SPEC §8's; a delete the server refuses (409: the
 * community still has listings) also shows the server's reason on the page.
 */
import { useState } from 'react';
import { CARD_DESCRIPTION_MAX_CHARS, MESSAGES, deleteCommunityConfirm, truncate, type Community } from '@domain/index';
import { Icon } from '@/components/icon';
import { communityImage } from '@/utils/images';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { CommunityModal } from './community-modal';
import { CardFacts, ContentCard } from './content-card';
import { EmptyRecords, PageAlert, RecordCounts, RecordListState } from './form-alert';
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
  const { records, error } = list;
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
        <RecordCounts list={list}>
          <span>
            Total: <strong>{records.length}</strong>
          </span>
          <span>
            Showing: <strong>{shown.length}</strong>
          </span>
        </RecordCounts>
      </div>

      <RecordListState list={list} label="communities" errorText={errorText}>
        {shown.length === 0 ? (
          <EmptyRecords
            title="No communities found"
            filtered={records.length > 0}
            filteredText={<>No communities match “{query.trim()}”.</>}
            emptyText="Add your first community to show it on the public site."
            add={{ label: 'Add Community', onClick: () => setEditor({ mode: 'create' }) }}
          />
        ) : (
          <ul className="card-grid content-grid" role="list">
            {shown.map((community) => (
              <ContentCard
                key={community.id}
                id={community.id}
                title={community.name}
                image={communityImage(community.image)}
                lead={
                  <p className="card__eyebrow">
                    <Icon svg={MAP_PIN} size={16} />
                    {community.location}
                  </p>
                }
                list={list}
                onEdit={() => edit(community)}
                onDelete={() => void list.remove(community)}
              >
                <p className="card__text">{truncate(community.description ?? '', CARD_DESCRIPTION_MAX_CHARS)}</p>
                <CardFacts
                  facts={[
                    ['Price Range', community.priceRange || '—'],
                    ['Homes', (community.totalHomes ?? 0).toLocaleString('en-US')],
                    ['Models', community.homes?.length ?? 0],
                  ]}
                />
              </ContentCard>
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
