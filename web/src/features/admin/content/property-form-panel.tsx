/**
 * The properties page's inline form (SPEC §2 "Admin properties page"; not a modal): Property Title, Property Type,
 * Address, City, State, ZIP Code, Price (step 1000), Status, Bedrooms, Bathrooms, Square Feet, Description.
 * A failed save shows 'Failed to save property. Please try again.' with any field details placed on their fields.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  BATHROOM_STEP,
  MESSAGES,
  PROPERTY_PRICE_STEP,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type Property,
} from '../../../../../domain';
import { Field } from '../../../components/field';
import { saveAdmin } from '../../../data/repositories/admin/content';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { FormAlert } from './form-alert';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from './labels';
import {
  PROPERTY_FORM_FIELDS,
  emptyPropertyForm,
  formToPropertyInput,
  propertyToForm,
  validatePropertyForm,
  type PropertyFormState,
} from './property-form';
import type { SavedResult } from './use-admin-records';
import { describeSaveError, type FieldErrors } from './save-errors';

interface PropertyFormPanelProps {
  property?: Property | undefined;
  onCancel: () => void;
  onSaved: (result: SavedResult<Property>) => void;
  onConflict?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

export function PropertyFormPanel({ property, onCancel, onSaved, onConflict, onDirtyChange }: PropertyFormPanelProps) {
  const editing = Boolean(property);
  const initial = useMemo(() => (property ? propertyToForm(property) : emptyPropertyForm()), [property]);
  const [form, setForm] = useState<PropertyFormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<{ conflict: boolean; message: string }>({ conflict: false, message: '' });
  const [saving, setSaving] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After a 412 the change is parked in the outbox for the Sync page: nothing is lost by leaving, and saving again
  // here would only queue behind it.
  const conflicted = alert.conflict;
  const dirty = useMemo(
    () => !conflicted && JSON.stringify(form) !== JSON.stringify(initial),
    [conflicted, form, initial],
  );
  useUnsavedChangesGuard(dirty && !saving, 'admin-property-form');
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // Opening the form (or switching to another property) moves focus and the view to it.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [property]);

  useEffect(() => {
    if (!focusInvalid) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    setFocusInvalid(false);
  }, [focusInvalid]);

  const set = <K extends keyof PropertyFormState>(key: K, value: PropertyFormState[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      if (!(key in previous)) return previous;
      const next = { ...previous };
      delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setAlert({ conflict: false, message: '' });
    const found = validatePropertyForm(form);
    if (Object.keys(found).length) {
      setErrors(found);
      setFocusInvalid(true);
      return;
    }
    setSaving(true);
    try {
      const { record, queued } = await saveAdmin('properties', {
        ...formToPropertyInput(form),
        ...(property ? { id: property.id, version: property.version } : {}),
      });
      onSaved({ record: record as Property, created: !editing, queued });
    } catch (error) {
      const failure = describeSaveError(error, MESSAGES.propertySaveFailed, {
        fixedMessage: true,
        isKnownPath: (path) => (PROPERTY_FORM_FIELDS as readonly string[]).includes(path),
      });
      setAlert({ conflict: failure.conflict, message: failure.message });
      if (failure.conflict) onConflict?.();
      setErrors(failure.fieldErrors);
      if (Object.keys(failure.fieldErrors).length) setFocusInvalid(true);
      setSaving(false);
    }
  };

  const text = (
    key: 'title' | 'address' | 'city' | 'state' | 'zipCode',
    label: string,
    required = false,
    extra: Record<string, string> = {},
  ) => (
    <Field id={`property-${key}`} label={label} required={required} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          {...extra}
          type="text"
          required={required}
          value={form[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  const number = (
    key: 'price' | 'bedrooms' | 'bathrooms' | 'squareFeet',
    label: string,
    step: number,
    required = false,
  ) => (
    <Field id={`property-${key}`} label={label} required={required} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          required={required}
          min={0}
          max={key === 'bedrooms' || key === 'bathrooms' ? 20 : undefined}
          step={step}
          value={form[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <section className="content-panel property-form-panel" aria-labelledby="property-form-title">
      <h2 id="property-form-title" ref={headingRef} tabIndex={-1}>
        {editing ? 'Edit Property' : 'Add Property'}
      </h2>
      <form ref={formRef} className="content-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert conflict={alert.conflict} message={alert.message} />
        <div className="form__row">
          {text('title', 'Property Title', true)}
          <Field id="property-propertyType" label="Property Type" error={errors.propertyType}>
            {(props) => (
              <select
                {...props}
                value={form.propertyType}
                onChange={(event) => set('propertyType', event.target.value as PropertyFormState['propertyType'])}
              >
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PROPERTY_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {text('address', 'Address', true, { autoComplete: 'off' })}
        <div className="form__row form__row--3">
          {text('city', 'City', true)}
          {text('state', 'State', true, { placeholder: 'TX' })}
          {text('zipCode', 'ZIP Code', true, { inputMode: 'numeric', placeholder: '77008' })}
        </div>
        <div className="form__row">
          {number('price', 'Price', PROPERTY_PRICE_STEP, true)}
          <Field id="property-status" label="Status" error={errors.status}>
            {(props) => (
              <select
                {...props}
                value={form.status}
                onChange={(event) => set('status', event.target.value as PropertyFormState['status'])}
              >
                {PROPERTY_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {PROPERTY_STATUS_CHIPS[status].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="form__row form__row--3">
          {number('bedrooms', 'Bedrooms', 1)}
          {number('bathrooms', 'Bathrooms', BATHROOM_STEP)}
          {number('squareFeet', 'Square Feet', 1)}
        </div>
        <Field id="property-description" label="Description" error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </Field>
        <div className="content-form__actions content-form__actions--inline">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={saving || conflicted}
            aria-busy={saving || undefined}
          >
            {saving ? 'Saving...' : editing ? 'Update Property' : 'Create Property'}
          </button>
        </div>
      </form>
    </section>
  );
}
