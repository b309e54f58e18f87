/**
 * The one submit flow of the site's visitor forms (the contact page, the request-information popup, the visit
 * booking and the shortlist): the errors by field, each cleared as its field is edited (SPEC §5); the status; the
 * checks before a send; one send at a time; a server's refusal placed next to its fields; the focus on the first
 * field in error; the two spam signals (components/spam-guard.tsx). Written once so the forms differ only in
 * their fields and what they send. Hand-written rather than a form library: public pages have a 110 KB budget.
 *
 * It keeps no field values: every form's fields are read through FormData at the send, so a server-rendered
 * form (the contact page) sends what the browser holds, typed before the app started or after.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFillTimer } from '@/components/spam-guard';
import { serverFieldErrors } from '@/data/submit-inquiry';
import { markClean, markDirty } from '@/utils/dirty-forms';

export type SendOutcome = 'sent' | 'queued';
export type VisitorFormStatus = 'idle' | 'submitting' | SendOutcome | 'error';
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What every visitor form sends besides its own fields. */
export interface SpamSignals {
  /** The honeypot (empty unless a bot filled it). */
  website: string;
  /** Milliseconds from the form's first render (or last send) to this submit. */
  fillTimeMs: number;
  /** Handed to the send: a queued request that reaches the server later turns the form's notice to 'sent'. */
  onDelivered: () => void;
}

export interface VisitorFormOptions<Field extends string> {
  /**
   * The fields in screen order (their `name`s): after a failed check or a refusal the first in error gets the focus.
   * Left out, the focus stays where it is (the contact page, whose browser validation shows its own first field).
   */
  fields?: readonly Field[];
  /** The checks before a send (on the contact page, after the browser's own validation). */
  check?: (data: FormData) => FieldErrors<Field>;
  /** Sends the form; resolves 'sent', or 'queued' when it waits in the outbox; throws with the server's details. */
  send: (data: FormData, spam: SpamSignals) => Promise<SendOutcome>;
  /** After a send, whatever came of it. */
  onSettled?: (outcome: SendOutcome | 'error') => void;
  /** The failure notice stays while fields are edited (the contact page); otherwise the first edit hides it. */
  keepFailure?: boolean;
}

/** A field's text as sent: trimmed, '' when the form has no such field. */
export const formText = (data: FormData, name: string): string => String(data.get(name) ?? '').trim();

export function useVisitorForm<Field extends string>(options: VisitorFormOptions<Field>) {
  const { fields = [], check, send, onSettled, keepFailure } = options;
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<VisitorFormStatus>('idle');
  const form = useRef<HTMLFormElement>(null);
  const timer = useFillTimer();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A second press while sending is ignored here: the submit button stays focusable (aria-disabled, not disabled).
  const sending = useRef(false);
  // Typed and not yet sent: the update prompt's Reload and the chunk guard's reload wait (utils/dirty-forms.ts).
  const id = useId();
  useEffect(
    () => () => {
      clearTimeout(pending.current);
      markClean(id);
    },
    [id],
  );

  const focusFirstError = (found: FieldErrors<Field>) => {
    const first = fields.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  // The form hears every field's input and change events.
  const edited = (event: FormEvent<HTMLFormElement>) => {
    markDirty(id);
    const name = (event.target as HTMLInputElement).name as Field;
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest as FieldErrors<Field>);
    if (!keepFailure && status === 'error') setStatus('idle');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const data = new FormData(event.currentTarget);
    if (check) {
      const found = check(data);
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstError(found);
    }
    clearTimeout(pending.current);
    sending.current = true;
    setStatus('submitting');
    try {
      const outcome = await send(data, {
        website: String(data.get('website') ?? ''),
        fillTimeMs: timer.elapsed(),
        onDelivered: () => setStatus('sent'),
      });
      setErrors({});
      setStatus(outcome);
      // Sent, or kept in the outbox: nothing left to lose.
      markClean(id);
      timer.restart();
      onSettled?.(outcome);
    } catch (error) {
      const found = serverFieldErrors(error) as FieldErrors<Field>;
      setErrors(found);
      setStatus('error');
      onSettled?.('error');
      focusFirstError(found);
    } finally {
      sending.current = false;
    }
  };

  return {
    errors,
    status,
    setStatus,
    /** Runs `then` after `ms` unless the form is sent again or goes away first (a notice that hides, a close). */
    later: (then: () => void, ms: number) => {
      pending.current = setTimeout(then, ms);
    },
    /** Spread on the <form>. */
    formProps: {
      ref: form,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      onInput: edited,
      onChange: edited,
    },
  };
}
