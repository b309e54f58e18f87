/**
 * Site settings (DESIGN §5 "Site settings are stored on the server"): any admin reads them (GET /api/settings),
 * a SUPER_ADMIN saves them (PUT /api/settings, only the fields that changed) through the outbox, so a change
 * made offline is kept and sent later. Reads answer the local copy only when the server cannot be reached.
 */
import {
  applySettingsUpdate,
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
  type SiteSettingsUpdate,
} from '@domain/schemas/settings';
import { NetworkUnreachableError } from '../../http-errors';
import { getJson } from '../../http-client';
import { localDb, SETTINGS_KEY } from '../../local-db';
import { listOutbox, type OutboxEntry } from '../../outbox';
import { storeSettings } from '../public-repository';
import { submitWrite } from './write';

export interface AdminSettingsResult {
  settings: SiteSettings;
  /** True when the server could not be reached and this is the copy saved on this device. */
  offline: boolean;
  /** True when a settings change made on this device has not reached the server yet. */
  pending: boolean;
}

const isOnItsWay = (entry: OutboxEntry) =>
  entry.entity === 'settings' && (entry.state === 'pending' || entry.state === 'sending');

/** `settings` with this device's queued settings changes applied (field by field, as the server does). */
function withQueuedChanges(settings: SiteSettings, entries: readonly OutboxEntry[]): { settings: SiteSettings; pending: boolean } {
  const queued = entries.filter(isOnItsWay).sort((a, b) => a.createdAt - b.createdAt);
  let merged = settings;
  for (const entry of queued) merged = applySettingsUpdate(merged, entry.payload as SiteSettingsUpdate);
  return { settings: merged, pending: queued.length > 0 };
}

async function localSettings(): Promise<SiteSettings> {
  return (await localDb().settings.get(SETTINGS_KEY))?.value ?? DEFAULT_SITE_SETTINGS;
}

/** The settings with the offline flag (for the "Offline: showing the copy saved on this device" banner). */
export async function loadAdminSettings(): Promise<AdminSettingsResult> {
  let settings: SiteSettings;
  let offline = false;
  try {
    settings = await getJson<SiteSettings>('settings');
    await storeSettings(settings).catch((error: unknown) => console.warn('Could not keep a local copy', error));
  } catch (serverError) {
    if (!(serverError instanceof NetworkUnreachableError)) throw serverError;
    try {
      settings = await localSettings();
    } catch (localError) {
      console.warn('Local copy unavailable', localError);
      throw serverError;
    }
    offline = true;
  }
  const view = withQueuedChanges(settings, await listOutbox().catch(() => []));
  return { ...view, offline };
}

/** GET settings; offline, the local copy. */
export async function getAdminSettings(): Promise<SiteSettings> {
  return (await loadAdminSettings()).settings;
}

/**
 * Saves the settings given (general, appearance, seo) through the outbox. Resolves the server's settings, or,
 * when queued, the settings as this device now shows them. Throws ApiError when refused (403 "Super admin
 * access required", 400 with `details`) and ApiError 401 when the session expired (the change stays queued).
 *
 * `base`, the settings as the form loaded them: only the fields that differ from it are sent, and the server keeps
 * the fields not sent, so a save of the contact phone made offline does not put back, when it syncs, the site name
 * or the SEO title another super admin changed meanwhile (docs/decisions.md). Without `base` the groups given are
 * sent whole.
 */
export async function saveSettings(
  settings: Partial<SiteSettings>,
  base?: SiteSettings,
): Promise<{ settings: SiteSettings; queued: boolean }> {
  const payload = base ? changedSettingsFields(settings, base) : withoutEmptyGroups(settings);
  if (base && Object.keys(payload).length === 0) {
    const view = withQueuedChanges(await localSettings(), await listOutbox());
    return { settings: view.settings, queued: false };
  }
  const outcome = await submitWrite({
    entity: 'settings',
    op: 'update',
    entityId: SETTINGS_KEY,
    method: 'PUT',
    path: 'settings',
    payload,
  });
  if (outcome.status === 'delivered' && outcome.body && typeof outcome.body === 'object') {
    return { settings: outcome.body as SiteSettings, queued: false };
  }
  const view = withQueuedChanges(await localSettings(), await listOutbox());
  return { settings: view.settings, queued: outcome.status === 'queued' };
}

function withoutEmptyGroups(settings: Partial<SiteSettings>): SiteSettingsUpdate {
  return Object.fromEntries(Object.entries(settings).filter(([, fields]) => fields !== undefined));
}

/** The fields of `settings` whose value differs from `base`, group by group; groups with none are left out. */
export function changedSettingsFields(settings: Partial<SiteSettings>, base: SiteSettings): SiteSettingsUpdate {
  const update: Record<string, Record<string, unknown>> = {};
  for (const [group, fields] of Object.entries(settings) as [keyof SiteSettings, Record<string, unknown>][]) {
    if (!fields) continue;
    const before = base[group] as Record<string, unknown>;
    const changed = Object.entries(fields).filter(([field, value]) => value !== before[field]);
    if (changed.length > 0) update[group] = Object.fromEntries(changed);
  }
  return update;
}
