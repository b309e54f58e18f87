/** /admin/settings: General, Appearance, SEO and Password tabs (SPEC §2 "Settings page"). */
import { SettingsPage } from '@/features/admin/settings/settings-page';

export function Component() {
  return <SettingsPage />;
}
