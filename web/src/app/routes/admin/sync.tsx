/** /admin/sync: changes waiting on this device, conflicts and refused changes (DESIGN §5). */
import { SyncPage } from '../../../features/admin/sync/sync-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Sync');

export function Component() {
  return <SyncPage />;
}
