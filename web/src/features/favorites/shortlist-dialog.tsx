/**
 * 'Send my shortlist to a sales agent': name, email, phone (optional), a note (optional) and consent, then one
 * lead (interest 'shortlist', source 'favorites') carrying the saved homes' ids, with a message listing their
 * titles. It goes through the outbox like every visitor inquiry, so offline it is kept on this device and sent
 * exactly once when the network returns; the confirmation says which of the two happened.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@domain/messages';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { OFFLINE_QUEUED_MESSAGE } from '@/utils/inquiry-messages';
import { Honeypot, useFillTimer } from '@/components/spam-guard';
import { serverFieldErrors } from '@/data/submit-inquiry';
import { validateInquiry } from '@/utils/validate-inquiry';
import { shortlistMessage, type ShortlistHome } from './shortlist';

export const SHORTLIST_SENT_MESSAGE = 'Thank you! A sales agent has your shortlist and will contact you soon.';
export const CONSENT_REQUIRED_MESSAGE = 'Please agree to be contacted, so a sales agent can reply.';

const loadRepository = () => import('@/data/repositories/inquiry-repository');

interface Values {
  name: string;
  email: string;
  phone: string;
  note: string;
  consent: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;
type Status = 'idle' | 'submitting' | 'sent' | 'queued' | 'error';

export function ShortlistDialog({ homes, onClose }: { homes: ShortlistHome[]; onClose: () => void }) {
  const { general } = useSiteSettings();
  const [values, setValues] = useState<Values>({ name: '', email: '', phone: '', note: '', consent: false });
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>('idle');
  const form = useRef<HTMLFormElement>(null);
  const timer = useFillTimer();
  // Loaded while the visitor types, so a send made after the connection dropped still has its code.
  useEffect(() => void loadRepository().catch(() => undefined), []);

  const edit = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    if (status === 'error') setStatus('idle');
  };

  const check = (): Errors => {
    const message = shortlistMessage(homes, values.note);
    const { name, email, phone } = validateInquiry({ ...values, message });
    const found: Errors = { ...(name && { name }), ...(email && { email }), ...(phone && { phone }) };
    if (!values.consent) found.consent = CONSENT_REQUIRED_MESSAGE;
    return found;
  };

  const focusFirstError = (found: Errors) => {
    const first = (['name', 'email', 'phone', 'note', 'consent'] as const).find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    setStatus('submitting');
    try {
      const { submitInquiry } = await loadRepository();
      const result = await submitInquiry({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: shortlistMessage(homes, values.note),
        interest: 'shortlist',
        source: 'favorites',
        listingIds: homes.map((home) => home.id),
        website,
        fillTimeMs: timer.elapsed(),
      });
      setStatus(result.status);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error) as Errors;
      setErrors(fieldErrors);
      setStatus('error');
      focusFirstError(fieldErrors);
    }
  };

  const done = status === 'sent' || status === 'queued';
  const text = (name: 'name' | 'email' | 'phone' | 'note') => ({
    name,
    value: values[name],
    disabled: done,
    onChange: (event: { target: { value: string } }) => edit(name, event.target.value),
  });

  return (
    <Modal
      titleId="shortlist-title"
      title="Send my shortlist to a sales agent"
      description={`A sales agent will get in touch about ${homes.length === 1 ? 'this home' : `these ${homes.length} homes`}.`}
      onClose={onClose}
    >
      <ul className="shortlist-homes">
        {homes.map((home) => (
          <li key={home.id}>{home.title}</li>
        ))}
      </ul>
      <form ref={form} className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field id="shortlist-name" label="Name" required error={errors.name}>
          {(aria) => <input {...aria} {...text('name')} type="text" autoComplete="name" />}
        </Field>
        <Field id="shortlist-email" label="Email" required error={errors.email}>
          {(aria) => <input {...aria} {...text('email')} type="email" autoComplete="email" inputMode="email" />}
        </Field>
        <Field id="shortlist-phone" label="Phone" optional error={errors.phone}>
          {(aria) => <input {...aria} {...text('phone')} type="tel" autoComplete="tel" />}
        </Field>
        <Field id="shortlist-note" label="Anything we should know?" optional error={errors.note}>
          {(aria) => <textarea {...aria} {...text('note')} rows={3} />}
        </Field>
        <div className="field consent" data-invalid={errors.consent ? 'true' : undefined}>
          <label>
            <input
              type="checkbox"
              name="consent"
              checked={values.consent}
              disabled={done}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'shortlist-consent-error' : undefined}
              onChange={(event) => edit('consent', event.target.checked)}
            />{' '}
            I agree that {general.siteName} may contact me about these homes by email or phone.
          </label>
          {errors.consent && (
            <p className="field__error" id="shortlist-consent-error">
              {errors.consent}
            </p>
          )}
        </div>
        <Honeypot value={website} onChange={setWebsite} />
        <div className="form__status" role="status" aria-live="polite">
          {status === 'sent' && <p className="notice notice--success">{SHORTLIST_SENT_MESSAGE}</p>}
          {status === 'queued' && <p className="notice notice--info">{OFFLINE_QUEUED_MESSAGE}</p>}
        </div>
        {status === 'error' && (
          <p className="notice notice--error" role="alert">
            {MESSAGES.popupFailure}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </button>
          {!done && (
            <button type="submit" className="button button--primary" disabled={status === 'submitting'}>
              {status === 'submitting' ? 'Sending...' : 'Send Shortlist'}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
