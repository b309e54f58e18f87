/**
 * Admin communities (SPEC §2): search by name or location, total and showing counts, a card grid, Add, edit by
 * clicking a card, delete with confirmation. Toasts and texts are SPEC §8's; a delete the server refuses (409: the
 * community still has listings) also shows the server's reason on the page.
 */
import { useState } from 'react';
import { CARD_DESCRIPTION_MAX_CHARS, MESSAGES, deleteCommunityConfirm, truncate, type Community } from '@domain/index';
import { Icon } from '@/components/icon';
import { communityImage } from '@/utils/images';
import { isPendingUploadRef } from '@/data/repositories/admin/upload';
import { CommunityModal } from './community-modal';
import { CardFacts, ContentCard } from './content-card';
import { EmptyRecords, RecordCounts, RecordListState } from './form-alert';
import { MAP_PIN } from './icons';
import { RecordPageTop } from './record-page-top';
import { ContentToolbar } from './search-box';
import { CommunityTable, communityFilters, useCommunityTable } from './table/community-table';
import { TableToolbar, useShowTable } from './table/table-section';
import { useRecordList } from './use-record-list';
import { NEW_RECORD, useRecordRoute } from './use-record-route';

const TEXTS = {
  noun: 'Community',
  created: MESSAGES.communityCreated,
  updated: MESSAGES.communityUpdated,
  deleted: MESSAGES.communityDeleted,
  deleteFailed: MESSAGES.communityDeleteFailed,
  deleteConfirm: (community: Community) => deleteCommunityConfirm(community.name),
  deleteReason: true,
};

const SEARCH = { id: 'community-search', label: 'Search communities', placeholder: 'Search by name or location' };

export function CommunitiesPage() {
  const list = useRecordList('communities', TEXTS);
  const { records, error } = list;
  const [query, setQuery] = useState('');
  // The editor open is the one the address names: /admin/communities/<id> or /new (issue 18).
  const editor = useRecordRoute('communities', 'community', records, list.status === 'success');

  // Search, the table's filters and sort (in the URL); on wide screens a table of one page at a time (issue 18).
  const table = useCommunityTable(records, query);
  const showTable = useShowTable(table.chosenView);
  const shown = table.rows;

  const errorText =
    error instanceof Error ? `Failed to load communities. ${error.message}` : 'Failed to load communities.';
  const edit = (community: Community) => editor.go(community.id);
  const openCreate = () => editor.go(NEW_RECORD);

  return (
    <div className="content-page">
      <RecordPageTop
        title="Communities"
        addLabel="Add Community"
        onAdd={openCreate}
        offline={list.offline}
        list={list}
        editor={editor}
      />

      <ContentToolbar search={SEARCH} query={query} onQuery={setQuery}>
        <RecordCounts list={list}>
          <span>
            Total: <strong>{records.length}</strong>
          </span>
          <span>
            Showing: <strong>{shown.length}</strong>
          </span>
        </RecordCounts>
      </ContentToolbar>
      <TableToolbar table={table} source={records} filtersOf={communityFilters} showTable={showTable} />

      <RecordListState list={list} label="communities" errorText={errorText}>
        {shown.length === 0 ? (
          <EmptyRecords
            title="No communities found"
            filtered={records.length > 0}
            filteredText={
              query.trim() ? <>No communities match “{query.trim()}”.</> : 'No communities match your current filters.'
            }
            emptyText="Add your first community to show it on the public site."
            add={{ label: 'Add Community', onClick: openCreate }}
          />
        ) : showTable ? (
          <CommunityTable
            table={table}
            list={list}
            onEdit={edit}
            onDelete={(community) => void list.remove(community)}
          />
        ) : (
          <ul className="card-grid content-grid" role="list">
            {shown.map((community) => (
              <ContentCard
                key={community.id}
                id={community.id}
                title={community.name}
                image={isPendingUploadRef(community.image) ? community.image : communityImage(community.image)}
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

      {editor.open && (
        <CommunityModal
          key={editor.recordId}
          community={editor.record}
          onClose={editor.close}
          onSaved={(result) => {
            editor.close();
            list.onSaved(result);
          }}
          onConflict={list.refresh}
        />
      )}
    </div>
  );
}
