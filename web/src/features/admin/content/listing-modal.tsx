/**
 * The listing create/edit modal (SPEC §2 "Admin listings page", §5): Property Title*, Community*, Address*,
 * Description, Price*, Property Type, Bedrooms*, Bathrooms* (step 0.5), Square Feet*, Status. Numbers are
 * normalised before sending; a failed save shows the server's message or 'Failed to save listing'.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LISTING_STATUSES, LISTING_TYPES, MESSAGES, type Community, type Listing } from '../../../../../domain';
import { Field } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { saveAdmin } from '../../../data/repositories/admin/content';
import { LISTING_TYPE_LABELS } from '../../listings/listing-labels';
import { useConfirm } from '../shared/confirm-dialog';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { FormAlert } from './form-alert';
import { reopenDialog } from './reopen-dialog';
import { LISTING_STATUS_LABELS } from './labels';
import {
  LISTING_FORM_FIELDS,
  emptyListingForm,
  formToListingInput,
  listingToForm,
  validateListingForm,
  type ListingFormState,
} from './listing-form';
import type { SavedResult } from './use-admin-records';
import { describeSaveError, type FieldErrors } from './save-errors';

interface ListingModalProps {
  listing?: Listing | undefined;
  communities: Community[];
  communitiesLoading: boolean;
  onClose: () => void;
  onSaved: (result: SavedResult<Listing>) => void;
  onConflict?: () => void;
}

export function ListingModal({
  listing,
  communities,
  communitiesLoading,
  onClose,
  onSaved,
  onConflict,
}: ListingModalProps) {
  const editing = Boolean(listing);
  const initial = useMemo(() => (listing ? listingToForm(listing) : emptyListingForm()), [listing]);
  const [form, setForm] = useState<ListingFormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<{ conflict: boolean; message: string }>({ conflict: false, message: '' });
  const [saving, setSaving] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirm = useConfirm();

  // After a 412 the change is parked in the outbox for the Sync page: nothing is lost by leaving, and saving again
  // here would only queue behind it.
  const conflicted = alert.conflict;
  const dirty = useMemo(
    () => !conflicted && JSON.stringify(form) !== JSON.stringify(initial),
    [conflicted, form, initial],
  );
  useUnsavedChangesGuard(dirty && !saving, 'admin-listing-modal');

  useEffect(() => {
    if (!focusInvalid) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    setFocusInvalid(false);
  }, [focusInvalid]);

  const set = <K extends keyof ListingFormState>(key: K, value: ListingFormState[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      if (!(key in previous)) return previous;
      const next = { ...previous };
      delete next[key];
      return next;
    });
  };

  const requestClose = async () => {
    if (
      saving ||
      (dirty &&
        !(await confirm('You have unsaved changes. Discard them?', {
          confirmLabel: 'Discard',
          danger: true,
          title: 'Unsaved changes',
        })))
    ) {
      reopenDialog('listing-modal-title');
      return;
    }
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setAlert({ conflict: false, message: '' });
    const found = validateListingForm(form);
    if (Object.keys(found).length) {
      setErrors(found);
      setFocusInvalid(true);
      return;
    }
    setSaving(true);
    try {
      const { record, queued } = await saveAdmin('listings', {
        ...formToListingInput(form),
        ...(listing ? { id: listing.id, version: listing.version } : {}),
      });
      onSaved({ record: record as Listing, created: !editing, queued });
    } catch (error) {
      const failure = describeSaveError(error, MESSAGES.listingSaveFailed, {
        isKnownPath: (path) => (LISTING_FORM_FIELDS as readonly string[]).includes(path),
      });
      setAlert({ conflict: failure.conflict, message: failure.message });
      if (failure.conflict) onConflict?.();
      setErrors(failure.fieldErrors);
      if (Object.keys(failure.fieldErrors).length) setFocusInvalid(true);
      setSaving(false);
    }
  };

  const knownCommunity = communities.some((community) => community.id === form.communityId);

  return (
    <Modal
      titleId="listing-modal-title"
      title={editing ? 'Edit Listing' : 'Add Listing'}
      onClose={() => void requestClose()}
    >
      <form ref={formRef} className="content-form listing-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert conflict={alert.conflict} message={alert.message} />
        <Field id="listing-title" label="Property Title" required error={errors.title}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              value={form.title}
              onChange={(event) => set('title', event.target.value)}
            />
          )}
        </Field>
        <Field id="listing-community" label="Community" required error={errors.communityId}>
          {(props) => (
            <select
              {...props}
              required
              value={form.communityId}
              disabled={communitiesLoading && communities.length === 0}
              onChange={(event) => set('communityId', event.target.value)}
            >
              <option value="">
                {communitiesLoading && communities.length === 0 ? 'Loading communities...' : 'Select a community'}
              </option>
              {form.communityId && !knownCommunity && !communitiesLoading && (
                <option value={form.communityId}>Unknown community</option>
              )}
              {communities.map((community) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="listing-address" label="Address" required error={errors.address}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              autoComplete="off"
              value={form.address}
              onChange={(event) => set('address', event.target.value)}
            />
          )}
        </Field>
        <Field id="listing-description" label="Description" error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </Field>
        <div className="form__row">
          <Field id="listing-price" label="Price" required error={errors.price}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                required
                min={0}
                step={1}
                value={form.price}
                onChange={(event) => set('price', event.target.value)}
              />
            )}
          </Field>
          <Field id="listing-type" label="Property Type" error={errors.type}>
            {(props) => (
              <select
                {...props}
                value={form.type}
                onChange={(event) => set('type', event.target.value as ListingFormState['type'])}
              >
                {LISTING_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {LISTING_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="form__row form__row--3">
          <Field id="listing-bedrooms" label="Bedrooms" required error={errors.bedrooms}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                required
                min={0}
                max={20}
                step={1}
                value={form.bedrooms}
                onChange={(event) => set('bedrooms', event.target.value)}
              />
            )}
          </Field>
          <Field id="listing-bathrooms" label="Bathrooms" required error={errors.bathrooms}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="decimal"
                required
                min={0}
                max={20}
                step={0.5}
                value={form.bathrooms}
                onChange={(event) => set('bathrooms', event.target.value)}
              />
            )}
          </Field>
          <Field id="listing-sqft" label="Square Feet" required error={errors.sqft}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                required
                min={0}
                step={1}
                value={form.sqft}
                onChange={(event) => set('sqft', event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field id="listing-status" label="Status" error={errors.status}>
          {(props) => (
            <select
              {...props}
              value={form.status}
              onChange={(event) => set('status', event.target.value as ListingFormState['status'])}
            >
              {LISTING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LISTING_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="content-form__actions">
          <button type="button" className="button button--ghost" onClick={() => void requestClose()} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={saving || conflicted}
            aria-busy={saving || undefined}
          >
            {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Listing' : 'Create Listing'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
