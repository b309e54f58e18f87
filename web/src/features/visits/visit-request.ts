/**
 * The visit form's pure parts: its checks, the lead's message and the calendar event of a booked visit. No React,
 * no storage, so they are unit-tested on their own.
 */
import type { VISIT_TYPES } from '@domain/constants';
import { formatSlot, formatVisitDate, VISIT_LENGTH_MINUTES, zonedTimeToUtc } from '@domain/visit-slots';
import { contactErrors } from '@/utils/validate-inquiry';
import type { CalendarEvent } from './ics';

export type VisitType = (typeof VISIT_TYPES)[number];

export const VISIT_TYPE_TEXT: Record<VisitType, string> = { 'in-person': 'In person', video: 'Video call' };

export interface VisitValues {
  visitType: VisitType;
  date: string;
  slot: string;
  name: string;
  email: string;
  phone: string;
  consent: boolean;
}
export type VisitErrors = Partial<Record<keyof VisitValues, string>>;

export const VISIT_MESSAGES = {
  dateRequired: 'Choose a date',
  slotRequired: 'Choose a time',
  slotPassed: 'That time has passed. Choose another time.',
  phoneRequired: 'Phone is required so the sales office can confirm your visit',
  consentRequired: 'Please agree to be contacted about this visit',
} as const;

/** The fields in the order they appear, for focusing the first error. */
export const VISIT_FIELD_ORDER = ['date', 'slot', 'name', 'email', 'phone', 'consent'] as const;

export function validateVisit(values: VisitValues, availableSlots: readonly string[]): VisitErrors {
  const errors: VisitErrors = {};
  if (!values.date) errors.date = VISIT_MESSAGES.dateRequired;
  if (!values.slot || !availableSlots.includes(values.slot)) errors.slot = VISIT_MESSAGES.slotRequired;
  Object.assign(errors, contactErrors(values));
  if (!values.phone.trim()) errors.phone = VISIT_MESSAGES.phoneRequired;
  if (!values.consent) errors.consent = VISIT_MESSAGES.consentRequired;
  return errors;
}

export interface VisitPlace {
  communityName: string;
  communityLocation?: string;
  listing?: { title: string; address: string };
}

/** "Saturday, November 28, 2026 at 10:00 AM Central Time". */
export const visitWhen = (date: string, slot: string) =>
  `${formatVisitDate(date, { year: true })} at ${formatSlot(slot)} Central Time`;

const placeName = (place: VisitPlace) =>
  place.listing ? `${place.listing.title} (${place.communityName})` : place.communityName;

/** The lead's message: what the sales office reads in the inbox (the structured fields carry the same facts). */
export function visitMessage(values: VisitValues, place: VisitPlace, siteName: string): string {
  return [
    `Visit request (${VISIT_TYPE_TEXT[values.visitType].toLowerCase()}): ${placeName(place)}, ${visitWhen(values.date, values.slot)}.`,
    ...(place.listing ? [`Home: ${place.listing.address}`] : []),
    `The visitor agreed that ${siteName} may contact them about this visit.`,
  ].join('\n');
}

/** The calendar entry of a requested visit (the lead id makes its UID, so a re-download updates the same event). */
export function visitCalendarEvent(
  values: Pick<VisitValues, 'visitType' | 'date' | 'slot'>,
  place: VisitPlace,
  leadId: string,
  host: string,
  pageUrl: string,
  now: Date,
): CalendarEvent {
  const start = zonedTimeToUtc(values.date, values.slot);
  const inPerson = values.visitType === 'in-person';
  return {
    uid: `${leadId}@${host}`,
    start,
    end: new Date(start.getTime() + VISIT_LENGTH_MINUTES * 60_000),
    stamp: now,
    summary: `${inPerson ? 'Visit' : 'Video tour'}: ${placeName(place)}`,
    description:
      `${VISIT_TYPE_TEXT[values.visitType]} visit requested for ${visitWhen(values.date, values.slot)}. ` +
      'The sales office will confirm it by email or phone.',
    location: inPerson
      ? (place.listing?.address ?? [place.communityName, place.communityLocation].filter(Boolean).join(', '))
      : 'Video call (the sales office sends the link)',
    url: pageUrl,
  };
}
