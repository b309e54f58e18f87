/**
 * Formats of SPEC §9 (USD without decimals, long US dates, counts with thousands separators) and the colour
 * helpers of the community theme.
 *
 * The number and date formats are written out rather than built on Intl: the first ICU formatter a page creates
 * costs 20-50 ms on a desktop (ICU loads its locale data), four times that on a phone, in the task that starts
 * the app, to print the text the server already rendered (Total Blocking Time, DESIGN §7). Only en-US is shown;
 * the tests check these against Intl over random values. Their range is what the records hold: finite numbers
 * below 1e21 in magnitude (beyond, String() writes an exponent) and dates of years 1 to 9999.
 */

/** "1234567.5" → "1,234,567.5" (the integer part grouped by threes). */
const groupThousands = (plain: string) => plain.replace(/^\d+/, (integer) => integer.replace(/\B(?=(\d{3})+$)/g, ','));

/**
 * Signed decimal digits of `value` rounded half away from zero to `digits` decimals, as Intl does: like ICU it
 * starts from the shortest decimal that identifies the double (what String() writes), not its exact binary value.
 * Intl writes a minus for every negative number, -0 and values that round to zero included.
 */
function rounded(value: number, digits: number): [sign: string, plain: string] {
  const absolute = Math.abs(value);
  // String() writes an exponent below 1e-6; such a value rounds to zero at three decimals or fewer.
  const [integer, fraction = ''] = absolute < 1e-6 ? ['0'] : String(absolute).split('.');
  let kept = integer! + fraction.slice(0, digits).padEnd(digits, '0');
  if (fraction[digits]! >= '5') kept = String(BigInt(kept) + 1n).padStart(kept.length, '0');
  const integerLength = kept.length - digits;
  return [
    value < 0 || Object.is(value, -0) ? '-' : '',
    digits ? `${kept.slice(0, integerLength)}.${kept.slice(integerLength)}` : kept,
  ];
}

/** 425000 → "$425,000"; with cents, 1234.5 → "$1,234.50". */
export function formatUsd(amount: number, options: { cents?: boolean } = {}): string {
  const [sign, plain] = rounded(amount, options.cents ? 2 : 0);
  return `${sign}$${groupThousands(plain)}`;
}

/** 3450 → "3,450"; like toLocaleString('en-US'): up to three decimals, trailing zeros dropped. */
export function formatCount(value: number): string {
  const [sign, plain] = rounded(value, 3);
  return sign + groupThousands(plain.replace(/\.?0+$/, ''));
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/**
 * "2026-11-21T…" → "November 21, 2026", the day in Houston at Central Standard Time (UTC−6, so server and browser
 * render the same text without Intl). A UTC day put a listing added at 7:30 PM on the next day; the fixed offset is
 * off only for what is made between midnight and 1 AM in summer (CDT), which shows the day before.
 */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const date = new Date(time - 216e5);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Darkens a #RRGGBB colour by `factor` (0.2 → each channel × 0.8). Invalid input comes back unchanged. */
export function darken(hex: string, factor: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const channel = (part: string) =>
    Math.round(Number.parseInt(part, 16) * (1 - factor))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(match[1]!)}${channel(match[2]!)}${channel(match[3]!)}`;
}

/** Relative luminance contrast ratio between two #RRGGBB colours (WCAG 2). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const rgb = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
    const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
