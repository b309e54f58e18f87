/**
 * Loads one admin collection through the repository (SPEC §4 "Admin reads": HTTP errors are raised; the local
 * copy answers only when the network is unreachable, flagged `offline`). `reload` refetches after a save or
 * delete; the records already shown stay on screen while it runs, and a slower earlier answer never wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { listAdmin, type AdminEntity } from '@/data/repositories/admin/content';

/** What a form reports after a save: the record, whether it was a create, and whether it only got queued. */
export interface SavedResult<T> {
  record: T;
  created: boolean;
  queued: boolean;
}

export interface AdminRecords<T> {
  status: 'loading' | 'ready' | 'error';
  records: T[];
  offline: boolean;
  /** Records with changes made on this device that the server does not have yet. */
  pendingIds: ReadonlySet<string>;
  error: unknown;
  reload: () => Promise<void>;
}

export function useAdminRecords<T>(entity: AdminEntity): AdminRecords<T> {
  const [state, setState] = useState<Omit<AdminRecords<T>, 'reload'>>({
    status: 'loading',
    records: [],
    offline: false,
    pendingIds: new Set(),
    error: undefined,
  });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const { records, offline, pendingIds } = await listAdmin(entity);
      if (request !== latest.current) return;
      setState({
        status: 'ready',
        records: records as T[],
        offline,
        pendingIds: new Set(pendingIds),
        error: undefined,
      });
    } catch (error) {
      if (request !== latest.current) return;
      setState((previous) => ({ ...previous, status: 'error', error }));
    }
  }, [entity]);

  useEffect(() => {
    void reload();
    return () => {
      // Answers arriving after the page is left are dropped.
      latest.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
