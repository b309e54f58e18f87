/**
 * What every visitor form shows besides its own questions, written once: the name, email and phone fields
 * (ContactField) and the notices of a send (SendNotices: sent, kept in the outbox while offline, failed). The
 * submit flow behind them is hooks/use-visitor-form.ts.
 */
import type { ComponentProps } from 'react';
import { VISITOR_FIELD_LIMITS } from '@domain/visitor-messages';
import type { VisitorFormStatus } from '@/hooks/use-visitor-form';
import { queuedMessage } from '@/utils/inquiry-messages';
import { InputField } from './field';

/**
 * Label, input type, autocomplete token and longest value (the server's limits) of each contact detail; the
 * field's `name` is its key.
 */
const CONTACT_DETAILS = {
  name: ['Name', 'text', 'name', VISITOR_FIELD_LIMITS.name],
  email: ['Email', 'email', 'email', VISITOR_FIELD_LIMITS.email],
  phone: ['Phone', 'tel', 'tel', VISITOR_FIELD_LIMITS.phone],
} as const;

type ContactFieldProps = ComponentProps<'input'> & {
  detail: keyof typeof CONTACT_DETAILS;
  /** The form's id prefix: the input's id is `${idPrefix}-${detail}`. */
  idPrefix: string;
  error?: string | undefined;
  /** Marked (optional) instead of required. */
  optional?: boolean;
};

/** A labelled name, email or phone input; other input props (value, autoComplete, required...) pass through. */
export function ContactField({ detail, idPrefix, error, optional, ...input }: ContactFieldProps) {
  const [label, type, autoComplete, maxLength] = CONTACT_DETAILS[detail];
  return (
    <InputField
      id={`${idPrefix}-${detail}`}
      label={label}
      required={!optional}
      optional={optional}
      error={error}
      name={detail}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      {...input}
    />
  );
}

/** The outcome of a send: announced politely when sent or queued, as an alert when it failed. */
export function SendNotices({ status, sent, failed }: { status: VisitorFormStatus; sent?: string; failed: string }) {
  return (
    <>
      <div className="form__status" role="status" aria-live="polite">
        {status === 'sent' && <p className="notice notice--success">{sent}</p>}
        {status === 'queued' && <p className="notice notice--info">{queuedMessage()}</p>}
      </div>
      {status === 'error' && (
        <p className="notice notice--error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}
