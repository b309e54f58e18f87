/**
 * The Sync page (DESIGN §5 "Outbox and sync worker"): changes made on this device that the server does not have
 * yet. Conflicts (412) show both versions field by field, differences highlighted, with 'Keep mine' and 'Take
 * theirs'; refused changes (400/404/422...) show the server's message and the change itself with Retry and Discard; the rest wait their turn.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { outboxEntriesStore } from '@/data/repositories/admin/outbox-live';
import { heldForAnotherAdmin, syncNow, type OutboxEntry } from '@/data/repositories/admin/sync-center';
import { AdminAlert } from '../shared/admin-alert';
import { useConfirm } from '../shared/confirm-dialog';
import { errorMessage } from '../shared/error-checks';
import { formatDateTime, formatRelative } from '../shared/date-time-format';
import { focusLeftWith, softDisabled } from '../shared/keep-focus';
import { AdminPageHeader } from '../shared/page-header';
import { useToast } from '../shared/toast-stack';
import { useOnline } from '../shared/use-online';
import { useAdminSession } from '../shared/use-session';
import { useSyncStatus } from '../layout/use-sync-status';
import { ConflictView } from './conflict-view';
import { CONFLICT, HELD, REFUSED, type EntryAction, type StuckKind } from './entry-actions';
import { entryTitle, ENTITY_LABELS, OP_LABELS } from './entry-labels';
import { focusAfterResolve } from './focus-after-resolve';
import { RefusedView } from './refused-view';

/** The id of a stuck change's card heading (focused once the card before it is resolved). */
const cardTitleId = (entryId: string) => `sync-entry-${entryId}`;
const EMPTY_TITLE_ID = 'sync-everything-synced';
const WAITING_TITLE_ID = 'sync-waiting';

function EntryHead({ entry, tone, badge }: { entry: OutboxEntry; tone: string; badge: string }) {
  return (
    <div className="admin-entry__head">
      <span className="admin-badge" data-tone={tone}>
        {badge}
      </span>
      <h3 id={cardTitleId(entry.id)} tabIndex={-1}>
        {OP_LABELS[entry.op] ?? entry.op} {ENTITY_LABELS[entry.entity] ?? entry.entity}: {entryTitle(entry)}
      </h3>
      <span className="admin-muted admin-small" style={{ marginLeft: 'auto' }}>
        Changed {formatDateTime(entry.createdAt)}
      </span>
    </div>
  );
}

/**
 * A stuck change: its head, what went wrong (children), and its buttons, soft-disabled while an action runs (the
 * focus stays on the pressed one, also when the action fails).
 */
function EntryCard({
  entry,
  kind: { tone, badge, actions },
  busy,
  onAct,
  children,
}: {
  entry: OutboxEntry;
  kind: StuckKind;
  busy: boolean;
  onAct: (entry: OutboxEntry, action: EntryAction, pressed: HTMLButtonElement) => void;
  children: ReactNode;
}) {
  return (
    <article className="admin-card admin-entry" aria-label={`${badge}: ${entryTitle(entry)}`}>
      <EntryHead entry={entry} tone={tone} badge={badge} />
      {children}
      <div className="admin-form__actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`button button--${action.variant} button--small`}
            {...softDisabled(busy, (event) => onAct(entry, action, event.currentTarget))}
          >
            {action.label}
          </button>
        ))}
      </div>
    </article>
  );
}

/** Another admin's change, waiting for that admin's login (outbox-entry.ts queuedBy): shown apart, with Send as me and Discard. */
const isHeldFor = (entry: OutboxEntry, signedInId: string | null) =>
  entry.state === 'pending' && heldForAnotherAdmin(entry, signedInId);

