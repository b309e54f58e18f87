/**
 * The messages of the visitors' forms (SPEC §5 popup request form, §8 public), exactly as the spec words them: the
 * public pages import these and not domain/messages.ts, which also holds every back-office message (about 0.9 KB of
 * gzip JavaScript a contact page would otherwise load before it is interactive, DESIGN §7). MESSAGES includes them.
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
