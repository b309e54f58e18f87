/**
 * The fields of the General, Appearance and SEO tabs (SPEC §2 "Settings page"): labelled inputs with their errors,
 * read-only for an admin who may not change them, the primary colour as a picker and #RRGGBB text, and the SEO
 * length hints.
 */
import type { ReactNode } from 'react';
import { SEO_DESCRIPTION_HINT, SEO_TITLE_HINT } from '@domain/constants';
import type { SiteSettings } from '@domain/schemas/settings';
import { Field } from '@/components/field';
import { ColorField } from '../content/color-field';
import type { SettingsForm, SettingsGroup } from './use-settings-form';

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

interface FieldsProps {
  form: SettingsForm;
  /** `${idPrefix}-general-siteName`... */
  idPrefix: string;
}

const fieldId = (idPrefix: string, key: string) => `${idPrefix}-${key.replace('.', '-')}`;

/** "54 characters · recommended 50-60": green inside the hint, amber outside. */
function LengthHint({ id, length, hint }: { id: string; length: number; hint: { min: number; max: number } }) {
  const inside = length >= hint.min && length <= hint.max;
  return (
    <p className="field__hint" id={id} data-tone={inside ? 'ok' : 'warn'} aria-live="polite">
      {length} {length === 1 ? 'character' : 'characters'} · recommended {hint.min}-{hint.max}
      {length > 0 && !inside && (length < hint.min ? ' (a little short)' : ' (may be cut off in search results)')}
    </p>
  );
}

function TextField({
  form,
  idPrefix,
  group,
  field,
  label,
  type = 'text',
  multiline = false,
  placeholder,
  hint,
  hintId,
}: FieldsProps & {
  group: SettingsGroup;
  field: string;
  label: string;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  hintId?: string;
}) {
  const key = `${group}.${field}`;
  const value = form.draft ? String((form.draft[group] as Record<string, string>)[field] ?? '') : '';
  return (
    <Field id={fieldId(idPrefix, key)} label={label} error={form.errors[key]}>
      {(props) => {
        const common = {
          ...props,
          'aria-describedby': describedBy(props['aria-describedby'], hintId),
          value,
          readOnly: !form.canEdit,
          placeholder,
          onChange: (event: { target: { value: string } }) =>
            form.update(group, field as keyof SiteSettings[typeof group], event.target.value),
        };
        return (
          <>
            {multiline ? <textarea {...common} rows={4} /> : <input {...common} type={type} />}
            {hint}
          </>
        );
      }}
    </Field>
  );
}

function PrimaryColorField({ form, idPrefix }: FieldsProps) {
  return (
    <ColorField
      id={fieldId(idPrefix, 'appearance.primaryColor')}
      label="Primary Color"
      value={form.draft?.appearance.primaryColor ?? ''}
      onChange={(value) => form.update('appearance', 'primaryColor', value)}
      error={form.errors['appearance.primaryColor']}
      readOnly={!form.canEdit}
      look="settings"
    />
  );
}

export function GeneralFields(props: FieldsProps) {
  return (
    <>
      <div className="admin-form__grid">
        <TextField {...props} group="general" field="siteName" label="Site Name" />
        <TextField {...props} group="general" field="contactEmail" label="Contact Email" type="email" />
        <TextField {...props} group="general" field="contactPhone" label="Contact Phone" type="tel" />
      </div>
      <TextField {...props} group="general" field="siteDescription" label="Site Description" multiline />
    </>
  );
}

export function AppearanceFields(props: FieldsProps) {
  return (
    <div className="admin-form__grid">
      <PrimaryColorField {...props} />
      <TextField
        {...props}
        group="appearance"
        field="logoUrl"
        label="Logo URL"
        type="url"
        placeholder="https://… or /uploads/…"
      />
      <TextField
        {...props}
        group="appearance"
        field="favicon"
        label="Favicon URL"
        type="url"
        placeholder="https://… or /favicon.ico"
      />
    </div>
  );
}

export function SeoFields(props: FieldsProps) {
  const { idPrefix, form } = props;
  const titleHintId = `${idPrefix}-title-hint`;
  const descriptionHintId = `${idPrefix}-description-hint`;
  const keywordsHintId = `${idPrefix}-keywords-hint`;
  const seo = form.draft?.seo;
  return (
    <>
      <TextField
        {...props}
        group="seo"
        field="metaTitle"
        label="Meta Title"
        hintId={titleHintId}
        hint={<LengthHint id={titleHintId} length={seo?.metaTitle.length ?? 0} hint={SEO_TITLE_HINT} />}
      />
      <TextField
        {...props}
        group="seo"
        field="metaDescription"
        label="Meta Description"
        multiline
        hintId={descriptionHintId}
        hint={
          <LengthHint id={descriptionHintId} length={seo?.metaDescription.length ?? 0} hint={SEO_DESCRIPTION_HINT} />
        }
      />
      <TextField
        {...props}
        group="seo"
        field="metaKeywords"
        label="Meta Keywords"
        placeholder="new homes, Houston, communities"
        hintId={keywordsHintId}
        hint={
          <p className="field__hint" id={keywordsHintId}>
            Separate keywords with commas.
          </p>
        }
      />
    </>
  );
}
