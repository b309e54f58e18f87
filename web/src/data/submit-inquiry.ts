/**
 * Sending a visitor's inquiry through the data layer. The repository (ky, Dexie, outbox) is imported at submit
 * time only, so none of it loads with a page view (DESIGN §7). It answers 'sent', or 'queued' when the device is
 * offline and the outbox will send it later, and throws with `details` when the server rejects a field.
 */
import type { ContactInterest } from '@/utils/validate-inquiry';

export interface InquiryInput {
  name: string;
  email: string;
  phone: string;
  message: string;
  interest: ContactInterest;
  source: 'popup' | 'listing' | 'contact-page';
  communityId?: string;
  listingId?: string;
  listingTitle?: string;
  /** Listing inquiries: when the visitor sent it (ISO). */
  submittedAt?: string;
  /** The honeypot field (empty for people). */
  website: string;
  /** Milliseconds from the form's first render to the submit. */
  fillTimeMs: number;
  /** 'contact' posts to /api/contact (the contact page, SPEC §7). */
  endpoint?: 'contact';
  /** Called once if the inquiry was queued and has since reached the server. */
  onDelivered?: () => void;
}

export type InquiryResult = { status: 'sent' | 'queued' };

const loadInquiryRepository = () => import('./repositories/inquiry-repository');

export async function sendInquiry(input: InquiryInput): Promise<InquiryResult> {
  const { submitInquiry } = await loadInquiryRepository();
  return submitInquiry(input);
}

/**
 * Fetches the sending code ahead of Send, once the visitor starts on a form (the popup opens, a contact-page field
 * takes the focus). Loaded only at Send, it could not arrive when the connection dropped in between on a first
 * visit (before the service worker has the app's files), and the lead could not be kept on the device.
 */
export function preloadInquirySending(): void {
  void loadInquiryRepository().catch(() => undefined);
}

/** Field messages from a server rejection (`details: [{ path, message }]`), by field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const details = (error as { details?: { path?: unknown; message?: unknown }[] } | null)?.details;
  const errors: Record<string, string> = {};
  if (Array.isArray(details))
    for (const { path, message } of details)
      if (typeof path === 'string' && typeof message === 'string') errors[path.split('.')[0]!] ??= message;
  return errors;
}
