/**
 * The site settings form (SPEC §2 "Settings page", DESIGN §5 "Site settings"): a draft of the loaded settings,
 * checked with the domain's schema on save (the first invalid group's tab opens), saved through the outbox with the
 * spec's ~1 s 'Saving...' state, then 'Settings saved successfully!' for 3 s; a refusal places the server's field
 * errors. Only a SUPER_ADMIN edits (SPEC §6).
 */
import { useState, type FormEvent } from 'react';
import { SIMULATED_SETTINGS_SAVE_MS, SUCCESS_MESSAGE_MS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { siteSettingsSchema, type SiteSettings } from '@domain/schemas/settings';
import { ApiError } from '@/data/http-errors';
import { AdminActionError } from '@/data/repositories/admin/errors';
import { saveSettings } from '@/data/repositories/admin/settings';
import { useTimedMessage } from '../shared/use-timed-message';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';

/** Field errors by path ('general.contactEmail'), first message per field. */
export type SettingsErrors = Partial<Record<string, string>>;
export type SettingsGroup = keyof SiteSettings;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sameSettings = (a: SiteSettings | null, b: SiteSettings | null) => JSON.stringify(a) === JSON.stringify(b);

function validate(settings: SiteSettings): SettingsErrors {
  const result = siteSettingsSchema.safeParse(settings);
  if (result.success) return {};
  const errors: SettingsErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

function serverFieldErrors(error: unknown): SettingsErrors {
  const details = error instanceof ApiError || error instanceof AdminActionError ? (error.details ?? []) : [];
  const errors: SettingsErrors = {};
  for (const detail of details) errors[detail.path.replace(/^\//, '').replaceAll('/', '.')] ??= detail.message;
  return errors;
}

export function useSettingsForm({
  loaded,
  canEdit,
  onInvalid,
}: {
  /** The settings as loaded; the draft starts from the first. */
  loaded: SiteSettings | undefined;
  canEdit: boolean;
  /** A save found errors: the group of the first one. */
  onInvalid: (group: SettingsGroup) => void;
}) {
  const [saved, setSaved] = useState<SiteSettings | null>(null);
  const [draft, setDraft] = useState<SiteSettings | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [message, showMessage, clearMessage] = useTimedMessage();
  const [queuedNote, setQueuedNote] = useState(false);
  if (loaded && saved === null) {
    setSaved(loaded);
    setDraft(loaded);
  }

  const dirty = canEdit && draft !== null && !sameSettings(draft, saved);
  useUnsavedChangesGuard(dirty, 'admin-settings');

  const update = <G extends SettingsGroup>(group: G, field: keyof SiteSettings[G], value: string) => {
    setDraft((current) => (current ? { ...current, [group]: { ...current[group], [field]: value } } : current));
    const key = `${String(group)}.${String(field)}`;
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !canEdit || saving) return;
    const found = validate(draft);
    setErrors(found);
    const firstKey = Object.keys(found)[0];
    if (firstKey) {
      onInvalid(firstKey.split('.')[0] as SettingsGroup);
      clearMessage();
      return;
    }
    setSaving(true);
    clearMessage();
    setQueuedNote(false);
    try {
      // The spec's ~1 s saving state, however fast the server is.
      const [result] = await Promise.all([saveSettings(draft, saved ?? undefined), delay(SIMULATED_SETTINGS_SAVE_MS)]);
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

  return { draft, errors, saving, message, queuedNote, dirty, canEdit, update, save };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
