/**
 * The form-level error of a save: a 412 conflict links to the Sync page where both versions are shown
 * (DESIGN §5 "Outbox"); anything else shows its message. Announced as an alert.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONFLICT_MESSAGE } from './save-errors';

export function ConflictMessage() {
  return (
    <>
      {CONFLICT_MESSAGE} <Link to="/admin/sync">Review the conflict in Sync.</Link>
    </>
  );
}

export function FormAlert({ conflict, message }: { conflict?: boolean; message?: string }) {
  if (!conflict && !message) return null;
  return (
    <p className="admin-alert" data-tone="error" role="alert">
      {conflict ? <ConflictMessage /> : message}
    </p>
  );
}

/** A page-level error that stays until dismissed or replaced (a failed delete, a conflict, a failed reload). */
export function PageAlert({
  conflict,
  message,
  onDismiss,
}: {
  conflict?: boolean | undefined;
  message?: string | undefined;
  onDismiss: () => void;
}) {
  if (!conflict && !message) return null;
  return (
    <div className="admin-alert content-alert--page" data-tone="error" role="alert">
      <p>{conflict ? <ConflictMessage /> : message}</p>
      <button type="button" className="button button--ghost content-alert__dismiss" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** Loading, and a failed first load with a retry. */
export function LoadState({
  status,
  label,
  errorText,
  onRetry,
}: {
  status: 'loading' | 'error';
  label: string;
  errorText: string;
  onRetry: () => void;
}) {
  if (status === 'loading') {
    return (
      <div className="content-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading {label}...
      </div>
    );
  }
  return (
    <div className="admin-alert content-alert--page" data-tone="error" role="alert">
      <p>{errorText}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A list's body by the state of its query: loading, a failed first load with a retry, or the list (`children`),
 * with the error above it when a reload failed and the records already shown stay.
 */
/** What RecordListState and RecordCounts read of a page's useRecordList. */
interface ListQuery {
  status: 'pending' | 'error' | 'success';
  records: readonly unknown[];
  refresh: () => void;
}

export function RecordListState({
  list,
  label,
  errorText,
  children,
}: {
  list: ListQuery;
  label: string;
  errorText: string;
  children: ReactNode;
}) {
  const { status, refresh: onRetry } = list;
  const hasRecords = list.records.length > 0;
  if (status === 'pending' || (status === 'error' && !hasRecords)) {
    return (
      <LoadState
        status={status === 'pending' ? 'loading' : 'error'}
        label={label}
        errorText={errorText}
        onRetry={onRetry}
      />
    );
  }
  return (
    <>
      {status === 'error' && (
        <p className="admin-alert" data-tone="error" role="alert">
          {errorText}
        </p>
      )}
      {children}
    </>
  );
}

/** A list's counts, announced politely, once the list has loaded or has records to count. */
export function RecordCounts({ list, children }: { list: ListQuery; children: ReactNode }) {
  if (list.status !== 'success' && list.records.length === 0) return null;
  return (
    <p className="content-counts" aria-live="polite">
      {children}
    </p>
  );
}

/**
 * A list with nothing to show: `filtered` when records exist but the search or filter hides them all, else the
 * invitation to add the first one (with its button when `add` is given).
 */
export function EmptyRecords({
  title,
  filtered,
  filteredText,
  emptyText,
  add,
  compact,
}: {
  title: string;
  filtered: boolean;
  filteredText: ReactNode;
  emptyText: string;
  add?: { label: string; onClick: () => void };
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'}>
      <h2>{title}</h2>
      {filtered ? (
        <p>{filteredText}</p>
      ) : (
        <>
          <p>{emptyText}</p>
          {add && (
            <button type="button" className="button button--primary" onClick={add.onClick}>
              {add.label}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** Marks a record whose change is stored on this device and not yet on the server (DESIGN §5 "Outbox"). */
export function PendingChip() {
  return <span className="content-pending">Not synced yet</span>;
}
