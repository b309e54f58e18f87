/**
 * What the three content pages (communities, listings, properties; SPEC §2, §8) share: their list, read through
 * TanStack Query and refetched after every save and delete (the rows already shown stay while it runs); the record
 * to reveal after a save; the page alert; and delete, with its confirmation, toasts and alert.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { deleteAdmin, type AdminEntity, type AdminRecord } from '@/data/repositories/admin/content';
import { adminKeys, recordsQuery } from '../shared/admin-queries';
import { useConfirm } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast-stack';
import { deletedOnDevice, savedOnDevice } from './queued-messages';
import { isConflict, serverText } from './save-errors';
import type { SavedResult } from './use-record-form';
import { useRevealRecord } from './use-reveal-record';

export interface PageAlertState {
  conflict?: boolean;
  message?: string;
}

export interface RecordListTexts<T> {
  /** 'Community', 'Listing', 'Property': the noun of the toasts for changes queued on this device. */
  noun: string;
  created: string;
  updated: string;
  deleted: string;
  deleteFailed: string;
  deleteConfirm: (record: T) => string;
  /** The page alert of a refused delete adds the server's reason (the 409 of a community with listings). */
  deleteReason: boolean;
}

const NO_RECORDS: never[] = [];

export function useRecordList<E extends AdminEntity>(entity: E, texts: RecordListTexts<AdminRecord<E>>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const { data, status, error } = useQuery(recordsQuery(entity));
  const records: AdminRecord<E>[] = data?.records ?? NO_RECORDS;
  const [revealId, setRevealId] = useRevealRecord(records);
  const [alert, setAlert] = useState<PageAlertState>({});
  const [deletingId, setDeletingId] = useState<string>();

  /** Loads the list again (after a save, a delete, a conflict, or the retry of a failed load). */
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.records(entity) });
  }, [queryClient, entity]);

  const onSaved = ({ record, created, queued }: SavedResult<AdminRecord<E>>) => {
    setRevealId(record.id);
    setAlert({});
    toast.success(queued ? savedOnDevice(texts.noun) : created ? texts.created : texts.updated);
    refresh();
  };

  /** Deletes after the confirmation; `onDeleted` runs once the delete is done or queued. */
  const remove = async (record: AdminRecord<E>, onDeleted?: () => void) => {
    if (!(await confirm(texts.deleteConfirm(record), { confirmLabel: 'Delete', danger: true }))) return;
    setDeletingId(record.id);
    try {
      const { queued } = await deleteAdmin(entity, record.id, record.version);
      // The row (and its pressed Delete button) goes: the focus moves to the page's content, not to the document.
      document.getElementById('admin-main')?.focus({ preventScroll: true });
      setAlert({});
      onDeleted?.();
      toast.success(queued ? deletedOnDevice(texts.noun) : texts.deleted);
    } catch (caught) {
      toast.error(texts.deleteFailed);
      const reason = texts.deleteReason ? serverText(caught) : undefined;
      setAlert(
        isConflict(caught)
          ? { conflict: true }
          : { message: reason ? `${texts.deleteFailed}: ${reason}` : texts.deleteFailed },
      );
    } finally {
      setDeletingId(undefined);
      refresh();
    }
  };

  return {
    status,
    error,
    records,
    offline: data?.offline ?? false,
    pendingIds: data?.pendingIds ?? NO_RECORDS,
    refresh,
    revealId,
    alert,
    dismissAlert: () => setAlert({}),
    deletingId,
    onSaved,
    remove,
  };
}
