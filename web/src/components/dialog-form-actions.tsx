/**
 * The buttons under a visitor form in a dialog (the request-information popup, the visit booking, the shortlist):
 * Cancel, and the submit button that says 'Sending...' while the send runs and stays off once it is done.
 *
 * Focus: while sending, the submit button is only marked `aria-disabled` (a focused button that becomes
 * `disabled` drops the keyboard's focus to the page; useVisitorForm ignores a second press). Once sent, the focus
 * moves to Cancel/Close, as the submit button goes or is switched off.
 */
import { useEffect, useRef } from 'react';
import type { VisitorFormStatus } from '@/hooks/use-visitor-form';

interface DialogFormActionsProps {
  status: VisitorFormStatus;
  submitLabel: string;
  onCancel: () => void;
  /** Once sent, Cancel reads Close and the submit button goes (the dialog stays open on its confirmation). */
  closeWhenDone?: boolean;
  /** Nothing can be sent (no time to book). */
  unavailable?: boolean;
}

export function DialogFormActions({
  status,
  submitLabel,
  onCancel,
  closeWhenDone,
  unavailable,
}: DialogFormActionsProps) {
  const done = status === 'sent' || status === 'queued';
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) cancel.current?.focus();
  }, [done]);
  return (
    <div className="form__actions">
      <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel}>
        {done && closeWhenDone ? 'Close' : 'Cancel'}
      </button>
      {!(done && closeWhenDone) && (
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={status === 'submitting' || undefined}
          disabled={done || unavailable}
        >
          {status === 'submitting' ? 'Sending...' : submitLabel}
        </button>
      )}
    </div>
  );
}
