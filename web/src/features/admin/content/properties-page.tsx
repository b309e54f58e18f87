/**
 * Admin properties (SPEC §2 "Admin properties page"): 'Properties', Add Property, a search over title, address or
 * city, 'X of Y properties', list rows with Edit and Delete, and an inline form above the list. After a save or a
 * delete the list reloads. Texts are SPEC §8's.
 */
import { useCallback, useRef, useState } from 'react';
import { MESSAGES, type Property } from '@domain/index';
import { Icon } from '@/components/icon';
import { deleteAdmin } from '@/data/repositories/admin/content';
import { formatUsd } from '@/utils/format';
import { plural } from '@/components/listing-labels';
import { useConfirm } from '../shared/confirm-dialog';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useToast } from '../shared/toast';
import { LoadState, PageAlert, PendingChip } from './form-alert';
import { PLUS } from './icons';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from './labels';
import { PropertyFormPanel } from './property-form-panel';
import { fullAddress } from './property-form';
import { deletedOnDevice, savedOnDevice } from './queued-messages';
import { isConflict } from './save-errors';
import { SearchBox, matchesSearch } from './search-box';
import { useAdminRecords, type SavedResult } from './use-admin-records';
import { confirmDiscardChanges } from './use-record-form';
import { useRevealRecord } from './use-reveal-record';

type EditorState = { mode: 'create' } | { mode: 'edit'; property: Property } | null;

export function PropertiesPage() {
  const { status, records, offline, pendingIds, reload } = useAdminRecords<Property>('properties');
  const toast = useToast();
  const confirm = useConfirm();
  const [revealId, setRevealId] = useRevealRecord(records);
  const [query, setQuery] = useState('');
  const [editor, setEditor] = useState<EditorState>(null);
  const [alert, setAlert] = useState<{ conflict?: boolean; message?: string }>({});
  const [deletingId, setDeletingId] = useState<string>();
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

  const onSaved = ({ record, created, queued }: SavedResult<Property>) => {
    setRevealId(record.id);
    formDirty.current = false;
    setEditor(null);
    setAlert({});
    toast.success(
      queued ? savedOnDevice('Property') : created ? 'Property created successfully' : 'Property updated successfully',
    );
    void reload();
  };

  const remove = async (property: Property) => {
    if (!(await confirm(MESSAGES.propertyDeleteConfirm, { confirmLabel: 'Delete', danger: true }))) return;
    setDeletingId(property.id);
    try {
      const { queued } = await deleteAdmin('properties', property.id, property.version);
      setAlert({});
      if (editor?.mode === 'edit' && editor.property.id === property.id) {
        formDirty.current = false;
        setEditor(null);
      }
      toast.success(queued ? deletedOnDevice('Property') : 'Property deleted successfully');
    } catch (caught) {
      setAlert(isConflict(caught) ? { conflict: true } : { message: MESSAGES.propertyDeleteFailed });
      toast.error(MESSAGES.propertyDeleteFailed);
    } finally {
      setDeletingId(undefined);
      void reload();
    }
  };

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
      <OfflineBanner offline={offline} />
      <PageAlert {...alert} onDismiss={() => setAlert({})} />

      {editor && (
        <PropertyFormPanel
          key={editor.mode === 'edit' ? editor.property.id : 'new'}
          property={editor.mode === 'edit' ? editor.property : undefined}
          onCancel={() => void changeEditor(null)}
          onSaved={onSaved}
          onConflict={() => void reload()}
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
        {(status === 'ready' || records.length > 0) && (
          <p className="content-counts" aria-live="polite">
            {shown.length} of {records.length} properties
          </p>
        )}
      </div>

      {status === 'error' && records.length > 0 && (
        <p className="admin-alert" data-tone="error" role="alert">
          {MESSAGES.propertiesLoadFailed}
        </p>
      )}

      {status === 'loading' || (status === 'error' && records.length === 0) ? (
        <LoadState
          status={status === 'loading' ? 'loading' : 'error'}
          label="properties"
          errorText={MESSAGES.propertiesLoadFailed}
          onRetry={() => void reload()}
        />
      ) : shown.length === 0 ? (
        <div className="empty-state empty-state--compact">
          <h2>No properties found</h2>
          {records.length > 0 ? (
            <p>Try a different title, address or city.</p>
          ) : (
            <p>Add a property to start the list.</p>
          )}
        </div>
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
                data-revealed={revealId === property.id || undefined}
                className="property-row"
                aria-busy={deletingId === property.id || undefined}
                data-current={current ? 'true' : undefined}
              >
                <div className="property-row__main">
                  <div className="property-row__heading">
                    <h2 className="property-row__title">{title}</h2>
                    <span className="badge badge--inline" data-tone={chip.tone}>
                      {chip.label}
                    </span>
                    {pendingIds.has(property.id) && <PendingChip />}
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
                    disabled={deletingId === property.id}
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
    </div>
  );
}
