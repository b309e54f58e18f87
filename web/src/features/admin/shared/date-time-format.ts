/**
 * The back office's date and time formats, in local time (the admin reads times on their own clock): date and
 * time, time of day, "5 min ago". Built on Intl, which only the admin loads; the site's own formats (USD, counts,
 * long UTC dates, written out without Intl for the public pages) are in utils/format.ts.
 */

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** "Nov 21, 2026, 3:05 PM"; '' for an unreadable value. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** "3:05:12 PM". */
export function formatTime(value: number | Date): string {
  return time.format(value);
}

/** "just now", "5 min ago", "3 h ago", else the date and time. */
export function formatRelative(value: number | string, now: number = Date.now()): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatDateTime(at);
}
