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
  role?: 'alert' | 'status' | 'note';
  /** The message (one paragraph). */
  children: ReactNode;
  /** Shown after the message, inside the alert. */
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="admin-alert" data-tone={tone} role={role}>
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

/** A TimedMessage (useTimedMessage) while it shows: errors are alerts, the rest polite status messages. */
export function TimedMessageAlert({ message, extra }: { message: TimedMessage | null; extra?: ReactNode }) {
  if (!message) return null;
  return (
    <AdminAlert tone={message.tone} role={messageRole(message)} extra={extra}>
      {message.text}
    </AdminAlert>
  );
}
