/**
 * The visitor forms' checks (SPEC §5) with the spec's messages: name and email for every form, and the popup's
 * message; hand-written so no schema library loads on public pages (DESIGN §7). Phone is optional.
 */
import type { CONTACT_INTERESTS } from '@domain/constants';
import { VISITOR_MESSAGES } from '@domain/visitor-messages';

export type ContactInterest = (typeof CONTACT_INTERESTS)[number];

export interface InquiryValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type InquiryErrors = Partial<Record<keyof InquiryValues, string>>;

/** Something@something.tld, no spaces: what "looks like an address" means here. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks every visitor form makes: a name, and an email that looks like an address. */
export function contactErrors(values: Pick<InquiryValues, 'name' | 'email'>): Pick<InquiryErrors, 'name' | 'email'> {
  const errors: InquiryErrors = {};
  if (!values.name.trim()) errors.name = VISITOR_MESSAGES.nameRequired;
  const email = values.email.trim();
  if (!email) errors.email = VISITOR_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = VISITOR_MESSAGES.emailInvalid;
  return errors;
}

export function validateInquiry(values: InquiryValues): InquiryErrors {
  const errors: InquiryErrors = contactErrors(values);
  if (!values.message.trim()) errors.message = VISITOR_MESSAGES.messageRequired;
  return errors;
}
