/**
 * The dashboard's visits of today and tomorrow: open leads asking for a visit ('visit' interest) whose preferred
 * date is today or tomorrow in Central Time, the zone every community and every booked date is in
 * (domain/visit-slots.ts), whatever the admin's device zone is. Pure, so the midnight edges are unit-tested.
 */
import { VISIT_SLOTS } from '@domain/constants';
import type { Lead } from '@domain/schemas/lead';
import { isOpenLead } from '@domain/schemas/lead-work';
import { addDays, formatSlot, timeToMinutes, zonedNow } from '@domain/visit-slots';

export interface UpcomingVisit {
  id: string;
  name: string;
  /** "10:00 AM", "Morning" (older leads chose a part of the day), or "Any time". */
  slotLabel: string;
  /** The community's name, or null when the lead names none (or one no longer listed). */
  communityName: string | null;
}

export interface UpcomingVisits {
  /** "YYYY-MM-DD" in Central Time. */
  today: string;
  tomorrow: string;
  todayVisits: UpcomingVisit[];
  tomorrowVisits: UpcomingVisit[];
}

type VisitPart = (typeof VISIT_SLOTS)[number];

/** Where a part of the day sorts among start times: the office's morning, afternoon and evening. */
const PART_START_MINUTES: Record<VisitPart, number> = { morning: 8 * 60, afternoon: 12 * 60, evening: 17 * 60 };
const PART_LABELS: Record<VisitPart, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
/** A visit with no time goes after those with one. */
const NO_SLOT_MINUTES = 24 * 60;

const isPart = (slot: string): slot is VisitPart => (VISIT_SLOTS as readonly string[]).includes(slot);

const slotMinutes = (slot: string | undefined): number =>
  !slot ? NO_SLOT_MINUTES : isPart(slot) ? PART_START_MINUTES[slot] : timeToMinutes(slot);

const slotLabel = (slot: string | undefined): string =>
  !slot ? 'Any time' : isPart(slot) ? PART_LABELS[slot] : formatSlot(slot);

/**
 * Today's and tomorrow's visits at `now`, each day in the order of its time slots (then by name). `communityNames`
 * maps community ids to names (the dashboard has the communities loaded already).
 */
export function upcomingVisits(
  leads: readonly Lead[],
  now: Date,
  communityNames: ReadonlyMap<string, string>,
): UpcomingVisits {
  const today = zonedNow(now).date;
  const tomorrow = addDays(today, 1);
  const onDate = (date: string): UpcomingVisit[] =>
    leads
      .filter((lead) => lead.interest === 'visit' && lead.preferredDate === date && isOpenLead(lead))
      .sort((a, b) => slotMinutes(a.preferredSlot) - slotMinutes(b.preferredSlot) || a.name.localeCompare(b.name))
      .map((lead) => ({
        id: lead.id,
        name: lead.name,
        slotLabel: slotLabel(lead.preferredSlot),
        communityName: (lead.communityId && communityNames.get(lead.communityId)) || null,
      }));
  return { today, tomorrow, todayVisits: onDate(today), tomorrowVisits: onDate(tomorrow) };
}
