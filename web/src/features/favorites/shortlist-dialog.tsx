/**
 * 'Send my shortlist to a sales agent': name, email, phone (optional), a note (optional) and consent, then one
 * lead (interest 'shortlist', source 'favorites') carrying the saved homes' ids, with a message listing their
 * titles. It goes through the outbox like every visitor inquiry, so offline it is kept on this device and sent
 * exactly once when the network returns; the confirmation says which of the two happened.
 */
import { useEffect } from 'react';
import { VISITOR_MESSAGES } from '@domain/visitor-messages';
import { ConsentField } from '@/components/consent-field';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { Honeypot } from '@/components/spam-guard';
import { ContactField, SendNotices } from '@/components/visitor-fields';
import { formText, useVisitorForm } from '@/hooks/use-visitor-form';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { contactErrors } from '@/utils/validate-inquiry';
import { SHORTLIST_NOTE_MAX_LENGTH, shortlistMessage, type ShortlistHome } from './shortlist';

export const SHORTLIST_SENT_MESSAGE = 'Thank you! A sales agent has your shortlist and will contact you soon.';
export const CONSENT_REQUIRED_MESSAGE = 'Please agree to be contacted, so a sales agent can reply.';

const loadRepository = () => import('@/data/repositories/inquiry-repository');

export function ShortlistDialog({ homes, onClose }: { homes: ShortlistHome[]; onClose: () => void }) {
  const { general } = useSiteSettings();
  // Loaded while the visitor types, so a send made after the connection dropped still has its code.
  useEffect(() => void loadRepository().catch(() => undefined), []);
  const { errors, status, formProps } = useVisitorForm({
    fields: ['name', 'email', 'phone', 'note', 'consent'],
    check: (data) => ({
      ...contactErrors({ name: formText(data, 'name'), email: formText(data, 'email') }),
      ...(!data.has('consent') && { consent: CONSENT_REQUIRED_MESSAGE }),
    }),
    send: async (data, spam) => {
      const { submitInquiry } = await loadRepository();
      const result = await submitInquiry({
        name: formText(data, 'name'),
        email: formText(data, 'email'),
        phone: formText(data, 'phone'),
        message: shortlistMessage(homes, formText(data, 'note')),
        interest: 'shortlist',
        source: 'favorites',
        listingIds: homes.map((home) => home.id),
        ...spam,
      });
      return result.status;
    },
  });
  const done = status === 'sent' || status === 'queued';

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
      <form className="form" noValidate {...formProps}>
        <ContactField detail="name" idPrefix="shortlist" error={errors.name} disabled={done} />
        <ContactField detail="email" idPrefix="shortlist" error={errors.email} disabled={done} />
        <ContactField detail="phone" idPrefix="shortlist" error={errors.phone} disabled={done} optional />
        <Field id="shortlist-note" label="Anything we should know?" optional error={errors.note}>
          {(aria) => <textarea {...aria} name="note" rows={3} disabled={done} maxLength={SHORTLIST_NOTE_MAX_LENGTH} />}
        </Field>
        <ConsentField id="shortlist-consent" className="field consent" error={errors.consent} disabled={done}>
          I agree that {general.siteName} may contact me about these homes by email or phone.
        </ConsentField>
        <Honeypot />
        <SendNotices status={status} sent={SHORTLIST_SENT_MESSAGE} failed={VISITOR_MESSAGES.popupFailure} />
        <DialogFormActions status={status} submitLabel="Send Shortlist" onCancel={onClose} closeWhenDone />
      </form>
    </Modal>
  );
}
