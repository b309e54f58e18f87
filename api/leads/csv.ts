/**
 * CSV export of leads (RFC 4180 quoting). Cells that a spreadsheet would run as a formula
 * (= + - @ tab CR at the start) are prefixed with ' so an exported inquiry cannot execute anything.
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

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly ContactRequest[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(lead[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
