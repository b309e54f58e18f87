/** /admin/contacts: the lead inbox (DESIGN §6). */
import { LeadsPage } from '../../../features/admin/leads/leads-page';
import { adminHandle } from '../../../features/admin/shared/admin-head';

export const handle = adminHandle('Leads');

export function Component() {
  return <LeadsPage />;
}