export function SyncPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const online = useOnline();
  const status = useSyncStatus();
  const signedInId = useAdminSession().user?.id ?? null;
  // Live: the list follows every change of the outbox, in this tab or another one.
  const entries = useSyncExternalStore(outboxEntriesStore.subscribe, outboxEntriesStore.getSnapshot);
  const [busy, setBusy] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  // The card acted on, its place among the stuck cards, and where the focus was left (its button, then maybe the
  // waiting list's heading): once the card is gone, the focus goes on (focus-after-resolve.ts).
  const acted = useRef<{ id: string; index: number; left: Element | null } | null>(null);

  const run = async (id: string, action: () => Promise<string | void>, done: string, failed: string) => {
    setBusy(id);
    try {
      toast.success((await action()) ?? done);
    } catch (actionError) {
      if (acted.current?.id === id) acted.current = null;
      toast.error(errorMessage(actionError, failed));
    } finally {
      setBusy(null);
    }
  };

  const conflicts = entries?.filter((entry) => entry.state === 'conflict') ?? [];
  const failed = entries?.filter((entry) => entry.state === 'failed') ?? [];
  const unsent = entries?.filter((entry) => entry.state === 'pending' || entry.state === 'sending') ?? [];
  const isHeld = (entry: OutboxEntry) => isHeldFor(entry, signedInId);
  const held = unsent.filter(isHeld);
  const waiting = unsent.filter((entry) => !isHeld(entry));
  const cards = [...conflicts, ...failed, ...held].map((entry) => entry.id);

  /** Asks first when the action loses work (a danger confirmation), then runs it on the entry. */
  const act = async (entry: OutboxEntry, action: EntryAction, pressed: HTMLButtonElement) => {
    const ask = action.confirm;
    if (ask) {
      const labels = { title: ask.title, confirmLabel: ask.confirmLabel, danger: true };
      if (!(await confirm(ask.question(entry), labels))) return;
    }
    acted.current = { id: entry.id, index: Math.max(0, cards.indexOf(entry.id)), left: pressed };
    await run(entry.id, () => action.run(entry.id), action.done, action.failed);
  };
  const onAct = (entry: OutboxEntry, action: EntryAction, pressed: HTMLButtonElement) =>
    void act(entry, action, pressed);

  // After every change of the list: the acted-on card gone, the focus it held (dropped to <body>) goes on to the
  // next card's heading or the page's state; not when the admin has moved it elsewhere meanwhile.
  useEffect(() => {
    const request = acted.current;
    if (!request || entries === null) return;
    const stuck = entries.filter(
      (entry) => entry.state === 'conflict' || entry.state === 'failed' || isHeldFor(entry, signedInId),
    );
    const target = focusAfterResolve(
      stuck.map((entry) => entry.id),
      request,
      entries.length === 0,
    );
    if (!target) return;
    if (!focusLeftWith(request.left)) {
      acted.current = null;
      return;
    }
    const heading = document.getElementById(
      target === 'empty' ? EMPTY_TITLE_ID : target === 'waiting' ? WAITING_TITLE_ID : cardTitleId(target.card),
    );
    heading?.focus();
    acted.current = target === 'waiting' && heading ? { ...request, left: heading } : null;
  }, [entries, signedInId]);

  return (
    <>
      <AdminPageHeader
        title="Sync"
        description="Changes made on this device and not yet on the server."
        actions={
          <button
            type="button"
            className="button button--ghost button--small"
            // Marked, not disabled: a disabled button drops the keyboard's focus to the top of the page.
            {...softDisabled(!online || syncing || status.draining || waiting.length === 0, () => {
              setSyncing(true);
              syncNow()
                .catch((syncError: unknown) => toast.error(errorMessage(syncError, 'Could not sync now')))
                .finally(() => setSyncing(false));
            })}
          >
            {syncing || status.draining ? 'Syncing…' : 'Sync now'}
          </button>
        }
      />
      <AdminAlert tone={online ? 'info' : 'warning'} role="status">
        {online ? 'Online.' : 'Offline: changes wait on this device until the connection is back.'} Last sync:{' '}
        {status.lastSyncAt ? formatRelative(status.lastSyncAt) : 'never'}.
        {status.pausedForAuth && ' Sending is paused until you log in again.'}
      </AdminAlert>
      {entries === null && (
        <p className="admin-loading" role="status">
          Reading the changes saved on this device…
        </p>
      )}
      {entries && entries.length === 0 && (
        <div className="admin-card admin-empty">
          <h2 id={EMPTY_TITLE_ID} tabIndex={-1}>
            Everything is synced
          </h2>
          <p>No changes are waiting on this device.</p>
        </div>
      )}

      {conflicts.length > 0 && (
        <section aria-labelledby="sync-conflicts" className="admin-entry">
          <h2 id="sync-conflicts" style={{ margin: 0 }}>
            Conflicts ({conflicts.length})
          </h2>
          <p className="admin-muted" style={{ margin: 0 }}>
            Someone else changed these records after you started editing. Compare both versions and choose one.
          </p>
          {conflicts.map((entry) => (
            <EntryCard key={entry.id} entry={entry} kind={CONFLICT} busy={busy === entry.id} onAct={onAct}>
              <ConflictView entry={entry} />
            </EntryCard>
          ))}
        </section>
      )}

      {failed.length > 0 && (
        <section aria-labelledby="sync-failed" className="admin-entry">
          <h2 id="sync-failed" style={{ margin: 0 }}>
            Refused by the server ({failed.length})
          </h2>
          {failed.map((entry) => (
            <EntryCard key={entry.id} entry={entry} kind={REFUSED} busy={busy === entry.id} onAct={onAct}>
              <RefusedView entry={entry} />
            </EntryCard>
          ))}
        </section>
      )}

      {held.length > 0 && (
        <section aria-labelledby="sync-held" className="admin-entry">
          <h2 id="sync-held" style={{ margin: 0 }}>
            Waiting for another admin ({held.length})
          </h2>
          <p className="admin-muted" style={{ margin: 0 }}>
            Made on this device by another admin: each is sent when that admin logs in here, under their name. Send as
            me sends it under your login instead.
          </p>
          {held.map((entry) => (
            <EntryCard key={entry.id} entry={entry} kind={HELD} busy={busy === entry.id} onAct={onAct}>
              <p style={{ margin: 0 }}>Made by {entry.queuedBy?.email}.</p>
            </EntryCard>
          ))}
        </section>
      )}

      {waiting.length > 0 && (
        <section aria-labelledby="sync-waiting" className="admin-card">
          <h2 id={WAITING_TITLE_ID} tabIndex={-1}>
            Waiting to be sent ({waiting.length})
          </h2>
          <ul className="admin-list">
            {waiting.map((entry) => (
              <li key={entry.id}>
                <span className="admin-badge" data-tone={entry.state === 'sending' ? 'blue' : undefined}>
                  {entry.state === 'sending' ? 'Sending' : 'Pending'}
                </span>
                <strong>
                  {OP_LABELS[entry.op] ?? entry.op} {ENTITY_LABELS[entry.entity] ?? entry.entity}: {entryTitle(entry)}
                </strong>
                <span className="admin-muted admin-small" style={{ marginLeft: 'auto' }}>
                  {formatDateTime(entry.createdAt)}
                  {entry.attempts > 0 && ` · ${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'}`}
                </span>
                {entry.lastError && (
                  <span className="admin-small" style={{ flexBasis: '100%', color: 'var(--admin-warning)' }}>
                    Last try: {entry.lastError}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
