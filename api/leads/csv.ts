/**
 * CSV export of leads (RFC 4180 quoting), safe to open in a spreadsheet:
 * - a cell that a spreadsheet would run as a formula (= + - @ tab CR at the start) is prefixed with ';
 * - so is every place inside a cell that starts a cell for a reader splitting on another separator: after a ","
 *   or ";" and after a line break. A spreadsheet whose list separator is ";" (most of Europe) splits this
 *   comma-separated file on ";" and honours quotes only at the start of its own cells, so quoting alone would
 *   still turn `ok;-2+3;@SUM(1)` into the formulas `-2+3` and `@SUM(1)`; it is exported as `"ok;'-2+3;'@SUM(1)"`;
 * - a cell holding a separator (, or ;), a quote or a line break is quoted;
 * - the file starts with a UTF-8 byte-order mark, so Excel reads accents and emoji as UTF-8, not as Windows-1252;
 * - communities and listings by name (a deleted one leaves its cell empty; its id stays in the id columns), the
 *   owner by email, and the open-house answers (buying timeline, agent, consent wording), visit slot and next step
 *   in columns of their own.
 */
import { BUYING_TIMELINE_LABELS, type Lead } from '../../domain';

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

/**
 * The columns, in order: a header a person reads, and how each cell comes from the lead. Names beside ids (the
 * ids stay, for joining with other exports); the open-house answers and the visit slot in their own columns.
 */
export const CSV_COLUMNS: readonly CsvColumn[] = [
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
  text = text.replace(/(^|[,;\r\n])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly Lead[], names: LeadNames): string {
  const lines = [CSV_COLUMNS.map((column) => column.header).join(',')];
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(column.cell(lead, names))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
