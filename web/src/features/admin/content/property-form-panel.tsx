/**
 * The properties page's inline form (SPEC §2 "Admin properties page"; not a modal): Property Title, Property Type,
 * Address, City, State, ZIP Code, Price (step 1000), Status, Bedrooms, Bathrooms, Square Feet, Description.
 * A failed save shows 'Failed to save property. Please try again.' with any field details placed on their fields.
 * The form is react-hook-form over property-form.ts, run by useRecordForm; the page asks before the form is left
 * with unsaved changes (`onDirtyChange`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { MESSAGES, PROPERTY_PRICE_STEP, PROPERTY_STATUSES, PROPERTY_TYPES, type Property } from '@domain/index';
import { PROPERTY_STATUS_CHIPS, PROPERTY_TYPE_LABELS } from './labels';
import {
  PROPERTY_FORM_FIELDS,
  emptyPropertyForm,
  propertyFormSchema,
  propertyToForm,
  type PropertyFormState,
} from './property-form';
import { BATHROOM_COUNT, ROOM_COUNT, WHOLE_NUMBER, recordFields } from './record-fields';
import { RecordForm, RecordFormActions } from './record-form';
import { useRecordForm, type SavedResult } from './use-record-form';

interface PropertyFormPanelProps {
  property?: Property | undefined;
  onCancel: () => void;
  onSaved: (result: SavedResult<Property>) => void;
  onConflict?: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The page asked and the admin chose to discard the input; it navigates away next (see useRecordForm). */
  released?: boolean;
}

const resolver = zodResolver(propertyFormSchema);
const { InputField, SelectField, TextAreaField } = recordFields<PropertyFormState>();
const TYPE_OPTIONS = PROPERTY_TYPES.map((type) => ({ value: type, label: PROPERTY_TYPE_LABELS[type] }));
const STATUS_OPTIONS = PROPERTY_STATUSES.map((status) => ({
  value: status,
  label: PROPERTY_STATUS_CHIPS[status].label,
}));
const isKnownPath = (path: string) => (PROPERTY_FORM_FIELDS as readonly string[]).includes(path);

export function PropertyFormPanel({
  property,
  onCancel,
  onSaved,
  onConflict,
  onDirtyChange,
  released = false,
}: PropertyFormPanelProps) {
  const editing = Boolean(property);
  const recordForm = useRecordForm({
    entity: 'properties',
    record: property,
    initialValues: () => (property ? propertyToForm(property) : emptyPropertyForm()),
    resolver,
    failureMessage: MESSAGES.propertySaveFailed,
    fixedMessage: true,
    isKnownPath,
    guardId: 'admin-property-form',
    onSaved,
    onConflict,
    released,
  });
  const { dirty } = recordForm;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // Opening the form (or switching to another property) moves focus and the view to it.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [property]);

  return (
    <section className="content-panel property-form-panel" aria-labelledby="property-form-title">
      <h2 id="property-form-title" ref={headingRef} tabIndex={-1}>
        {editing ? 'Edit Property' : 'Add Property'}
      </h2>
      <RecordForm recordForm={recordForm} className="content-form">
        <div className="form__row">
          <InputField name="title" id="property-title" label="Property Title" required />
          <SelectField name="propertyType" id="property-propertyType" label="Property Type" options={TYPE_OPTIONS} />
        </div>
        <InputField name="address" id="property-address" label="Address" required autoComplete="off" />
        <div className="form__row form__row--3">
          <InputField name="city" id="property-city" label="City" required />
          <InputField name="state" id="property-state" label="State" required placeholder="TX" />
          <InputField
            name="zipCode"
            id="property-zipCode"
            label="ZIP Code"
            required
            inputMode="numeric"
            placeholder="77008"
          />
        </div>
        <div className="form__row">
          <InputField
            name="price"
            id="property-price"
            label="Price"
            required
            {...WHOLE_NUMBER}
            step={PROPERTY_PRICE_STEP}
          />
          <SelectField name="status" id="property-status" label="Status" options={STATUS_OPTIONS} />
        </div>
        <div className="form__row form__row--3">
          <InputField name="bedrooms" id="property-bedrooms" label="Bedrooms" {...ROOM_COUNT} />
          <InputField name="bathrooms" id="property-bathrooms" label="Bathrooms" {...BATHROOM_COUNT} />
          <InputField name="squareFeet" id="property-squareFeet" label="Square Feet" {...WHOLE_NUMBER} />
        </div>
        <TextAreaField name="description" id="property-description" label="Description" rows={4} />
        <RecordFormActions recordForm={recordForm} noun="Property" inline savingLabel="Saving..." onCancel={onCancel} />
      </RecordForm>
    </section>
  );
}
