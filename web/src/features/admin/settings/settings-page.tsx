/**
 * Settings (SPEC §2 "Settings page", DESIGN §5 "Site settings"): tabs General, Appearance, SEO and Password.
 * General, appearance and SEO are stored on the server and applied to the public site; saving keeps the spec's
 * ~1 s 'Saving...' state and shows 'Settings saved successfully!' for 3 s. Only a SUPER_ADMIN saves them
 * (SPEC §6); other admins see them read-only. The Password tab is every admin's own password.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  SEO_DESCRIPTION_HINT,
  SEO_TITLE_HINT,
  SIMULATED_SETTINGS_SAVE_MS,
  SUCCESS_MESSAGE_MS,
} from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { siteSettingsSchema, type SiteSettings } from '@domain/schemas/settings';
import { Field } from '@/components/field';
import { loadAdminSettings, saveSettings } from '@/data/repositories/admin/settings';
import { AdminActionError } from '@/data/repositories/admin/errors';
import { ApiError } from '@/data/errors';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';
import { useTimedMessage } from '../shared/use-timed-message';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { PasswordForm } from './password-form';

const TABS = [
  { id: 'general', label: 'General' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'seo', label: 'SEO' },
  { id: 'password', label: 'Password' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const FIELD_TAB: Record<keyof SiteSettings, TabId> = { general: 'general', appearance: 'appearance', seo: 'seo' };

const HEX = /^#[0-9a-fA-F]{6}$/;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sameSettings = (a: SiteSettings | null, b: SiteSettings | null) => JSON.stringify(a) === JSON.stringify(b);

type Errors = Partial<Record<string, string>>;

/** Field errors by path ('general.contactEmail'), first message per field. */
function validate(settings: SiteSettings): Errors {
  const result = siteSettingsSchema.safeParse(settings);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

function serverFieldErrors(error: unknown): Errors {
  const details = error instanceof ApiError || error instanceof AdminActionError ? (error.details ?? []) : [];
  const errors: Errors = {};
  for (const detail of details) errors[detail.path.replace(/^\//, '').replaceAll('/', '.')] ??= detail.message;
  return errors;
}

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

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function SettingsPage() {
  const { user } = useAdminSession();
  const canEdit = user?.role === 'SUPER_ADMIN';
  const [searchParams] = useSearchParams();
  const initialTab = TABS.some((tab) => tab.id === searchParams.get('tab'))
    ? (searchParams.get('tab') as TabId)
    : 'general';
  const [tab, setTab] = useState<TabId>(initialTab);
  const [saved, setSaved] = useState<SiteSettings | null>(null);
  const [draft, setDraft] = useState<SiteSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [message, showMessage, clearMessage] = useTimedMessage();
  const [queuedNote, setQueuedNote] = useState(false);
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const baseId = useId();

  const dirty = canEdit && draft !== null && !sameSettings(draft, saved);
  useUnsavedChangesGuard(dirty, 'admin-settings');

  useEffect(() => {
    let active = true;
    loadAdminSettings().then(
      (result) => {
        if (!active) return;
        setSaved(result.settings);
        setDraft(result.settings);
        setOffline(result.offline);
      },
      () => active && setLoadError('Failed to load settings. Please try again.'),
    );
    return () => {
      active = false;
    };
  }, []);

  const update = <G extends keyof SiteSettings>(group: G, field: keyof SiteSettings[G], value: string) => {
    setDraft((current) => (current ? { ...current, [group]: { ...current[group], [field]: value } } : current));
    const key = `${String(group)}.${String(field)}`;
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !canEdit || saving) return;
    const found = validate(draft);
    setErrors(found);
    const firstKey = Object.keys(found)[0];
    if (firstKey) {
      const group = firstKey.split('.')[0] as keyof SiteSettings;
      setTab(FIELD_TAB[group] ?? tab);
      clearMessage();
      return;
    }
    setSaving(true);
    clearMessage();
    setQueuedNote(false);
    try {
      // The spec's ~1 s saving state, however fast the server is.
      const [result] = await Promise.all([saveSettings(draft), delay(SIMULATED_SETTINGS_SAVE_MS)]);
      setSaved(result.settings);
      setDraft(result.settings);
      setQueuedNote(result.queued);
      showMessage(MESSAGES.settingsSaved, 'success', SUCCESS_MESSAGE_MS);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      showMessage(MESSAGES.settingsSaveFailed, 'error', SUCCESS_MESSAGE_MS * 2);
    } finally {
      setSaving(false);
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next]!.id;
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;
  const fieldId = (key: string) => `${baseId}-${key.replace('.', '-')}`;

  const textField = (
    group: keyof SiteSettings,
    field: string,
    label: string,
    options: { type?: string; multiline?: boolean; placeholder?: string; hint?: ReactNode; hintId?: string } = {},
  ) => {
    const key = `${group}.${field}`;
    const value = draft ? String((draft[group] as Record<string, string>)[field] ?? '') : '';
    return (
      <Field id={fieldId(key)} label={label} error={errors[key]}>
        {(props) => {
          const common = {
            ...props,
            'aria-describedby': describedBy(props['aria-describedby'], options.hintId),
            value,
            readOnly: !canEdit,
            placeholder: options.placeholder,
            onChange: (event: { target: { value: string } }) =>
              update(group, field as keyof SiteSettings[typeof group], event.target.value),
          };
          return (
            <>
              {options.multiline ? (
                <textarea {...common} rows={4} />
              ) : (
                <input {...common} type={options.type ?? 'text'} />
              )}
              {options.hint}
            </>
          );
        }}
      </Field>
    );
  };

  const saveBar = canEdit ? (
    <div className="admin-form__actions">
      <button type="submit" className="button button--primary" disabled={saving || !draft}>
        {saving ? 'Saving...' : 'Save Settings'}
      </button>
      {dirty && !saving && <span className="admin-muted admin-small">Unsaved changes</span>}
    </div>
  ) : null;

  const color = draft?.appearance.primaryColor ?? '';
  const titleHintId = `${baseId}-title-hint`;
  const descriptionHintId = `${baseId}-description-hint`;

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Site name, contact details, look, search appearance and your password."
      />
      <OfflineBanner offline={offline && tab !== 'password'} />
      {!canEdit && tab !== 'password' && (
        <div className="admin-alert" data-tone="info" role="note">
          <p>Only Super Admins can change site settings. You can view them here and change your own password.</p>
        </div>
      )}
      <div className="admin-card admin-form">
        <div className="admin-tabs" role="tablist" aria-label="Settings sections">
          {TABS.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[item.id] = element;
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              className="admin-tab"
              aria-selected={tab === item.id}
              aria-controls={panelId(item.id)}
              tabIndex={tab === item.id ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {item.label}
            </button>
          ))}
        </div>

        {message && tab !== 'password' && (
          <div className="admin-alert" data-tone={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
            <p>{message.text}</p>
            {message.tone === 'success' && queuedNote && (
              <p className="admin-small">Saved on this device; it will be sent to the server once you are online.</p>
            )}
          </div>
        )}
        {saving && (
          <p className="admin-muted" role="status">
            Saving...
          </p>
        )}

        {tab !== 'password' && loadError && (
          <div className="admin-alert" data-tone="error" role="alert">
            <p>{loadError}</p>
          </div>
        )}
        {tab !== 'password' && !draft && !loadError && (
          <p className="admin-loading" role="status">
            Loading settings…
          </p>
        )}

        {draft && tab !== 'password' && (
          <form
            className="admin-form"
            onSubmit={(event) => void onSave(event)}
            noValidate
            role="tabpanel"
            id={panelId(tab)}
            aria-labelledby={tabId(tab)}
          >
            {tab === 'general' && (
              <>
                <div className="admin-form__grid">
                  {textField('general', 'siteName', 'Site Name')}
                  {textField('general', 'contactEmail', 'Contact Email', { type: 'email' })}
                  {textField('general', 'contactPhone', 'Contact Phone', { type: 'tel' })}
                </div>
                {textField('general', 'siteDescription', 'Site Description', { multiline: true })}
              </>
            )}
            {tab === 'appearance' && (
              <div className="admin-form__grid">
                <div className="field" data-invalid={errors['appearance.primaryColor'] ? 'true' : undefined}>
                  <label htmlFor={fieldId('appearance.primaryColor')}>Primary Color</label>
                  <div className="admin-color">
                    <input
                      type="color"
                      aria-label="Primary Color picker"
                      value={HEX.test(color) ? color.toLowerCase() : '#000000'}
                      disabled={!canEdit}
                      onChange={(event) => update('appearance', 'primaryColor', event.target.value.toUpperCase())}
                    />
                    <input
                      id={fieldId('appearance.primaryColor')}
                      type="text"
                      value={color}
                      maxLength={7}
                      spellCheck={false}
                      autoComplete="off"
                      placeholder="#007AFF"
                      readOnly={!canEdit}
                      aria-invalid={errors['appearance.primaryColor'] ? true : undefined}
                      aria-describedby={
                        errors['appearance.primaryColor'] ? `${fieldId('appearance.primaryColor')}-error` : undefined
                      }
                      onChange={(event) => update('appearance', 'primaryColor', event.target.value)}
                    />
                  </div>
                  {errors['appearance.primaryColor'] && (
                    <p className="field__error" id={`${fieldId('appearance.primaryColor')}-error`}>
                      {errors['appearance.primaryColor']}
                    </p>
                  )}
                </div>
                {textField('appearance', 'logoUrl', 'Logo URL', {
                  type: 'url',
                  placeholder: 'https://… or /uploads/…',
                })}
                {textField('appearance', 'favicon', 'Favicon URL', {
                  type: 'url',
                  placeholder: 'https://… or /favicon.ico',
                })}
              </div>
            )}
            {tab === 'seo' && (
              <>
                {textField('seo', 'metaTitle', 'Meta Title', {
                  hintId: titleHintId,
                  hint: <LengthHint id={titleHintId} length={draft.seo.metaTitle.length} hint={SEO_TITLE_HINT} />,
                })}
                {textField('seo', 'metaDescription', 'Meta Description', {
                  multiline: true,
                  hintId: descriptionHintId,
                  hint: (
                    <LengthHint
                      id={descriptionHintId}
                      length={draft.seo.metaDescription.length}
                      hint={SEO_DESCRIPTION_HINT}
                    />
                  ),
                })}
                {textField('seo', 'metaKeywords', 'Meta Keywords', {
                  hintId: `${baseId}-keywords-hint`,
                  placeholder: 'new homes, Houston, communities',
                  hint: (
                    <p className="field__hint" id={`${baseId}-keywords-hint`}>
                      Separate keywords with commas.
                    </p>
                  ),
                })}
              </>
            )}
            {saveBar}
          </form>
        )}

        {/* Kept mounted, so typed passwords survive a look at another tab. */}
        <div role="tabpanel" id={panelId('password')} aria-labelledby={tabId('password')} hidden={tab !== 'password'}>
          <PasswordForm />
        </div>
      </div>
    </>
  );
}
