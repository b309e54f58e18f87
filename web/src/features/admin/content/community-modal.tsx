/**
 * The community create/edit modal (SPEC §2 "Admin communities page", §3, §5). The basic fields and the image come
 * first; the page sections, theme, home models, builders, amenities and schools are collapsible parts below them
 * (a part with an error opens itself). Saving goes through the repository: online it creates or updates, offline
 * it is queued on the device (the caller's toast says which). Closing with unsaved changes asks first.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES, type Community } from '../../../../../domain';
import { Field } from '../../../components/field';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { saveAdmin } from '../../../data/repositories/admin/content';
import { contrastRatio } from '../../../utils/format';
import { useConfirm } from '../shared/confirm-dialog';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { ColorField, isHexColor } from './color-field';
import {
  communityToForm,
  emptyBuilderRow,
  emptyCommunityForm,
  emptyHomeRow,
  errorAt,
  formToCommunityInput,
  partOfPath,
  validateCommunityForm,
  type BuilderRow,
  type CommunityFormPart,
  type CommunityFormState,
  type HomeRow,
} from './community-form';
import { FormAlert } from './form-alert';
import { reopenDialog } from './reopen-dialog';
import { PLUS, TRASH } from './icons';
import { ImageUpload } from './image-upload';
import { SalesOfficeFields } from './sales-office-fields';
import { describeSaveError, type FieldErrors } from './save-errors';
import { TagInput } from './tag-input';
import type { SavedResult } from './use-admin-records';

interface CommunityModalProps {
  /** The community to edit; absent to create one. */
  community?: Community | undefined;
  onClose: () => void;
  onSaved: (result: SavedResult<Community>) => void;
  /** A 412: the page reloads its list so it shows the other admin's version. */
  onConflict?: () => void;
}

const WHITE = '#FFFFFF';
const AA_CONTRAST = 4.5;

