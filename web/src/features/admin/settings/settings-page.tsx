/**
 * Settings (SPEC §2 "Settings page", DESIGN §5 "Site settings"): tabs General, Appearance, SEO and Password.
 * General, appearance and SEO are stored on the server and applied to the public site; saving keeps the spec's
 * ~1 s 'Saving...' state and shows 'Settings saved successfully!' for 3 s. Only a SUPER_ADMIN saves them
 * (SPEC §6); other admins see them read-only. The Password tab is every admin's own password.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdminAlert, TimedMessageAlert } from '../shared/admin-alert';
import { settingsQuery } from '../shared/admin-queries';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';
import { PasswordForm } from './password-form';
import { AppearanceFields, GeneralFields, SeoFields } from './settings-fields';
import { isSettingsTab, SettingsTabList, type SettingsTab } from './settings-tabs';
import { useSettingsForm } from './use-settings-form';

const PANELS = { general: GeneralFields, appearance: AppearanceFields, seo: SeoFields };

export function SettingsPage() {
  const { user } = useAdminSession();
  const canEdit = user?.role === 'SUPER_ADMIN';
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<SettingsTab>(() => {
    const requested = searchParams.get('tab');
    return isSettingsTab(requested) ? requested : 'general';
  });
  // Loaded once: a form being edited is not replaced by a later answer (no refetch when the connection returns).
  const settings = useQuery({ ...settingsQuery(), refetchOnReconnect: false });
  const form = useSettingsForm({ loaded: settings.data?.settings, canEdit, onInvalid: setTab });
  const { draft, saving, message } = form;
  const baseId = useId();

  const tabId = (id: SettingsTab) => `${baseId}-tab-${id}`;
  const panelId = (id: SettingsTab) => `${baseId}-panel-${id}`;
  const siteTab = tab === 'password' ? null : tab;
  const Panel = siteTab ? PANELS[siteTab] : null;

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Site name, contact details, look, search appearance and your password."
      />
      <OfflineBanner offline={Boolean(settings.data?.offline) && siteTab !== null} />
      {!canEdit && siteTab && (
        <AdminAlert tone="info" role="note">
          Only Super Admins can change site settings. You can view them here and change your own password.
        </AdminAlert>
      )}
      <div className="admin-card admin-form">
        <SettingsTabList tab={tab} onChange={setTab} tabId={tabId} panelId={panelId} />

        <TimedMessageAlert
          message={siteTab ? message : null}
          busy={saving && 'Saving...'}
          extra={
            message?.tone === 'success' &&
            form.queuedNote && (
              <p className="admin-small">Saved on this device; it will be sent to the server once you are online.</p>
            )
          }
        />

        {/* One panel for the three site tabs: the loading note and a load error are inside it, so the selected tab
            always controls a panel that is on the page. */}
        {siteTab && (
          <div role="tabpanel" id={panelId(siteTab)} aria-labelledby={tabId(siteTab)}>
            {settings.isError && <AdminAlert tone="error">Failed to load settings. Please try again.</AdminAlert>}
            {!draft && !settings.isError && (
              <p className="admin-loading" role="status">
                Loading settings…
              </p>
            )}
            {draft && Panel && (
              <form className="admin-form" onSubmit={(event) => void form.save(event)} noValidate>
                <Panel form={form} idPrefix={baseId} />
                {canEdit && (
                  <div className="admin-form__actions">
                    <button type="submit" className="button button--primary" disabled={saving || !draft}>
                      {saving ? 'Saving...' : 'Save Settings'}
                    </button>
                    {form.dirty && !saving && <span className="admin-muted admin-small">Unsaved changes</span>}
                  </div>
                )}
              </form>
            )}
          </div>
        )}

        {/* Kept mounted, so typed passwords survive a look at another tab. */}
        <div role="tabpanel" id={panelId('password')} aria-labelledby={tabId('password')} hidden={tab !== 'password'}>
          <PasswordForm />
        </div>
      </div>
    </>
  );
}
