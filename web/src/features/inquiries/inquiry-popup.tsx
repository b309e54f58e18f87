/**
 * The request-information popup (SPEC §2, §4, §5) of community and listing pages, loaded on first open.
 * Name, email (a valid address) and message are required, phone optional; each field's error clears when that
 * field is edited. States: idle, submitting, success (clears and closes after 3 s), error. Offline, the request
 * is kept in the outbox and the visitor is told so. A listing inquiry also raises the listing toasts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { POPUP_AUTO_CLOSE_MS } from '@domain/constants';
import { MESSAGES, popupSuccessMessage } from '@domain/messages';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { ToastRegion, type ToastMessage } from '@/components/toast';
import { Honeypot, useFillTimer } from '@/components/spam-guard';
import { OFFLINE_QUEUED_MESSAGE } from '@/utils/inquiry-messages';
import { sendInquiry, serverFieldErrors } from '@/data/submit-inquiry';
import { validateInquiry, type InquiryErrors, type InquiryValues } from '@/utils/validate-inquiry';

export type InquiryOutcome = 'sent' | 'queued' | 'error';

/** The listing popup's toasts (SPEC §8); offline, the outbox notice instead. */
const TOASTS: Record<InquiryOutcome, Omit<ToastMessage, 'id'>> = {
  sent: { text: MESSAGES.listingPopupSuccess, tone: 'success' },
  queued: { text: OFFLINE_QUEUED_MESSAGE, tone: 'info' },
  error: { text: MESSAGES.listingPopupFailure, tone: 'error' },
};

export interface InquiryPopupProps {
  title: string;
  /** Named in the success message. */
  communityName: string;
  communityId?: string;
  /** A listing inquiry (SPEC §7): adds listingId, listingTitle and submittedAt. */
  listing?: { id: string; title: string };
  defaultMessage?: string;
  onClose: () => void;
}

type Status = 'idle' | 'submitting' | 'success' | 'queued' | 'error';

export default function InquiryPopup(props: InquiryPopupProps) {
  const { title, communityName, communityId, listing, defaultMessage = '', onClose } = props;
  const empty: InquiryValues = { name: '', email: '', phone: '', message: defaultMessage };
  const [values, setValues] = useState(empty);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<InquiryErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const timer = useFillTimer();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const edit = (field: keyof InquiryValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    if (status === 'error') setStatus('idle');
  };

  const focusFirstError = (found: InquiryErrors) => {
    const first = (['name', 'email', 'phone', 'message'] as const).find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  // A listing inquiry also shows a toast with its outcome (it lasts as long as the success message).
  const onOutcome = (outcome: InquiryOutcome) => {
    if (listing) setToast({ id: Date.now(), ...TOASTS[outcome] });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const found = validateInquiry(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    setStatus('submitting');
    try {
      const result = await sendInquiry({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: values.message.trim(),
        interest: listing ? 'buying' : 'community',
        source: listing ? 'listing' : 'popup',
        communityId,
        ...(listing && { listingId: listing.id, listingTitle: listing.title, submittedAt: new Date().toISOString() }),
        website,
        fillTimeMs: timer.elapsed(),
      });
      setStatus(result.status === 'queued' ? 'queued' : 'success');
      setValues({ ...empty, message: '' });
      setWebsite('');
      timer.restart();
      onOutcome(result.status);
      closeTimer.current = setTimeout(onClose, POPUP_AUTO_CLOSE_MS);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error) as InquiryErrors;
      setErrors(fieldErrors);
      setStatus('error');
      onOutcome('error');
      focusFirstError(fieldErrors);
    }
  };

  const done = status === 'success' || status === 'queued';
  const field = (name: keyof InquiryValues) => ({
    name,
    value: values[name],
    disabled: done,
    onChange: (event: { target: { value: string } }) => edit(name, event.target.value),
  });

  return (
    <Modal
      titleId="inquiry-popup-title"
      title={title}
      description="Leave your details and a community specialist will get back to you."
      onClose={onClose}
    >
      <form ref={form} className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field id="inquiry-name" label="Name" required error={errors.name}>
          {(aria) => <input {...aria} {...field('name')} type="text" autoComplete="name" />}
        </Field>
        <Field id="inquiry-email" label="Email" required error={errors.email}>
          {(aria) => <input {...aria} {...field('email')} type="email" autoComplete="email" inputMode="email" />}
        </Field>
        <Field id="inquiry-phone" label="Phone" optional error={errors.phone}>
          {(aria) => <input {...aria} {...field('phone')} type="tel" autoComplete="tel" />}
        </Field>
        <Field id="inquiry-message" label="Message" required error={errors.message}>
          {(aria) => <textarea {...aria} {...field('message')} rows={4} />}
        </Field>
        <Honeypot value={website} onChange={setWebsite} />
        <div className="form__status" role="status" aria-live="polite">
          {status === 'success' && <p className="notice notice--success">{popupSuccessMessage(communityName)}</p>}
          {status === 'queued' && <p className="notice notice--info">{OFFLINE_QUEUED_MESSAGE}</p>}
        </div>
        {status === 'error' && (
          <p className="notice notice--error" role="alert">
            {MESSAGES.popupFailure}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={status === 'submitting' || done}>
            {status === 'submitting' ? 'Sending...' : 'Send Request'}
          </button>
        </div>
      </form>
      <ToastRegion toast={toast} onDismiss={() => setToast(null)} />
    </Modal>
  );
}
