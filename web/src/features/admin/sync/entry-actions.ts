/**
 * The two kinds of stuck change on the Sync page, and what it offers on each: each action's button, the confirmation asked first when the action
 * loses work (a danger confirmation, its title and button text), what it runs, and its two toasts.
 */
import {
  discardFailed,
  resolveConflictKeepMine,
  resolveConflictTakeTheirs,
  retryFailed,
  sendHeldAsMe,
  type OutboxEntry,
} from '@/data/repositories/admin/sync-center';

export interface EntryAction {
  label: string;
  variant: 'primary' | 'ghost' | 'danger-outline';
  confirm?: { question: (entry: OutboxEntry) => string; title: string; confirmLabel: string };
  /** Resolves with the success toast's text when it depends on the outcome, else `done` is shown. */
  run: (id: string) => Promise<string | void>;
  done: string;
  failed: string;
}

/** How the page shows one kind of stuck change: its badge (also its card's name) and its actions. */
export interface StuckKind {
  badge: string;
  tone: string;
  actions: readonly EntryAction[];
}

/** A conflict (412): send this device's version again, or keep the server's. */
const CONFLICT_ACTIONS: readonly EntryAction[] = [
  {
    label: 'Keep mine',
    variant: 'primary',
    confirm: {
      question: (entry) =>
        entry.op === 'delete'
          ? 'Delete the record anyway? The changes someone else saved will be lost.'
          : 'Send your version again? It replaces the fields you changed in the version on the server.',
      title: 'Keep mine',
      confirmLabel: 'Keep mine',
    },
    run: resolveConflictKeepMine,
    done: 'Your version will be sent',
    failed: 'Could not keep your version',
  },
  {
    label: 'Take theirs',
    variant: 'ghost',
    confirm: {
      question: () => 'Discard your change and keep the version on the server?',
      title: 'Take theirs',
      confirmLabel: 'Take theirs',
    },
    run: resolveConflictTakeTheirs,
    done: 'Kept the version on the server',
    failed: 'Could not take their version',
  },
];

/** A change the server refused (400/422...): send it again as it is, or drop it. */
const REFUSED_ACTIONS: readonly EntryAction[] = [
  {
    label: 'Retry',
    variant: 'primary',
    // Retry waits for the send: the toast says what came of it (refused again is an error toast).
    run: async (id) => ((await retryFailed(id)) === 'sent' ? 'The change was sent' : undefined),
    done: 'The change will be sent again',
    failed: 'Could not retry',
  },
  {
    label: 'Discard',
    variant: 'danger-outline',
    confirm: {
      question: () => 'Discard this change? It has not reached the server and will be lost.',
      title: 'Discard change',
      confirmLabel: 'Discard',
    },
    run: discardFailed,
    done: 'Change discarded',
    failed: 'Could not discard the change',
  },
];

/**
 * A send that got no answer may have reached the server. Under another login its Idempotency-Key is not that
 * admin's (keys are kept per caller), so the server cannot recognise it: it meets its own write as a conflict, or a
 * create as "already exists".
 */
export const mayAlreadyBeOnServer = (entry: OutboxEntry) =>
  entry.unanswered === true || (entry.attempts > 0 && entry.lastStatus === 'network');

/**
 * Another admin's change, waiting for that admin's login: sent under this admin's login, or dropped, only on purpose
 * (a colleague whose account is gone, or who will not sign in here again).
 */
const HELD_ACTIONS: readonly EntryAction[] = [
  {
    label: 'Send as me',
    variant: 'primary',
    confirm: {
      question: (entry) =>
        `Send this change made by ${entry.queuedBy?.email ?? 'another admin'} under your login? The audit log will name you.` +
        (mayAlreadyBeOnServer(entry)
          ? ' Its last send got no answer, so it may already be on the server: if it then shows as a conflict or is refused, check the record before choosing.'
          : ''),
      title: 'Send as me',
      confirmLabel: 'Send as me',
    },
    run: async (id) => ((await sendHeldAsMe(id)) === 'sent' ? 'The change was sent' : undefined),
    done: 'The change will be sent',
    failed: 'Could not send the change',
  },
  {
    label: 'Discard',
    variant: 'danger-outline',
    confirm: {
      question: (entry) =>
        `Discard this change made by ${entry.queuedBy?.email ?? 'another admin'}? It has not reached the server and will be lost.`,
      title: 'Discard change',
      confirmLabel: 'Discard',
    },
    run: discardFailed,
    done: 'Change discarded',
    failed: 'Could not discard the change',
  },
];

export const CONFLICT: StuckKind = { badge: 'Conflict', tone: 'amber', actions: CONFLICT_ACTIONS };
export const REFUSED: StuckKind = { badge: 'Refused', tone: 'red', actions: REFUSED_ACTIONS };
export const HELD: StuckKind = { badge: 'Held', tone: 'blue', actions: HELD_ACTIONS };
