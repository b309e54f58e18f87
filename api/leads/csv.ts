/**
 * CSV export of leads (RFC 4180 quoting), safe to open in a spreadsheet:
 * - a cell that a spreadsheet would run as a formula (= + - @ tab CR at the start) is prefixed with ';
 * - so is every place inside a cell that starts a cell for a reader splitting on another separator: after a ",",
 *   ";" or tab (a text import or a paste splits on tabs) and after a line break. A spreadsheet whose list
 *   separator is ";" (most of Europe) splits this comma-separated file on ";" and honours quotes only at the
 *   start of its own cells, so quoting alone would still turn `ok;-2+3;@SUM(1)` into the formulas `-2+3` and
 *   `@SUM(1)`; it is exported as `"ok;'-2+3;'@SUM(1)"`;
 * - a cell holding a separator (, or ;), a quote or a line break is quoted;
 * - the file starts with a UTF-8 byte-order mark, so Excel reads accents and emoji as UTF-8, not as Windows-1252;
 * - communities and listings by name (a deleted one leaves its cell empty; its id stays in the id columns), the
 *   owner by email, and the open-house answers (buying timeline, agent, consent wording), visit slot and next step
 *   in columns of their own;
 * - first, when the lead arrived as the inbox shows it (submittedAt, else createdAt): the Central Time day that
 *   From/To match, the Central Time of day, and the instant in UTC; rows in the inbox's order, newest first.
 */
import { BUYING_TIMELINE_LABELS, receivedAt, type Lead } from '../../domain';
import { minutesToTime, zonedNow } from '../../domain/visit-slots';

/** What a lead refers to by id, by name: the reader of the file has no database to look ids up in. */
export interface LeadNames {
  communityName(id: string): string | undefined;
  listingTitle(id: string): string | undefined;
  adminEmail(id: string): string | undefined;
}

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'yes' : 'no');

interface CsvColumn {
  header: string;
  cell: (lead: Lead, names: LeadNames) => unknown;
}

/** A column that is the lead's field of the same name, as it is. */
const field = (key: keyof Lead): CsvColumn => ({ header: key, cell: (lead) => lead[key] });

const receivedClocks = new WeakMap<Lead, { day: string; time: string }>();

/** The Central Time day (YYYY-MM-DD) and time (HH:MM) a lead arrived, read once for its two columns. */
function receivedClock(lead: Lead): { day: string; time: string } {
  let clock = receivedClocks.get(lead);
  if (!clock) {
    const instant = new Date(receivedAt(lead));
    // The domain's Central Time clock (its formatter is made once), so the day is the one From/To match. An
    // unreadable stored time leaves two empty cells rather than failing the whole export.
    const central = Number.isNaN(instant.getTime()) ? null : zonedNow(instant);
    clock = central ? { day: central.date, time: minutesToTime(central.minutes) } : { day: '', time: '' };
    receivedClocks.set(lead, clock);
  }
  return clock;
}

/**
 * The columns, in order: a header a person reads, and how each cell comes from the lead. Names beside ids (the
 * ids stay, for joining with other exports); the open-house answers and the visit slot in their own columns.
 * The received columns come first: createdAt is when the server stored the lead, which for one that waited in an
 * outbox is days after the visitor sent it, and its UTC day is the next day for anything sent after 6-7 pm.
 */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'receivedDay', cell: (lead) => receivedClock(lead).day },
  { header: 'receivedTime', cell: (lead) => receivedClock(lead).time },
  { header: 'receivedAt', cell: (lead) => receivedAt(lead) },
  field('createdAt'),
  field('status'),
  field('name'),
  field('email'),
  field('phone'),
  field('interest'),
  field('source'),
  { header: 'community', cell: (lead, names) => (lead.communityId ? names.communityName(lead.communityId) : '') },
  {
    header: 'listing',
    cell: (lead, names) => lead.listingTitle ?? (lead.listingId ? names.listingTitle(lead.listingId) : ''),
  },
  field('preferredDate'),
  field('preferredSlot'),
  field('visitType'),
  field('openHouseDate'),
  {
    header: 'buyingTimeline',
    cell: (lead) => (lead.buyingTimeline ? BUYING_TIMELINE_LABELS[lead.buyingTimeline] : ''),
  },
  { header: 'workingWithAgent', cell: (lead) => yesNo(lead.workingWithAgent) },
  field('consentText'),
  { header: 'owner', cell: (lead, names) => (lead.ownerId ? (names.adminEmail(lead.ownerId) ?? lead.ownerId) : '') },
  field('nextStepAt'),
  field('nextStep'),
  field('message'),
  field('notes'),
  field('communityId'),
  field('listingId'),
  field('id'),
];

/** The UTF-8 byte-order mark the file starts with. */
export const CSV_BOM = '\ufeff';

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  text = text.replace(/(^|[,;\t\r\n])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly Lead[], names: LeadNames): string {
  const lines = [CSV_COLUMNS.map((column) => column.header).join(',')];
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(column.cell(lead, names))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
