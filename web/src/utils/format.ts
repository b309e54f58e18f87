/** Formats of SPEC §9: USD without decimals, long US dates; and the colour darkening of the community bar. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 425000 → "$425,000". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "2026-11-21T…" → "November 21, 2026" (UTC, so server and browser render the same text). */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : longDate.format(time);
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
