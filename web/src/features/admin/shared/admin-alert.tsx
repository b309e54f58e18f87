/**
 * The admin's inline alerts (`.admin-alert`): a message in a tone, announced as an alert (errors, warnings) or
 * politely (status, note), with optional text after it and buttons below it.
 */
import type { ReactNode } from 'react';
import { messageRole, type TimedMessage } from './use-timed-message';

export function AdminAlert({
  tone,
  role = 'alert',
  children,
  extra,
  actions,
}: {
  tone: 'error' | 'warning' | 'info' | 'success';
  /** null: none, inside a live region of its own (TimedMessageAlert). */
  role?: 'alert' | 'status' | 'note' | null;
  /** The message (one paragraph). */
  children: ReactNode;
  /** Shown after the message, inside the alert. */
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="admin-alert" data-tone={tone} role={role ?? undefined}>
      <p>{children}</p>
      {extra}
      {actions && <div className="admin-alert__actions">{actions}</div>}
    </div>
  );
}

/** A failed load with its 'Try again' button. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <AdminAlert
      tone="error"
      actions={
        <button type="button" className="button button--small button--ghost" onClick={onRetry}>
          Try again
        </button>
      }
    >
      {text}
    </AdminAlert>
  );
}

/**
 * A TimedMessage (useTimedMessage) while it shows, in one of two live regions mounted with the form, before any
 * message: a region put on the page already holding its text is often not announced by screen readers. Errors go
 * in the alert one, the rest in the polite one, which also holds `busy` (e.g. 'Saving...') while there is no message.
 */
export function TimedMessageAlert({
  message,
  extra,
  busy,
}: {
  message: TimedMessage | null;
  extra?: ReactNode;
  busy?: string | false;
}) {
  const region = (role: 'alert' | 'status') => (
    <div className="admin-live" role={role}>
      {message && messageRole(message) === role ? (
        <AdminAlert tone={message.tone} role={null} extra={extra}>
          {message.text}
        </AdminAlert>
      ) : (
        role === 'status' && busy && <p className="admin-muted">{busy}</p>
      )}
    </div>
  );
  return (
    <>
      {region('status')}
      {region('alert')}
    </>
  );
}
