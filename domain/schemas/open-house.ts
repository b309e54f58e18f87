/**
 * The open-house kiosk (issue 5 item 6): a tablet at a community's open house signs visitors in. Each sign-in
 * becomes a lead with source 'open-house', the community and the date of the open house.
 *
 * A kiosk is started by a signed-in admin, who gets a kiosk pass for one community (POST /api/admin/kiosk-passes);
 * the tablet sends that pass with every sign-in (POST /api/public/kiosk/sign-ins), which lets the server count
 * sign-ins per kiosk instead of per IP and skip the fill-time spam check (a pass is only ever handed to an admin).
 */
import { z } from './zod';
import { TEXT_LIMITS } from '../constants';
import { VISITOR_FIELD_LIMITS } from '../visitor-messages';
import { MESSAGES } from '../messages';
import { emailSchema, text } from './common';

export const BUYING_TIMELINES = ['0-3-months', '3-6-months', '6-12-months', '12-plus-months', 'just-looking'] as const;
export type BuyingTimeline = (typeof BUYING_TIMELINES)[number];
export const BUYING_TIMELINE_LABELS: Record<BuyingTimeline, string> = {
  '0-3-months': 'Within 3 months',
  '3-6-months': 'In 3 to 6 months',
  '6-12-months': 'In 6 to 12 months',
  '12-plus-months': 'In more than a year',
  'just-looking': 'Just looking',
};

export const KIOSK_MESSAGES = {
  timelineRequired: 'Please choose when you plan to buy',
  agentRequired: 'Please tell us whether you work with an agent',
  consentRequired: 'Please tick the box so we may contact you',
} as const;

/** What a kiosk sends per visitor. The community comes from the pass, never from the body. */
export const kioskSignInSchema = z.object({
  /** Chosen on the tablet: the lead's id, so a repeated delivery cannot create a second lead. */
  id: z.uuid({ error: 'Must be a UUID' }),
  kioskPass: z.string().min(1).max(2000),
  name: text(VISITOR_FIELD_LIMITS.name, MESSAGES.nameRequired),
  email: emailSchema(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  phone: text(VISITOR_FIELD_LIMITS.phone).default(''),
  buyingTimeline: z.enum(BUYING_TIMELINES, { error: KIOSK_MESSAGES.timelineRequired }),
  workingWithAgent: z.boolean({ error: KIOSK_MESSAGES.agentRequired }),
  consent: z.literal(true, { error: KIOSK_MESSAGES.consentRequired }),
  /** The consent wording the visitor saw (it names the business), kept with the lead as proof. */
  consentText: text(TEXT_LIMITS.medium, KIOSK_MESSAGES.consentRequired),
  /** The open house's date on the tablet's calendar (YYYY-MM-DD). */
  openHouseDate: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }),
  submittedAt: z.iso.datetime({ error: 'Must be an ISO date-time' }),
  /** Used only when the pass is no longer valid (expired, or its admin removed): the community it was for. */
  communityId: z.string().max(100).optional(),
  /** The honeypot (a field people never see): a sign-in that fills it is stored as SPAM, as on the public forms. */
  website: z.string().max(TEXT_LIMITS.short).optional(),
});
export type KioskSignInInput = z.input<typeof kioskSignInSchema>;
export type KioskSignIn = z.infer<typeof kioskSignInSchema>;

/**
 * An admin asks for a kiosk pass for one community (id or slug), confirming their password: the tablet keeps only
 * a salted hash of it, to let the same admin (and only them) end kiosk mode while offline.
 */
export const kioskPassRequestSchema = z.object({
  communityId: z.string().min(1).max(100),
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(200),
});
export type KioskPassRequest = z.infer<typeof kioskPassRequestSchema>;

export interface KioskPass {
  pass: string;
  communityId: string;
  expiresAt: string;
}
