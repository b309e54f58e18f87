/** /admin/contacts: the lead inbox (DESIGN §6). */
import { LeadsPage } from '@/features/admin/leads/leads-page';

export function Component() {
  return <LeadsPage />;
}
