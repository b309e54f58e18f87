import { z } from './zod';
import { CONTACT_INTERESTS, LEAD_SOURCES, LEAD_STATUSES, TEXT_LIMITS, VISIT_SLOTS, VISIT_TYPES } from '../constants';
import { VISITOR_FIELD_LIMITS } from '../visitor-messages';
import { MESSAGES } from '../messages';
import { emailSchema, recordMetaSchema, text } from './common';
import { timeOfDaySchema } from './sales-office';
import { leadWorkPatchShape, leadWorkShape } from './lead-work';
import { BUYING_TIMELINES } from './open-house';

export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;
export const leadSourceSchema = z.enum(LEAD_SOURCES);
export const contactInterestSchema = z.enum(CONTACT_INTERESTS);

/**
 * What a visitor's form sends (popup, contact page, listing inquiry, visit request).
 * `website` is the honeypot (a field people never see, so only bots fill it) and `fillTimeMs`
 * the time the form was open; both only feed the spam check and are not stored.
 */
export const leadInputSchema = z.object({
  id: z.uuid().optional(),
  name: text(VISITOR_FIELD_LIMITS.name, MESSAGES.nameRequired),
  email: emailSchema(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  phone: text(VISITOR_FIELD_LIMITS.phone).default(''),
  message: text(VISITOR_FIELD_LIMITS.message, MESSAGES.messageRequired),
  interest: contactInterestSchema.default('general'),
  source: leadSourceSchema.optional(),
  communityId: z.string().max(100).optional(),
  listingId: z.string().max(100).optional(),
  listingTitle: text().optional(),
  listingIds: z.array(z.string().max(100)).max(20).optional(),
  submittedAt: z.iso.datetime({ error: 'Must be an ISO date-time' }).optional(),
  preferredDate: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).optional(),
  /** A start time "HH:MM" (Central Time) from the sales-office hours; older leads carry a part of the day. */
  preferredSlot: z.union([timeOfDaySchema, z.enum(VISIT_SLOTS)]).optional(),
  visitType: z.enum(VISIT_TYPES).optional(),
  // Filled by open-house kiosk sign-ins (schemas/open-house.ts, api/routes/kiosk.ts).
  buyingTimeline: z.enum(BUYING_TIMELINES).optional(),
  workingWithAgent: z.boolean().optional(),
  consentText: text(TEXT_LIMITS.medium).optional(),
  openHouseDate: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).optional(),
  website: z.string().max(TEXT_LIMITS.short).optional(),
  // Only a short fill time means anything (the inbox's "sent within N s" flag): a form left open for weeks is sent
  // like any other, so there is no upper bound that could refuse a lead.
  fillTimeMs: z.number().min(0).optional(),
});
export type LeadInput = z.input<typeof leadInputSchema>;

/** What an admin may change on a lead: its status and notes, and its work (owner, next step, note, action). */
export const leadPatchSchema = z
  .object({
    status: leadStatusSchema.optional(),
    notes: text(TEXT_LIMITS.long).optional(),
    ...leadWorkPatchShape,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Send status, notes, owner, next step, a note or an action',
  });
export type LeadPatch = z.infer<typeof leadPatchSchema>;

export const leadSchema = leadInputSchema
  .omit({ id: true, website: true, fillTimeMs: true })
  .extend({
    status: leadStatusSchema,
    notes: z.string(),
    spamReason: z.string().optional(),
    /**
     * Set when the form was sent within 2 s of opening (autofill, a prewritten message, typing before the app
     * started): shown in the inbox as a flag on a NEW lead, never a reason to hide it (docs/decisions.md).
     */
    quickFillMs: z.number().int().min(0).optional(),
    ...leadWorkShape,
  })
  .extend(recordMetaSchema.shape);
export type Lead = z.infer<typeof leadSchema>;
