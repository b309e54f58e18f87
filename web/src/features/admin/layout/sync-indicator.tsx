/**
 * The sidebar's sync indicator (DESIGN §5 "A visible sync indicator shows pending, conflicts and last sync"):
 * changes waiting to be sent, conflicts and refused changes (linking to the Sync page), changes the device's storage
 * has not taken yet (data/sync-status.ts, timeStorageWait), and the last delivery.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRelative } from '../shared/date-time-format';
import { useOnline } from '../shared/use-online';
import type { SyncStatus } from '@/data/repositories/admin/sync-center';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function syncState(status: SyncStatus): 'ok' | 'pending' | 'attention' {
  if (status.conflicts > 0 || status.failed > 0 || status.pausedForAuth || status.waitingForStorage > 0)
    return 'attention';
  return status.pending > 0 ? 'pending' : 'ok';
}

export function SyncIndicator({ status }: { status: SyncStatus }) {
  const online = useOnline();
  // Re-render now and then so "5 min ago" stays true.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const state = syncState(status);
  const title = status.draining
    ? 'Syncing…'
    : !online
      ? 'Offline'
      : state === 'ok'
        ? 'All changes synced'
        : state === 'pending'
          ? 'Changes waiting'
          : 'Sync needs attention';

  return (
    <section className="admin-sync" data-state={state} aria-label="Sync status">
      <div className="admin-sync__title" aria-live="polite">
        <span className="admin-sync__dot" aria-hidden="true" />
        {title}
      </div>
      <div>{status.pending > 0 ? `${plural(status.pending, 'change', 'changes')} pending` : 'No pending changes'}</div>
      {status.conflicts > 0 && (
        <Link to="/admin/sync">{plural(status.conflicts, 'conflict', 'conflicts')} to resolve</Link>
      )}
      {status.failed > 0 && <Link to="/admin/sync">{plural(status.failed, 'change', 'changes')} refused</Link>}
      {status.pausedForAuth && <div>Paused until you log in again</div>}
      {status.waitingForStorage > 0 && (
        <div role="alert">
          {plural(status.waitingForStorage, 'change is', 'changes are')} not on this device yet: its storage is not
          answering. Keep this page open; if it lasts, note the change, then close the browser completely and open it
          again.
        </div>
      )}
      <div>Last sync: {status.lastSyncAt ? formatRelative(status.lastSyncAt, now) : 'never'}</div>
    </section>
  );
}
