/**
 * The top of an admin records page (communities, listings, properties): the title with its Add button, the
 * offline banner, the list's page alert (a refused delete, a conflict, a failed reload) and the one for an address
 * that names a record this device does not have. The three pages show these alike, in this order.
 */
import { Icon } from '@/components/icon';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { PageAlert } from './form-alert';
import { PLUS } from './icons';
import type { PageAlertState } from './use-record-list';

export function RecordPageTop({
  title,
  addLabel,
  onAdd,
  offline,
  list,
  editor,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  offline: boolean;
  list: { alert: PageAlertState; dismissAlert: () => void };
  editor: { missingText: string | undefined; close: () => void };
}) {
  return (
    <>
      <AdminPageHeader
        title={title}
        actions={
          <button type="button" className="button button--primary" onClick={onAdd}>
            <Icon svg={PLUS} size={18} />
            {addLabel}
          </button>
        }
      />
      <OfflineBanner offline={offline} />
      <PageAlert {...list.alert} onDismiss={list.dismissAlert} />
      <PageAlert message={editor.missingText} onDismiss={editor.close} />
    </>
  );
}
