/**
 * The messages of the visitors' forms (SPEC §5 popup request form, §8 public), exactly as the spec words them: the
 * public pages import these and not domain/messages.ts, which also holds every back-office message (about 0.9 KB of
 * gzip JavaScript a contact page would otherwise load before it is interactive, DESIGN §7). MESSAGES includes them.
 * Beside them, what those forms check before a send, shared with the server's schemas. They are here because every
 * visitor form already loads this module: put anywhere else, they made a chunk of their own or tied the dialogs'
 * shared chunk to the contact page's, which cost every public page bytes in its preload lists (110 KB budget).
 */
export const VISITOR_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  popupFailure: 'There was an error submitting your request. Please try again.',
  contactPageSuccess: "Thank you for your message! We'll get back to you soon.",
  contactPageFailure: 'There was an error sending your message. Please try again.',
  listingPopupSuccess: 'Contact form submitted successfully!',
  listingPopupFailure: 'Error submitting contact form',
} as const;

export const popupSuccessMessage = (community: string): string =>
  `Thank you for your interest in ${community}! We'll be in touch soon.`;

/**
 * What an email address must look like, on the server (domain/schemas/common.ts emailSchema) and in the visitor
 * forms alike (zod's own pattern, ASCII): a form that let through an address the server then refused had the lead
 * queued offline, thanked for, and refused later on the device, where nobody sees it.
 */
export const EMAIL_ADDRESS_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/**
 * The longest value a lead keeps of each field a visitor types (the email's is RFC 5321's): the server's schemas
 * refuse more (domain/schemas/lead.ts, open-house.ts), so the visitor forms' inputs take no more. Written here, not
 * as TEXT_LIMITS, so the forms' code does not bring the record constants along (the contact page's 110 KB).
 */
export const VISITOR_FIELD_LIMITS = { name: 200, email: 254, phone: 40, message: 10_000 } as const;
