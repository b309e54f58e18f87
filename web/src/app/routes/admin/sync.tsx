/** /admin/sync: changes waiting on this device, conflicts and refused changes (DESIGN §5). */
import { SyncPage } from '@/features/admin/sync/sync-page';

export function Component() {
  return <SyncPage />;
}
