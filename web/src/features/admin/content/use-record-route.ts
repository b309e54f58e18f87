/**
 * A content page's address (issue 18): the list at /admin/<entity>, and one record's editor at /admin/<entity>/<id>
 * (or /new to create). Both carry the list's search params (its table's sort, filters, page, view), so opening and
 * closing an editor keeps the list as it was. A record can so be linked, bookmarked and reopened after a reload,
 * and the browser's Back closes its editor. The record comes from the page's list, which is this device's copy
 * when offline, so a record address opens offline too.
 *
 * - The editor keeps the record as it was when it opened: a list refetched meanwhile (a reconnection) must not
 *   slip a newer version under the form, or its save would overwrite a colleague's change instead of conflicting.
 * - Closing an editor opened from the list goes back one entry, so Back after a close leaves the list instead of
 *   reopening the record; an editor opened by address (a link, a reload) is replaced by its list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AdminEntity } from '@/data/repositories/admin/content';

/** The address segment of the create form: /admin/<entity>/new. */
export const NEW_RECORD = 'new';

/** Set on the history entry of an editor opened from its list: the list entry's search, just before it. */
interface RecordRouteState {
  listSearch?: string;
}

export function useRecordRoute<T extends { id: string }>(
  entity: AdminEntity,
  /** 'community', 'listing', 'property': for the not-found message. */
  noun: string,
  records: readonly T[],
  /** The list has loaded (from the server or this device), so a record it lacks is really missing. */
  loaded: boolean,
) {
  const { recordId } = useParams<{ recordId?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/admin/${entity}`;
  const creating = recordId === NEW_RECORD;
  const wantedId = recordId && !creating ? recordId : undefined;

  const [opened, setOpened] = useState<T>();
  const found = wantedId ? records.find((record) => record.id === wantedId) : undefined;
  // Adjusting state while rendering (React's pattern for state derived from props): no render shows a stale record.
  if (found && opened?.id !== wantedId) setOpened(found);
  if (!wantedId && opened) setOpened(undefined);
  const record = opened && opened.id === wantedId ? opened : found;

  const { search } = location;
  const state = location.state as RecordRouteState | null;
  // Going back is right only when the entry before is the list with these very filters.
  const backToList = state?.listSearch === search;

  /** Opens a record's editor (NEW_RECORD to create one), or shows the list (undefined), with the same filters. */
  const go = useCallback(
    (target: string | undefined) => {
      const pathname = target ? `${base}/${encodeURIComponent(target)}` : base;
      if (!target && backToList) {
        void navigate(-1);
      } else if (recordId) {
        // From one editor to another (or to the list): the entry is replaced, so Back still leads to the list.
        void navigate({ pathname, search }, { replace: true, state });
      } else {
        void navigate({ pathname, search }, { state: { listSearch: search } satisfies RecordRouteState });
      }
    },
    [base, backToList, recordId, search, state, navigate],
  );
  const close = useCallback(() => go(undefined), [go]);

  useReturnFocus(wantedId);

  return {
    recordId,
    record,
    creating,
    /** An editor shows: the create form, or the record the address names once the list holds it. */
    open: creating || Boolean(record),
    /** The address names a record the loaded list does not hold (deleted, or a wrong link). */
    missingText: wantedId && !record && loaded ? `This ${noun} was not found. It may have been deleted.` : undefined,
    go,
    close,
  };
}

/**
 * When an editor closes and the focus was left nowhere (a form panel removed, a modal opened by address), it goes
 * to the record's first button in the list, so a keyboard user continues where the record is.
 */
function useReturnFocus(openId: string | undefined): void {
  const previousId = useRef(openId);
  useEffect(() => {
    const closedId = previousId.current;
    previousId.current = openId;
    if (!closedId || openId) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-record-id="${CSS.escape(closedId)}"] button`)?.focus();
  }, [openId]);
}
