/** /admin/settings: General, Appearance, SEO and Password tabs (SPEC §2 "Settings page"). */
import { SettingsPage } from '../../../features/admin/settings/settings-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Settings');

export function Component() {
  return <SettingsPage />;
}
