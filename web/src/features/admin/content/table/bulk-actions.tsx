/**
 * Bulk status change and bulk delete of the selected rows: ONE confirmation that names every record it will change,
 * then each record written as its own outbox entry through the same repository calls as a single edit or delete
 * (saveAdmin / deleteAdmin, with the record's version as If-Match). A conflict or refusal on one record is listed
 * for that record in the report under the bar; the others go on.
 */
import { useRef, useState } from 'react';
import { deleteAdmin, saveAdmin, type AdminEntity, type AdminRecord } from '@/data/repositories/admin/content';
import { useConfirm } from '../../shared/confirm-dialog';
import { useToast } from '../../shared/toast-stack';
import { ConflictMessage } from '../form-alert';
import {
  countOf,
  deleteConfirmText,
  runBulk,
  statusConfirmText,
  summarise,
  type BulkNouns,
  type BulkOutcome,
} from './bulk-writes';

export interface BulkConfig<E extends AdminEntity> {
  entity: E;
  nouns: BulkNouns;
  nameOf: (record: AdminRecord<E>) => string;
  /** The statuses a bulk change may set (none for communities, which have no status). */
  statuses?: readonly { value: string; label: string }[];
}

interface Selection<E extends AdminEntity> {
  selectedRows: readonly AdminRecord<E>[];
  clearSelection: () => void;
}

export function useBulkActions<E extends AdminEntity>(config: BulkConfig<E>, refresh: () => void) {
  const confirm = useConfirm();
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const [problems, setProblems] = useState<BulkOutcome[]>([]);

  const run = async (
    records: readonly AdminRecord<E>[],
    question: string,
    confirmOptions: { confirmLabel: string; danger?: boolean; title: string },
    write: (record: AdminRecord<E>) => Promise<{ queued: boolean }>,
    verb: 'updated' | 'deleted',
  ): Promise<boolean> => {
    if (records.length === 0 || !(await confirm(question, confirmOptions))) return false;
    setRunning(true);
    try {
      const byId = new Map(records.map((record) => [record.id, record]));
      const targets = records.map((record) => ({ id: record.id, name: config.nameOf(record) }));
      const outcomes = await runBulk(targets, (target) => write(byId.get(target.id)!));
      const summary = summarise(outcomes, config.nouns, verb);
      if (summary.success) toast.success(summary.success);
      if (summary.problems.length > 0) toast.error(`${countOf(summary.problems.length, config.nouns)} not ${verb}`);
      setProblems(summary.problems);
      return true;
    } finally {
      setRunning(false);
      refresh();
    }
  };

  const changeStatus = (records: readonly AdminRecord<E>[], status: string) => {
    const label = config.statuses?.find((option) => option.value === status)?.label ?? status;
    return run(
      records,
      statusConfirmText(
        records.map((record) => ({ id: record.id, name: config.nameOf(record) })),
        config.nouns,
        label,
      ),
      { confirmLabel: 'Change status', title: 'Change status' },
      (record) => saveAdmin(config.entity, { id: record.id, version: record.version, status } as never),
      'updated',
    );
  };

  const remove = (records: readonly AdminRecord<E>[]) =>
    run(
      records,
      deleteConfirmText(
        records.map((record) => ({ id: record.id, name: config.nameOf(record) })),
        config.nouns,
      ),
      { confirmLabel: 'Delete', danger: true, title: `Delete ${config.nouns.many}` },
      (record) => deleteAdmin(config.entity, record.id, record.version),
      'deleted',
    );

  return { running, problems, dismissProblems: () => setProblems([]), changeStatus, remove };
}

export type BulkActionsState<E extends AdminEntity> = ReturnType<typeof useBulkActions<E>>;

/** The bar above the table: how many are selected, the new status, Change status, Delete selected, Clear. */
export function BulkActions<E extends AdminEntity>({
  config,
  bulk,
  selection,
}: {
  config: BulkConfig<E>;
  bulk: BulkActionsState<E>;
  selection: Selection<E>;
}) {
  const [status, setStatus] = useState(config.statuses?.[0]?.value ?? '');
  const count = selection.selectedRows.length;
  const idle = count === 0 || bulk.running;
  const countLine = useRef<HTMLParagraphElement>(null);
  // The pressed button was disabled while the change ran: the focus goes to the bar's count, which says what is
  // selected now, not to the top of the document. A delete may empty the list, and the bar with it: the page's
  // content takes the focus then. A cancelled confirmation changed nothing: the dialog has already given the focus
  // back to the button that opened it, and it stays there.
  const done = (changed: boolean) => {
    if (!changed) return;
    selection.clearSelection();
    countLine.current?.focus();
  };
  const deleted = (changed: boolean) => {
    if (!changed) return;
    selection.clearSelection();
    document.getElementById('admin-main')?.focus({ preventScroll: true });
  };
  return (
    <div className="bulk-actions" role="region" aria-label="Bulk actions">
      <p className="bulk-actions__count" aria-live="polite" tabIndex={-1} ref={countLine}>
        {count === 0
          ? `Select ${config.nouns.many} to change them together`
          : `${countOf(count, config.nouns)} selected`}
      </p>
      {config.statuses && (
        <div className="bulk-actions__status">
          <label htmlFor={`bulk-status-${config.entity}`}>New status</label>
          <select
            id={`bulk-status-${config.entity}`}
            value={status}
            disabled={bulk.running}
            onChange={(event) => setStatus(event.target.value)}
          >
            {config.statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={idle}
            onClick={() => void bulk.changeStatus(selection.selectedRows, status).then(done)}
          >
            Change status
          </button>
        </div>
      )}
      <button
        type="button"
        className="button button--danger button--small"
        disabled={idle}
        onClick={() => void bulk.remove(selection.selectedRows).then(deleted)}
      >
        Delete selected
      </button>
      {count > 0 && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={bulk.running}
          onClick={selection.clearSelection}
        >
          Clear selection
        </button>
      )}
      {bulk.running && (
        <span className="bulk-actions__running" role="status">
          Saving...
        </span>
      )}
    </div>
  );
}

/** The records a bulk write did not change, each with why; stays until dismissed or the next bulk write. */
export function BulkReport({ bulk }: { bulk: { problems: readonly BulkOutcome[]; dismissProblems: () => void } }) {
  if (bulk.problems.length === 0) return null;
  return (
    <div className="admin-alert content-alert--page bulk-report" data-tone="error" role="alert">
      <div>
        <p>These were not changed:</p>
        <ul>
          {bulk.problems.map((problem) => (
            <li key={problem.id} data-bulk-problem={problem.id}>
              <strong>{problem.name}</strong>: {problem.result === 'conflict' ? <ConflictMessage /> : problem.message}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="button button--ghost content-alert__dismiss" onClick={bulk.dismissProblems}>
        Dismiss
      </button>
    </div>
  );
}
