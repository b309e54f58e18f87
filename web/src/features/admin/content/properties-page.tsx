/**
 * Admin properties (SPEC §2 "Admin properties page"): 'Properties', Add Property, a search over title, address or
 * city, 'X of Y properties', list rows with Edit and Delete, and an inline form above the list. After a save or a
 * delete the list reloads. Texts are SPEC §8's.
 */
import { useCallback, useRef, useState } from 'react';
import { MESSAGES, type Property } from '@domain/index';
import { Icon } from '@/components/icon';
import { formatUsd } from '@/utils/format';
import { plural } from '@/components/listing-labels';
import { useConfirm } from '../shared/confirm-dialog';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { EmptyRecords, PageAlert, PendingChip, RecordCounts, RecordListState } from './form-alert';
import { PLUS } from './icons';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from './labels';
import { PropertyFormPanel } from './property-form-panel';
import { fullAddress } from './property-form';
import { SearchBox, matchesSearch } from './search-box';
import { confirmDiscardChanges, type SavedResult } from './use-record-form';
import { useRecordList } from './use-record-list';

type EditorState = { mode: 'create' } | { mode: 'edit'; property: Property } | null;

const TEXTS = {
  noun: 'Property',
  created: 'Property created successfully',
  updated: 'Property updated successfully',
  deleted: 'Property deleted successfully',
  deleteFailed: MESSAGES.propertyDeleteFailed,
  deleteConfirm: () => MESSAGES.propertyDeleteConfirm,
  deleteReason: false,
};

export function PropertiesPage() {
  const list = useRecordList('properties', TEXTS);
  const { records } = list;
  const confirm = useConfirm();
  const [query, setQuery] = useState('');
  const [editor, setEditor] = useState<EditorState>(null);
  const formDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty;
  }, []);

  const shown = records.filter((property) => matchesSearch(query, property.title, property.address, property.city));

  /** Opens, switches or closes the inline form, asking first when it has unsaved changes. */
  const changeEditor = async (next: EditorState) => {
    if (formDirty.current && !(await confirmDiscardChanges(confirm))) return;
    formDirty.current = false;
    setEditor(next);
  };

  const closeEditor = () => {
    formDirty.current = false;
    setEditor(null);
  };

  const onSaved = (result: SavedResult<Property>) => {
    closeEditor();
    list.onSaved(result);
  };

  /** Deleting the property being edited closes its form. */
  const remove = (property: Property) =>
    list.remove(property, () => {
      if (editor?.mode === 'edit' && editor.property.id === property.id) closeEditor();
    });

  return (
    <div className="content-page">
      <AdminPageHeader
        title="Properties"
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void changeEditor({ mode: 'create' })}
          >
            <Icon svg={PLUS} size={18} />
            Add Property
          </button>
        }
      />
      <OfflineBanner offline={list.offline} />
      <PageAlert {...list.alert} onDismiss={list.dismissAlert} />

      {editor && (
        <PropertyFormPanel
          key={editor.mode === 'edit' ? editor.property.id : 'new'}
          property={editor.mode === 'edit' ? editor.property : undefined}
          onCancel={() => void changeEditor(null)}
          onSaved={onSaved}
          onConflict={list.refresh}
          onDirtyChange={onDirtyChange}
        />
      )}

      <div className="content-toolbar">
        <SearchBox
          id="property-search"
          label="Search properties"
          placeholder="Search by title, address or city"
          value={query}
          onChange={setQuery}
        />
        <RecordCounts list={list}>
          {shown.length} of {records.length} properties
        </RecordCounts>
      </div>

      <RecordListState list={list} label="properties" errorText={MESSAGES.propertiesLoadFailed}>
        {shown.length === 0 ? (
          <EmptyRecords
            compact
            title="No properties found"
            filtered={records.length > 0}
            filteredText="Try a different title, address or city."
            emptyText="Add a property to start the list."
          />
        ) : (
          <ul className="property-list" role="list">
            {shown.map((property) => {
              const chip = PROPERTY_STATUS_CHIPS[property.status] ?? PROPERTY_STATUS_CHIPS.AVAILABLE;
              const title = property.title || 'Untitled Property';
              const current = editor?.mode === 'edit' && editor.property.id === property.id;
              return (
                <li
                  key={property.id}
                  data-record-id={property.id}
                  data-revealed={list.revealId === property.id || undefined}
                  className="property-row"
                  aria-busy={list.deletingId === property.id || undefined}
                  data-current={current ? 'true' : undefined}
                >
                  <div className="property-row__main">
                    <div className="property-row__heading">
                      <h2 className="property-row__title">{title}</h2>
                      <span className="badge badge--inline" data-tone={chip.tone}>
                        {chip.label}
                      </span>
                      {list.pendingIds.includes(property.id) && <PendingChip />}
                    </div>
                    <p className="property-row__address">{fullAddress(property)}</p>
                    <p className="property-row__facts">
                      <span>{plural(property.bedrooms ?? 0, 'bed')}</span>
                      <span>{plural(property.bathrooms ?? 0, 'bath')}</span>
                      <span>{(property.squareFeet ?? 0).toLocaleString('en-US')} sq ft</span>
                      <span>{PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType}</span>
                    </p>
                  </div>
                  <p className="property-row__price">{formatUsd(property.price ?? 0)}</p>
                  <div className="property-row__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void changeEditor({ mode: 'edit', property })}
                    >
                      Edit<span className="visually-hidden"> {title}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={list.deletingId === property.id}
                      onClick={() => void remove(property)}
                    >
                      Delete<span className="visually-hidden"> {title}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </RecordListState>
    </div>
  );
}
