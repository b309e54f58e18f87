/**
 * The contact page form (SPEC §2 /contact, §5): name, email, interest and message required by the browser's own
 * validation, phone optional; sent to /api/contact. Success shows 'Thank you for your message! ...' for 3 s and
 * clears the form; failure keeps the input and shows the spec's error; offline, the message waits in the outbox.
 *
 * The server renders this form, so a visitor on a slow phone types into it before the app has started (issue 12).
 * Its fields are therefore uncontrolled: the browser holds what was typed, hydration leaves it in place, and the
 * submit reads the fields through FormData, so a press of Send made before the app was ready (held by the starter
 * and replayed) sends exactly what is on screen.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_PAGE_INTERESTS, INTEREST_LABELS, SUCCESS_MESSAGE_MS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { Field } from '@/components/field';
import { Honeypot, useFillTimer } from '@/components/spam-guard';
import { OFFLINE_QUEUED_MESSAGE } from '@/utils/inquiry-messages';
import { sendInquiry, serverFieldErrors } from '@/data/submit-inquiry';
import type { ContactInterest } from '@/utils/validate-inquiry';

type Status = 'idle' | 'submitting' | 'success' | 'queued' | 'error';

/** The form's fields as the browser holds them (typed before or after the app started alike). */
function readContactForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    interest: (text('interest') || 'general') as ContactInterest,
    website: String(data.get('website') ?? ''),
  };
}

export function ContactForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('idle');
  const timer = useFillTimer();
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // Each field's error clears when that field is edited (SPEC §5).
  const clearError = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const values = readContactForm(form);
    clearTimeout(hideTimer.current);
    setStatus('submitting');
    try {
      const result = await sendInquiry({
        ...values,
        source: 'contact-page',
        endpoint: 'contact',
        fillTimeMs: timer.elapsed(),
      });
      form.reset();
      setErrors({});
      timer.restart();
      if (result.status === 'queued') setStatus('queued');
      else {
        setStatus('success');
        hideTimer.current = setTimeout(() => setStatus('idle'), SUCCESS_MESSAGE_MS);
      }
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setStatus('error');
    }
  };

  return (
    <form
      className="form contact-form"
      onSubmit={(event) => void submit(event)}
      onInput={clearError}
      onChange={clearError}
    >
      <h2>Send Us a Message</h2>
      <div className="form__row">
        <Field id="contact-name" label="Name" required error={errors.name}>
          {(aria) => <input {...aria} name="name" type="text" autoComplete="name" required />}
        </Field>
        <Field id="contact-email" label="Email" required error={errors.email}>
          {(aria) => <input {...aria} name="email" type="email" autoComplete="email" required />}
        </Field>
      </div>
      <div className="form__row">
        <Field id="contact-phone" label="Phone" optional error={errors.phone}>
          {(aria) => <input {...aria} name="phone" type="tel" autoComplete="tel" />}
        </Field>
        <Field id="contact-interest" label="Interest" required error={errors.interest}>
          {(aria) => (
            <select {...aria} name="interest" defaultValue="general" required>
              {CONTACT_PAGE_INTERESTS.map((interest) => (
                <option key={interest} value={interest}>
                  {INTEREST_LABELS[interest]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id="contact-message" label="Message" required error={errors.message}>
        {(aria) => <textarea {...aria} name="message" rows={6} required />}
      </Field>
      <Honeypot />
      <div className="form__status" role="status" aria-live="polite">
        {status === 'success' && <p className="notice notice--success">{MESSAGES.contactPageSuccess}</p>}
        {status === 'queued' && <p className="notice notice--info">{OFFLINE_QUEUED_MESSAGE}</p>}
      </div>
      {status === 'error' && (
        <p className="notice notice--error" role="alert">
          {MESSAGES.contactPageFailure}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={status === 'submitting'}>
        {status === 'submitting' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