export function CommunityModal({ community, onClose, onSaved, onConflict }: CommunityModalProps) {
  const editing = Boolean(community);
  const initial = useMemo(() => (community ? communityToForm(community) : emptyCommunityForm()), [community]);
  const [form, setForm] = useState<CommunityFormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<{ conflict: boolean; message: string }>({ conflict: false, message: '' });
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [open, setOpen] = useState<Set<CommunityFormPart>>(() => new Set(['details', 'image']));
  const [focusTarget, setFocusTarget] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const confirm = useConfirm();

  // After a 412 the change is parked in the outbox for the Sync page: nothing is lost by leaving, and saving again
  // here would only queue behind it.
  const conflicted = alert.conflict;
  const dirty = useMemo(
    () => !conflicted && JSON.stringify(form) !== JSON.stringify(initial),
    [conflicted, form, initial],
  );
  useUnsavedChangesGuard(dirty && !saving, 'admin-community-modal');

  // Focus a field once the render that reveals it is done: the first invalid field, or a new row's name.
  useEffect(() => {
    if (!focusTarget) return;
    const element = formRef.current?.querySelector<HTMLElement>(
      focusTarget === 'invalid' ? '[aria-invalid="true"]' : `#${CSS.escape(focusTarget)}`,
    );
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
    setFocusTarget(undefined);
  }, [focusTarget]);

  const update = (patch: Partial<CommunityFormState>, ...paths: string[]) => {
    setForm((previous) => ({ ...previous, ...patch }));
    if (paths.length) clearErrors(...paths);
  };
  const clearErrors = (...paths: string[]) =>
    setErrors((previous) => {
      const keys = Object.keys(previous).filter((key) =>
        paths.some((path) => key === path || key.startsWith(`${path}.`)),
      );
      if (!keys.length) return previous;
      const next = { ...previous };
      for (const key of keys) delete next[key];
      return next;
    });
  const setSection = <K extends keyof CommunityFormState['sections']>(
    key: K,
    patch: Partial<CommunityFormState['sections'][K]>,
  ) => {
    setForm((previous) => ({
      ...previous,
      sections: { ...previous.sections, [key]: { ...previous.sections[key], ...patch } },
    }));
    clearErrors(...Object.keys(patch).map((field) => `sections.${key}.${field}`));
  };
  const setTheme = (patch: Partial<CommunityFormState['theme']>) => {
    setForm((previous) => ({ ...previous, theme: { ...previous.theme, ...patch } }));
    clearErrors(...Object.keys(patch).map((field) => `theme.${field}`));
  };
  const setHome = (index: number, patch: Partial<HomeRow>) => {
    setForm((previous) => ({
      ...previous,
      homes: previous.homes.map((home, other) => (other === index ? { ...home, ...patch } : home)),
    }));
    clearErrors(...Object.keys(patch).map((field) => `homes.${index}.${field}`));
  };
  const setBuilder = (index: number, patch: Partial<BuilderRow>) => {
    setForm((previous) => ({
      ...previous,
      builders: previous.builders.map((builder, other) => (other === index ? { ...builder, ...patch } : builder)),
    }));
    clearErrors(...Object.keys(patch).map((field) => `builders.${index}.${field}`));
  };

  const setOffice = (change: (office: CommunityFormState['office']) => CommunityFormState['office'], path: string) => {
    setForm((previous) => ({ ...previous, office: change(previous.office) }));
    clearErrors(path);
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const parts = Object.keys(next).map(partOfPath);
    if (parts.length) {
      setOpen((previous) => new Set([...previous, ...parts]));
      setFocusTarget('invalid');
    }
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
      reopenDialog('community-modal-title');
      return;
    }
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || uploads > 0) return;
    setAlert({ conflict: false, message: '' });
    const found = validateCommunityForm(form);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSaving(true);
    try {
      const input = formToCommunityInput(form);
      const { record, queued } = await saveAdmin('communities', {
        ...input,
        ...(community ? { id: community.id, version: community.version } : {}),
      });
      onSaved({ record: record as Community, created: !editing, queued });
    } catch (error) {
      const failure = describeSaveError(error, MESSAGES.communitySaveFailed, {
        isKnownPath: (path) => path !== 'id' && path !== 'slug',
      });
      setAlert({ conflict: failure.conflict, message: failure.message });
      if (failure.conflict) onConflict?.();
      showErrors(failure.fieldErrors);
      setSaving(false);
    }
  };

  const primary = form.theme.primaryColor.trim();
  const contrast = isHexColor(primary) ? contrastRatio(WHITE, primary) : undefined;
  const lowContrast = contrast !== undefined && contrast < AA_CONTRAST;
  const busy = saving || uploads > 0;
  const trackUpload = (active: boolean) => setUploads((count) => count + (active ? 1 : -1));

  const part = (key: CommunityFormPart, title: string, children: ReactNode, count?: number) => {
    const hasError = Object.keys(errors).some((path) => partOfPath(path) === key);
    return (
      <details
        className="form-part"
        open={open.has(key)}
        data-invalid={hasError ? 'true' : undefined}
        onToggle={(event) => {
          const isOpen = event.currentTarget.open;
          setOpen((previous) => {
            if (previous.has(key) === isOpen) return previous;
            const next = new Set(previous);
            if (isOpen) next.add(key);
            else next.delete(key);
            return next;
          });
        }}
      >
        <summary>
          <span className="form-part__title">{title}</span>
          {count !== undefined && <span className="form-part__count">{count}</span>}
          {hasError && <span className="form-part__error">Needs attention</span>}
        </summary>
        <div className="form-part__body">{children}</div>
      </details>
    );
  };

  return (
    <Modal
      titleId="community-modal-title"
      title={editing ? 'Edit Community' : 'Add Community'}
      description={editing ? `Changes to ${community!.name} show on its public page once saved.` : undefined}
      onClose={() => void requestClose()}
    >
      <form ref={formRef} className="content-form community-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert conflict={alert.conflict} message={alert.message} />

        {part(
          'details',
          'Community details',
          <>
            <Field id="community-name" label="Community Name" required error={errors.name}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  required
                  value={form.name}
                  onChange={(event) => update({ name: event.target.value }, 'name')}
                />
              )}
            </Field>
            <Field id="community-location" label="Location" required error={errors.location}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  required
                  placeholder="Richmond, TX"
                  value={form.location}
                  onChange={(event) => update({ location: event.target.value }, 'location')}
                />
              )}
            </Field>
            <Field id="community-description" label="Description" required error={errors.description}>
              {(props) => (
                <textarea
                  {...props}
                  required
                  rows={4}
                  value={form.description}
                  onChange={(event) => update({ description: event.target.value }, 'description')}
                />
              )}
            </Field>
            <div className="form__row">
              <Field id="community-price-range" label="Price Range" error={errors.priceRange}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    placeholder="$280s - $550s"
                    value={form.priceRange}
                    onChange={(event) => update({ priceRange: event.target.value }, 'priceRange')}
                  />
                )}
              </Field>
              <Field id="community-total-homes" label="Total Homes" error={errors.totalHomes}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={form.totalHomes}
                    onChange={(event) => update({ totalHomes: event.target.value }, 'totalHomes')}
                  />
                )}
              </Field>
            </div>
          </>,
        )}

        {part(
          'image',
          'Image',
          <>
            <ImageUpload
              label="Community image"
              value={form.image}
              alt={form.imageAlt}
              error={errors.image}
              onChange={(image) => update({ image }, 'image')}
              onBusyChange={trackUpload}
            />
            <Field id="community-image-alt" label="Image alt text" error={errors.imageAlt}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  placeholder="Describe what the photo shows"
                  value={form.imageAlt}
                  onChange={(event) => update({ imageAlt: event.target.value }, 'imageAlt')}
                />
              )}
            </Field>
          </>,
        )}

        {part(
          'sections',
          'Page sections',
          <>
            <fieldset className="form-group">
              <legend>Hero</legend>
              <VisibleToggle
                id="community-hero-visible"
                label="Show the hero section"
                checked={form.sections.hero.visible}
                onChange={(visible) => setSection('hero', { visible })}
              />
              <Field id="community-hero-title" label="Hero title" error={errors['sections.hero.title']}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    value={form.sections.hero.title}
                    onChange={(event) => setSection('hero', { title: event.target.value })}
                  />
                )}
              </Field>
              <Field id="community-hero-subtitle" label="Hero subtitle" error={errors['sections.hero.subtitle']}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={2}
                    value={form.sections.hero.subtitle}
                    onChange={(event) => setSection('hero', { subtitle: event.target.value })}
                  />
                )}
              </Field>
              <fieldset className="radio-group">
                <legend>Hero background</legend>
                {(['color', 'image'] as const).map((type) => (
                  <label key={type} className="radio-group__option">
                    <input
                      type="radio"
                      name="community-hero-background-type"
                      value={type}
                      checked={form.sections.hero.backgroundType === type}
                      onChange={() => setSection('hero', { backgroundType: type })}
                    />
                    {type === 'color' ? 'Colour' : 'Image'}
                  </label>
                ))}
              </fieldset>
              {form.sections.hero.backgroundType === 'color' ? (
                <ColorField
                  id="community-hero-background-color"
                  label="Hero background colour"
                  value={form.sections.hero.backgroundColor}
                  error={errors['sections.hero.backgroundColor']}
                  onChange={(backgroundColor) => setSection('hero', { backgroundColor })}
                />
              ) : (
                <ImageUpload
                  label="Hero background image"
                  value={form.sections.hero.backgroundImage}
                  alt="Hero background preview"
                  error={errors['sections.hero.backgroundImage']}
                  onChange={(backgroundImage) => setSection('hero', { backgroundImage })}
                  onBusyChange={trackUpload}
                />
              )}
            </fieldset>
            <fieldset className="form-group">
              <legend>About</legend>
              <VisibleToggle
                id="community-about-visible"
                label="Show the about section"
                checked={form.sections.about.visible}
                onChange={(visible) => setSection('about', { visible })}
              />
              <Field id="community-about-content" label="About content" error={errors['sections.about.content']}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={5}
                    value={form.sections.about.content}
                    onChange={(event) => setSection('about', { content: event.target.value })}
                  />
                )}
              </Field>
            </fieldset>
            <fieldset className="form-group">
              <legend>Homes</legend>
              <VisibleToggle
                id="community-homes-visible"
                label="Show the homes section"
                checked={form.sections.homes.visible}
                onChange={(visible) => setSection('homes', { visible })}
              />
              <Field id="community-homes-title" label="Homes section title" error={errors['sections.homes.title']}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    value={form.sections.homes.title}
                    onChange={(event) => setSection('homes', { title: event.target.value })}
                  />
                )}
              </Field>
            </fieldset>
            <fieldset className="form-group">
              <legend>Builders</legend>
              <VisibleToggle
                id="community-builders-visible"
                label="Show the builders section"
                checked={form.sections.builders.visible}
                onChange={(visible) => setSection('builders', { visible })}
              />
              <Field
                id="community-builders-title"
                label="Builders section title"
                error={errors['sections.builders.title']}
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    value={form.sections.builders.title}
                    onChange={(event) => setSection('builders', { title: event.target.value })}
                  />
                )}
              </Field>
            </fieldset>
          </>,
        )}

        {part(
          'theme',
          'Theme',
          <>
            <ColorField
              id="community-primary-color"
              label="Primary colour"
              value={form.theme.primaryColor}
              error={errors['theme.primaryColor']}
              describedBy={lowContrast ? 'community-contrast-warning' : undefined}
              onChange={(primaryColor) => setTheme({ primaryColor })}
            />
            <div aria-live="polite">
              {lowContrast && (
                <p className="admin-alert content-alert--warning" data-tone="warning" id="community-contrast-warning">
                  White text on {primary.toUpperCase()} has a contrast of {contrast.toFixed(2)}:1, below the 4.5:1
                  needed for readable text. The public site will darken this colour for buttons and links; choose a
                  darker colour to use it as it is.
                </p>
              )}
            </div>
            <div className="form__row">
              <Field id="community-border-radius" label="Border radius" error={errors['theme.borderRadius']}>
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    placeholder="12px"
                    value={form.theme.borderRadius}
                    onChange={(event) => setTheme({ borderRadius: event.target.value })}
                  />
                )}
              </Field>
              <Field
                id="community-border-radius-large"
                label="Large border radius"
                error={errors['theme.borderRadiusLarge']}
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    placeholder="16px"
                    value={form.theme.borderRadiusLarge}
                    onChange={(event) => setTheme({ borderRadiusLarge: event.target.value })}
                  />
                )}
              </Field>
            </div>
            <div className="theme-preview" aria-hidden="true">
              <span
                className="theme-preview__button"
                style={{
                  background: isHexColor(primary) ? primary : undefined,
                  borderRadius: form.theme.borderRadius || undefined,
                }}
              >
                Schedule a Visit
              </span>
              <span className="theme-preview__card" style={{ borderRadius: form.theme.borderRadiusLarge || undefined }}>
                Card corners
              </span>
            </div>
          </>,
        )}

        {part(
          'homes',
          'Home models',
          <>
            <p className="content-hint">
              {form.homes.length === 0 ? 'No home models yet. ' : ''}A price can be a number (349990) or a text such as
              “From the $300s”.
            </p>
            {form.homes.map((home, index) => (
              <fieldset key={home.key} className="form-group row-group">
                <legend>Home model {index + 1}</legend>
                <div className="row-group__grid row-group__grid--homes">
                  <Field
                    id={`community-home-${home.key}-name`}
                    label="Name"
                    required
                    error={errors[`homes.${index}.name`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="text"
                        required
                        value={home.name}
                        onChange={(event) => setHome(index, { name: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={`community-home-${home.key}-price`} label="Price" error={errors[`homes.${index}.price`]}>
                    {(props) => (
                      <input
                        {...props}
                        type="text"
                        placeholder="e.g. 349990"
                        value={home.price}
                        onChange={(event) => setHome(index, { price: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field
                    id={`community-home-${home.key}-bedrooms`}
                    label="Bedrooms"
                    error={errors[`homes.${index}.bedrooms`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={20}
                        step={1}
                        value={home.bedrooms}
                        onChange={(event) => setHome(index, { bedrooms: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field
                    id={`community-home-${home.key}-bathrooms`}
                    label="Bathrooms"
                    error={errors[`homes.${index}.bathrooms`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={20}
                        step={0.5}
                        value={home.bathrooms}
                        onChange={(event) => setHome(index, { bathrooms: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={`community-home-${home.key}-sqft`} label="Sq ft" error={errors[`homes.${index}.sqft`]}>
                    {(props) => (
                      <input
                        {...props}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        value={home.sqft}
                        onChange={(event) => setHome(index, { sqft: event.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <button
                  type="button"
                  className="button button--ghost row-group__remove"
                  onClick={() => {
                    update({ homes: form.homes.filter((_, other) => other !== index) });
                    clearErrors('homes');
                  }}
                >
                  <Icon svg={TRASH} size={16} />
                  Remove home model {index + 1}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                const row = emptyHomeRow();
                update({ homes: [...form.homes, row] });
                setFocusTarget(`community-home-${row.key}-name`);
              }}
            >
              <Icon svg={PLUS} size={16} />
              Add home model
            </button>
          </>,
          form.homes.length,
        )}

        {part(
          'builders',
          'Builders',
          <>
            {form.builders.length === 0 && <p className="content-hint">No builders yet.</p>}
            {form.builders.map((builder, index) => (
              <fieldset key={builder.key} className="form-group row-group">
                <legend>Builder {index + 1}</legend>
                <div className="row-group__grid">
                  <Field
                    id={`community-builder-${builder.key}-name`}
                    label="Name"
                    required
                    error={errors[`builders.${index}.name`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="text"
                        required
                        value={builder.name}
                        onChange={(event) => setBuilder(index, { name: event.target.value })}
                      />
                    )}
                  </Field>
                  <Field
                    id={`community-builder-${builder.key}-contact`}
                    label="Contact"
                    error={errors[`builders.${index}.contact`]}
                  >
                    {(props) => (
                      <input
                        {...props}
                        type="text"
                        placeholder="Phone or email"
                        value={builder.contact}
                        onChange={(event) => setBuilder(index, { contact: event.target.value })}
                      />
                    )}
                  </Field>
                </div>
                <Field
                  id={`community-builder-${builder.key}-description`}
                  label="Description"
                  error={errors[`builders.${index}.description`]}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      value={builder.description}
                      onChange={(event) => setBuilder(index, { description: event.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="button button--ghost row-group__remove"
                  onClick={() => {
                    update({ builders: form.builders.filter((_, other) => other !== index) });
                    clearErrors('builders');
                  }}
                >
                  <Icon svg={TRASH} size={16} />
                  Remove builder {index + 1}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                const row = emptyBuilderRow();
                update({ builders: [...form.builders, row] });
                setFocusTarget(`community-builder-${row.key}-name`);
              }}
            >
              <Icon svg={PLUS} size={16} />
              Add builder
            </button>
          </>,
          form.builders.length,
        )}

        {part(
          'lists',
          'Amenities and schools',
          <>
            <TagInput
              id="community-amenities"
              label="Amenities"
              itemName="amenity"
              placeholder="e.g. Resort-style pool"
              values={form.amenities}
              error={errorAt(errors, 'amenities')}
              onChange={(amenities) => update({ amenities }, 'amenities')}
            />
            <TagInput
              id="community-schools"
              label="Schools"
              itemName="school"
              placeholder="e.g. Lamar CISD"
              values={form.schools}
              error={errorAt(errors, 'schools')}
              onChange={(schools) => update({ schools }, 'schools')}
            />
          </>,
          form.amenities.length + form.schools.length,
        )}

        {part(
          'office',
          'Sales office & costs',
          <SalesOfficeFields
            value={form.office}
            errors={errors}
            onDayChange={(day, patch) =>
              setOffice(
                (office) => ({ ...office, hours: { ...office.hours, [day]: { ...office.hours[day], ...patch } } }),
                `salesOfficeHours.${day}`,
              )
            }
            onCostChange={(field, text) =>
              setOffice(
                (office) => ({ ...office, costs: { ...office.costs, [field]: text } }),
                `ownershipCosts.${field}`,
              )
            }
          />,
        )}

        <div className="content-form__actions">
          {uploads > 0 && (
            <p className="content-hint content-form__wait" role="status">
              Waiting for the image upload to finish...
            </p>
          )}
          <button type="button" className="button button--ghost" onClick={() => void requestClose()} disabled={saving}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || conflicted}
            aria-busy={saving || undefined}
          >
            {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Community' : 'Create Community'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function VisibleToggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
