/**
 * CSV export of leads (RFC 4180 quoting), safe to open in a spreadsheet:
 * - a cell that a spreadsheet would run as a formula (= + - @ tab CR at the start) is prefixed with ';
 * - so is every place inside a cell that starts a cell for a reader splitting on another separator: after a ","
 *   or ";" and after a line break. A spreadsheet whose list separator is ";" (most of Europe) splits this
 *   comma-separated file on ";" and honours quotes only at the start of its own cells, so quoting alone would
 *   still turn `ok;-2+3;@SUM(1)` into the formulas `-2+3` and `@SUM(1)`; it is exported as `"ok;'-2+3;'@SUM(1)"`;
 * - a cell holding a separator (, or ;), a quote or a line break is quoted;
 * - the file starts with a UTF-8 byte-order mark, so Excel reads accents and emoji as UTF-8, not as Windows-1252.
 */
import type { ContactRequest } from '../../domain';

export const CSV_COLUMNS: (keyof ContactRequest)[] = [
  'createdAt',
  'status',
  'name',
  'email',
  'phone',
  'interest',
  'source',
  'communityId',
  'listingId',
  'listingTitle',
  'preferredDate',
  'preferredSlot',
  'visitType',
  'message',
  'notes',
  'id',
];

/** The UTF-8 byte-order mark the file starts with. */
export const CSV_BOM = '\ufeff';

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  text = text.replace(/(^|[,;\r\n])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly ContactRequest[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(lead[column])).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
