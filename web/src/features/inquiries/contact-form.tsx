/**
 * The contact page form (SPEC §2 /contact, §5): name, email, interest and message required by the browser's own
 * validation, phone optional; sent to /api/contact. Success shows 'Thank you for your message! ...' for 3 s and
 * clears the form; failure keeps the input and shows the spec's error; offline, the message waits in the outbox.
 *
 * The server renders this form, so a visitor on a slow phone types into it before the app has started (issue 12).
 * Its fields are therefore uncontrolled: the browser holds what was typed, hydration leaves it in place, and the
 * submit reads the fields through FormData (hooks/use-visitor-form.ts), so a press of Send made before the app was
 * ready (held by the starter and replayed) sends exactly what is on screen.
 *
 * With no app running at all (JavaScript off, or app code that never arrived), the browser posts the form itself
 * to the server's POST /contact (api/routes/contact-form-post.ts), which stores the lead and comes back to
 * /contact?sent=1: the page then shows the sent notice.
 */
import { CONTACT_PAGE_INTERESTS, INTEREST_LABELS, SUCCESS_MESSAGE_MS } from '@domain/constants';
import { EMAIL_ADDRESS_PATTERN, VISITOR_FIELD_LIMITS, VISITOR_MESSAGES } from '@domain/visitor-messages';
import { Field, SelectField } from '@/components/field';
import { Honeypot } from '@/components/spam-guard';
import { ContactField, SendNotices } from '@/components/visitor-fields';
import { preloadInquirySending, sendInquiry } from '@/data/submit-inquiry';
import { useSearchParams } from 'react-router-dom';
import { formText, useVisitorForm } from '@/hooks/use-visitor-form';
import type { ContactInterest } from '@/utils/validate-inquiry';

export function ContactForm() {
  const { errors, status, setStatus, later, formProps } = useVisitorForm<
    'name' | 'email' | 'phone' | 'interest' | 'message'
  >({
    keepFailure: true,
    // The browser checks what is required, but it takes a name or message of spaces, and an address like
    // `jane.@gmail.com`, that the server refuses: caught here, with the other forms' messages, before anything is
    // sent or queued (queued offline, it would be refused later, and reach no one).
    fields: ['name', 'email', 'message'],
    check: (data) => ({
      // Hand-written, not validateInquiry: importing it brought that module's chunk to this page (1.3 KB).
      ...(formText(data, 'name') ? {} : { name: VISITOR_MESSAGES.nameRequired }),
      ...(EMAIL_ADDRESS_PATTERN.test(formText(data, 'email')) ? {} : { email: VISITOR_MESSAGES.emailInvalid }),
      ...(formText(data, 'message') ? {} : { message: VISITOR_MESSAGES.messageRequired }),
    }),
    send: async (data, spam) => {
      const text = (name: string) => formText(data, name);
      const result = await sendInquiry({
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        message: text('message'),
        interest: (text('interest') || 'general') as ContactInterest,
        ...spam,
        source: 'contact-page',
        endpoint: 'contact',
      });
      return result.status;
    },
    onSettled: (outcome) => {
      if (outcome === 'error') return;
      formProps.ref.current?.reset();
      if (outcome === 'sent') later(() => setStatus('idle'), SUCCESS_MESSAGE_MS);
    },
  });
  // Sent by the browser's own form post (see above): the server redirected here.
  const sentByPost = useSearchParams()[0].has('sent');

  return (
    // The sending code comes once a field takes the focus (not with the page view), so Send still works if the
    // connection drops before it.
    <form className="form contact-form" method="post" action="/contact" {...formProps} onFocus={preloadInquirySending}>
      <h2>Send Us a Message</h2>
      <div className="form__row">
        <ContactField detail="name" idPrefix="contact" error={errors.name} />
        <ContactField detail="email" idPrefix="contact" error={errors.email} />
      </div>
      <div className="form__row">
        <ContactField detail="phone" idPrefix="contact" error={errors.phone} optional />
        <SelectField
          id="contact-interest"
          label="Interest"
          required
          error={errors.interest}
          name="interest"
          defaultValue="general"
        >
          {CONTACT_PAGE_INTERESTS.map((interest) => (
            <option key={interest} value={interest}>
              {INTEREST_LABELS[interest]}
            </option>
          ))}
        </SelectField>
      </div>
      <Field id="contact-message" label="Message" required error={errors.message}>
        {(aria) => <textarea {...aria} name="message" rows={6} required maxLength={VISITOR_FIELD_LIMITS.message} />}
      </Field>
      <Honeypot />
      <SendNotices
        status={status === 'idle' && sentByPost ? 'sent' : status}
        sent={VISITOR_MESSAGES.contactPageSuccess}
        failed={VISITOR_MESSAGES.contactPageFailure}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        aria-disabled={status === 'submitting' || undefined}
      >
        {status === 'submitting' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
