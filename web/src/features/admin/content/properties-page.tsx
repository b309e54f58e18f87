/**
 * Admin properties (SPEC §2 "Admin properties page"): 'Properties', Add Property, a search over title, address or
 * city, 'X of Y properties', list rows with Edit and Delete, and an inline form above the list. After a save or a
 * delete the list reloads. Texts are SPEC §8's.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, type Property } from '@domain/index';
import { formatUsd } from '@/utils/format';
import { plural } from '@/components/listing-labels';
import { useConfirm } from '../shared/confirm-dialog';
import { EmptyRecords, PendingChip, RecordCounts, RecordListState } from './form-alert';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from './labels';
import { PropertyFormPanel } from './property-form-panel';
import { fullAddress } from './property-form';
import { RecordPageTop } from './record-page-top';
import { ContentToolbar } from './search-box';
import { PropertyTable, propertyFilters, usePropertyTable } from './table/property-table';
import { TableToolbar, useShowTable } from './table/table-section';
import { confirmDiscardChanges, type SavedResult } from './use-record-form';
import { useRecordList } from './use-record-list';
import { NEW_RECORD, useRecordRoute } from './use-record-route';

const TEXTS = {
  noun: 'Property',
  created: 'Property created successfully',
  updated: 'Property updated successfully',
  deleted: 'Property deleted successfully',
  deleteFailed: MESSAGES.propertyDeleteFailed,
  deleteConfirm: () => MESSAGES.propertyDeleteConfirm,
  deleteReason: false,
};

const SEARCH = { id: 'property-search', label: 'Search properties', placeholder: 'Search by title, address or city' };

export function PropertiesPage() {
  const list = useRecordList('properties', TEXTS);
  const { records } = list;
  const confirm = useConfirm();
  const [query, setQuery] = useState('');
  // The form open is the one the address names: /admin/properties/<id> or /new (issue 18).
  const editor = useRecordRoute('properties', 'property', records, list.status === 'success');
  const formDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    formDirty.current = dirty;
  }, []);

  // Search, the table's filters and sort (in the URL); on wide screens a table of one page at a time (issue 18).
  const table = usePropertyTable(records, query);
  const showTable = useShowTable(table.chosenView);
  const shown = table.rows;

  // Leaving the form's address once the admin chose to discard its input (or it was saved or deleted): the form
  // first stops counting as unsaved (`released`), so the guard does not hold the navigation and ask again.
  const [leaving, setLeaving] = useState<{ from: string | undefined; target: string | undefined }>();
  if (leaving && leaving.from !== editor.recordId) setLeaving(undefined);
  const goRef = useRef(editor.go);
  useEffect(() => {
    goRef.current = editor.go;
  });
  useEffect(() => {
    if (leaving) goRef.current(leaving.target);
  }, [leaving]);
  const leave = (target: string | undefined) => setLeaving({ from: editor.recordId, target });

  /** Opens (a record id, or NEW_RECORD), switches or closes the inline form, asking first when it has unsaved changes. */
  const changeEditor = async (target: string | undefined) => {
    if (target === editor.recordId) return;
    if (!formDirty.current) return editor.go(target);
    if (await confirmDiscardChanges(confirm)) leave(target);
  };

  const closeEditor = () => leave(undefined);

  const onSaved = (result: SavedResult<Property>) => {
    closeEditor();
    list.onSaved(result);
  };

  /** Deleting the property being edited closes its form. */
  const remove = (property: Property) =>
    list.remove(property, () => {
      if (editor.record?.id === property.id) closeEditor();
    });

  return (
    <div className="content-page">
      <RecordPageTop
        title="Properties"
        addLabel="Add Property"
        onAdd={() => void changeEditor(NEW_RECORD)}
        offline={list.offline}
        list={list}
        editor={editor}
      />

      {editor.open && (
        <PropertyFormPanel
          key={editor.recordId}
          property={editor.record}
          released={leaving !== undefined}
          onCancel={() => void changeEditor(undefined)}
          onSaved={onSaved}
          onConflict={list.refresh}
          onDirtyChange={onDirtyChange}
        />
      )}

      <ContentToolbar search={SEARCH} query={query} onQuery={setQuery}>
        <RecordCounts list={list}>
          {shown.length} of {records.length} properties
        </RecordCounts>
      </ContentToolbar>
      <TableToolbar
        table={table}
        source={records}
        filtersOf={propertyFilters}
        showTable={showTable}
        cardsLabel="List"
      />

      <RecordListState list={list} label="properties" errorText={MESSAGES.propertiesLoadFailed}>
        {shown.length === 0 ? (
          <EmptyRecords
            compact
            title="No properties found"
            filtered={records.length > 0}
            filteredText={
              query.trim() ? 'Try a different title, address or city.' : 'No properties match your current filters.'
            }
            emptyText="Add a property to start the list."
          />
        ) : showTable ? (
          <PropertyTable
            table={table}
            list={list}
            onEdit={(property) => void changeEditor(property.id)}
            onDelete={(property) => void remove(property)}
          />
        ) : (
          <ul className="property-list" role="list">
            {shown.map((property) => {
              const chip = PROPERTY_STATUS_CHIPS[property.status] ?? PROPERTY_STATUS_CHIPS.AVAILABLE;
              const title = property.title || 'Untitled Property';
              const current = editor.record?.id === property.id;
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
                      {/* Land has no rooms: its lot size instead of "0 beds · 0 baths" (issue 17). */}
                      {property.propertyType !== 'LAND' && (
                        <>
                          <span>{plural(property.bedrooms ?? 0, 'bed')}</span>
                          <span>{plural(property.bathrooms ?? 0, 'bath')}</span>
                        </>
                      )}
                      <span>
                        {(property.squareFeet ?? 0).toLocaleString('en-US')} sq ft
                        {property.propertyType === 'LAND' ? ' lot' : ''}
                      </span>
                      <span>{PROPERTY_TYPE_LABELS[property.propertyType] ?? property.propertyType}</span>
                    </p>
                  </div>
                  <p className="property-row__price">{formatUsd(property.price ?? 0)}</p>
                  <div className="property-row__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void changeEditor(property.id)}
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
