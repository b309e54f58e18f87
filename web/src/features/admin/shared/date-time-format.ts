/**
 * The back office's date and time formats, in Central Time with its zone named ("Nov 2, 2026, 12:30 AM CST"),
 * whatever the admin's device is set to: the inbox's From/To, Overdue, the dashboard's days and the CSV all count
 * Central days, so a laptop on Pacific time showed a lead as "Nov 1, 10:30 PM" that only a filter for Nov 2 found.
 * Built on Intl, which only the admin loads; the site's own formats (USD, counts, long UTC dates, written out
 * without Intl for the public pages) are in utils/format.ts.
 */
import { VISIT_TIME_ZONE } from '@domain/visit-slots';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: VISIT_TIME_ZONE,
  timeZoneName: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('en-US', {
  timeZone: VISIT_TIME_ZONE,
  timeZoneName: 'short',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** "Nov 21, 2026, 3:05 PM CST"; '' for an unreadable value. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** "3:05:12 PM CST". */
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
