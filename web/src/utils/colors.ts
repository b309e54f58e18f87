/**
 * Accessible colour pairs (WCAG AA, 4.5:1) for the site's and each community's primary colour. Theme colours
 * are validated as #RRGGBB by the domain schema before they get here.
 */
import { contrastRatio, darken } from './format';

const WHITE = '#ffffff';
const DARK = '#111827';
const AA = 4.5;
const STRONG = 5;

/** Text colour on a background: white only when it reaches 4.5:1, else dark text. */
export function textOn(background: string): string {
  if (contrastRatio(WHITE, background) >= AA) return WHITE;
  return contrastRatio(DARK, background) >= AA ? DARK : '#000000';
}

/**
 * The colour itself when white text on it (and it as text on white) reaches 5:1, else darkened in steps until it
 * does. 5:1 on white keeps it above 4.5:1 on the site's light tinted surfaces too.
 */
export function strongVariant(color: string): string {
  let result = color;
  for (let step = 1; step < 10 && contrastRatio(WHITE, result) < STRONG; step++) result = darken(color, step / 10);
  return result;
}

export type CssVars = Record<`--${string}`, string>;

/**
 * CSS custom properties of the public site, from the settings' primary colour: the accent is the colour darkened
 * until white text on it reaches 4.5:1, so its text colour (--on-accent) and its use as text (--accent-text) keep
 * their defaults from base.css (white, and the accent itself).
 */
export function siteThemeVars(primary: string): CssVars {
  const accent = strongVariant(primary);
  return { '--primary': primary, '--accent': accent, '--header-blue': darken(accent, 0.2) };
}
