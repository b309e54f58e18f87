/**
 * The contact page form (SPEC §2 /contact, §5): name, email, interest and message required by the browser's own
 * validation, phone optional; sent to /api/contact. Success shows 'Thank you for your message! ...' for 3 s and
 * clears the form; failure keeps the input and shows the spec's error; offline, the message waits in the outbox.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_PAGE_INTERESTS, INTEREST_LABELS, SUCCESS_MESSAGE_MS } from '../../../../domain/constants';
import { MESSAGES } from '../../../../domain/messages';
import { Field } from '../../components/field';
import { Honeypot, useFillTimer } from './spam-guard';
import { OFFLINE_QUEUED_MESSAGE } from './messages';
import { sendInquiry, serverFieldErrors } from './submit-inquiry';
import type { ContactInterest } from './validate';

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  interest: ContactInterest;
  message: string;
}
const EMPTY: ContactValues = { name: '', email: '', phone: '', interest: 'general', message: '' };

type Status = 'idle' | 'submitting' | 'success' | 'queued' | 'error';

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('idle');
  const timer = useFillTimer();
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const edit = (field: keyof ContactValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'submitting') return;
    clearTimeout(hideTimer.current);
    setStatus('submitting');
    try {
      const result = await sendInquiry({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: values.message.trim(),
        interest: values.interest,
        source: 'contact-page',
        endpoint: 'contact',
        website,
        fillTimeMs: timer.elapsed(),
      });
      setValues(EMPTY);
      setWebsite('');
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

  const field = <K extends keyof ContactValues>(name: K) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => edit(name, event.target.value),
  });

  return (
    <form className="form contact-form" onSubmit={submit}>
      <h2>Send Us a Message</h2>
      <div className="form__row">
        <Field id="contact-name" label="Name" required error={errors.name}>
          {(aria) => <input {...aria} {...field('name')} type="text" autoComplete="name" required />}
        </Field>
        <Field id="contact-email" label="Email" required error={errors.email}>
          {(aria) => <input {...aria} {...field('email')} type="email" autoComplete="email" required />}
        </Field>
      </div>
      <div className="form__row">
        <Field id="contact-phone" label="Phone" optional error={errors.phone}>
          {(aria) => <input {...aria} {...field('phone')} type="tel" autoComplete="tel" />}
        </Field>
        <Field id="contact-interest" label="Interest" required error={errors.interest}>
          {(aria) => (
            <select {...aria} {...field('interest')} required>
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
        {(aria) => <textarea {...aria} {...field('message')} rows={6} required />}
      </Field>
      <Honeypot value={website} onChange={setWebsite} />
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
