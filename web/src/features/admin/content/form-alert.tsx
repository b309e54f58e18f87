/**
 * The form-level error of a save: a 412 conflict links to the Sync page where both versions are shown
 * (DESIGN §5 "Outbox"); anything else shows its message. Announced as an alert.
 */
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

/** Marks a record whose change is stored on this device and not yet on the server (DESIGN §5 "Outbox"). */
export function PendingChip() {
  return <span className="content-pending">Not synced yet</span>;
}
