/**
 * The request-information popup (SPEC §2, §4, §5) of community and listing pages, loaded on first open.
 * Name, email (a valid address) and message are required, phone optional; each field's error clears when that
 * field is edited. States: idle, submitting, success (clears and closes after 3 s), error. Offline, the request
 * is kept in the outbox and the visitor is told so. A listing inquiry also raises the listing toasts.
 */
import { useEffect, useState } from 'react';
import { POPUP_AUTO_CLOSE_MS } from '@domain/constants';
import { VISITOR_FIELD_LIMITS, VISITOR_MESSAGES, popupSuccessMessage } from '@domain/visitor-messages';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { Honeypot } from '@/components/spam-guard';
import { ToastRegion, type ToastMessage } from '@/components/toast-region';
import { ContactField, SendNotices } from '@/components/visitor-fields';
import { preloadInquirySending, sendInquiry } from '@/data/submit-inquiry';
import { formText, useVisitorForm } from '@/hooks/use-visitor-form';
import { queuedMessage } from '@/utils/inquiry-messages';
import { validateInquiry, type InquiryValues } from '@/utils/validate-inquiry';

export type InquiryOutcome = 'sent' | 'queued' | 'error';

/** The listing popup's toasts (SPEC §8); when it waits in the outbox, the outbox notice instead. */
const TOASTS: Record<InquiryOutcome, Omit<ToastMessage, 'id'>> = {
  sent: { text: VISITOR_MESSAGES.listingPopupSuccess, tone: 'success' },
  // Worded when shown (offline or not): see queuedMessage.
  get queued() {
    return { text: queuedMessage(), tone: 'info' as const };
  },
  error: { text: VISITOR_MESSAGES.listingPopupFailure, tone: 'error' },
};

/** The popup's fields as sent (trimmed). */
const readInquiry = (data: FormData): InquiryValues => ({
  name: formText(data, 'name'),
  email: formText(data, 'email'),
  phone: formText(data, 'phone'),
  message: formText(data, 'message'),
});

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

export default function InquiryPopup(props: InquiryPopupProps) {
  const { title, communityName, communityId, listing, defaultMessage = '', onClose } = props;
  const [toast, setToast] = useState<ToastMessage | null>(null);
  // The sending code comes as the popup opens, so Send still works if the connection drops meanwhile.
  useEffect(preloadInquirySending, []);
  const { errors, status, later, formProps } = useVisitorForm({
    fields: ['name', 'email', 'phone', 'message'],
    check: (data) => validateInquiry(readInquiry(data)),
    send: async (data, spam) => {
      const result = await sendInquiry({
        ...readInquiry(data),
        interest: listing ? 'buying' : 'community',
        source: listing ? 'listing' : 'popup',
        communityId,
        ...(listing && { listingId: listing.id, listingTitle: listing.title, submittedAt: new Date().toISOString() }),
        ...spam,
      });
      return result.status;
    },
    onSettled: (outcome) => {
      // A listing inquiry also shows a toast with its outcome (it lasts as long as the success message).
      if (listing) setToast({ id: Date.now(), ...TOASTS[outcome] });
      if (outcome === 'error') return;
      // The form empties (the default message too) and the popup closes.
      const form = formProps.ref.current!;
      form.reset();
      (form.elements.namedItem('message') as HTMLTextAreaElement).value = '';
      later(onClose, POPUP_AUTO_CLOSE_MS);
    },
  });
  // Once sent, the fields give way to the outcome and a Close button (DialogFormActions gives it the focus).
  const done = status === 'sent' || status === 'queued';

  return (
    <Modal
      titleId="inquiry-popup-title"
      title={title}
      description="Leave your details and a community specialist will get back to you."
      onClose={onClose}
    >
      <form className="form" noValidate {...formProps}>
        {/* Sent, the popup shows its outcome whole instead of empty fields under it (issue 17). */}
        <div className="form__fields" hidden={done}>
          <ContactField detail="name" idPrefix="inquiry" error={errors.name} />
          <ContactField detail="email" idPrefix="inquiry" error={errors.email} />
          <ContactField detail="phone" idPrefix="inquiry" error={errors.phone} optional />
          <Field id="inquiry-message" label="Message" required error={errors.message}>
            {(aria) => (
              <textarea
                {...aria}
                name="message"
                required
                rows={4}
                defaultValue={defaultMessage}
                maxLength={VISITOR_FIELD_LIMITS.message}
              />
            )}
          </Field>
          <Honeypot />
        </div>
        <SendNotices status={status} sent={popupSuccessMessage(communityName)} failed={VISITOR_MESSAGES.popupFailure} />
        <DialogFormActions status={status} submitLabel="Send Request" onCancel={onClose} closeWhenDone />
      </form>
      <ToastRegion toast={toast} onDismiss={() => setToast(null)} placement="top" />
    </Modal>
  );
}
