/**
 * The visitor forms' checks (SPEC §5) with the spec's messages: name and email for every form, and the popup's
 * message; hand-written so no schema library loads on public pages (DESIGN §7). Phone is optional.
 */
import type { CONTACT_INTERESTS } from '@domain/constants';
import { EMAIL_ADDRESS_PATTERN, VISITOR_FIELD_LIMITS, VISITOR_MESSAGES } from '@domain/visitor-messages';

export type ContactInterest = (typeof CONTACT_INTERESTS)[number];

export interface InquiryValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type InquiryErrors = Partial<Record<keyof InquiryValues, string>>;

/** The server's own pattern (domain/constants/leads.ts): an address it would refuse is caught before the send. */
export const EMAIL_PATTERN = EMAIL_ADDRESS_PATTERN;

/** The checks every visitor form makes: a name, and an email that looks like an address. */
export function contactErrors(values: Pick<InquiryValues, 'name' | 'email'>): Pick<InquiryErrors, 'name' | 'email'> {
  const errors: InquiryErrors = {};
  if (!values.name.trim()) errors.name = VISITOR_MESSAGES.nameRequired;
  const email = values.email.trim();
  if (!email) errors.email = VISITOR_MESSAGES.emailRequired;
  else if (email.length > VISITOR_FIELD_LIMITS.email || !EMAIL_PATTERN.test(email))
    errors.email = VISITOR_MESSAGES.emailInvalid;
  return errors;
}

export function validateInquiry(values: InquiryValues): InquiryErrors {
  const errors: InquiryErrors = contactErrors(values);
  if (!values.message.trim()) errors.message = VISITOR_MESSAGES.messageRequired;
  return errors;
}
