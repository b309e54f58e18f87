/**
 * Text on the brand colours in the page styles (pages.css) and the back office's (admin.css) reaches WCAG AA
 * 4.5:1 (audit a11y #4: white on the default #007AFF is 4.01:1). Every rule that sets a text colour and names a
 * brand variable (--primary, --accent, --on-accent, --accent-text) in its colour or background is checked, with
 * the variables as base.css sets them, as the public shell sets them from the default primary, and (pages.css)
 * as each seeded community's theme sets them. A background left unset is the white page; a gradient is checked
 * at each stop that is a colour or a variable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { communityThemeVars } from '@/features/communities/community-theme';
import { siteThemeVars, type CssVars } from '@/utils/colors';
import { contrastRatio } from '@/utils/format';

const root = path.resolve(__dirname, '../../..');
const css = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

interface Rule {
  selector: string;
  declarations: Record<string, string>;
}

function rules(text: string): Rule[] {
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
    selector: match[1]!.trim().replace(/\s+/g, ' '),
    declarations: Object.fromEntries(
      match[2]!
        .split(';')
        .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([name, value]) => name && value)
        .map(([name, value]) => [name!, value!]),
    ),
  }));
}

/** The custom properties set by the rules matching `selector` exactly. */
function varsOf(text: string, selector: string): CssVars {
  const vars: CssVars = {};
  for (const rule of rules(text).filter((candidate) => candidate.selector === selector))
    for (const [name, value] of Object.entries(rule.declarations))
      if (name.startsWith('--')) vars[name as `--${string}`] = value;
  return vars;
}

/** A colour value as #rrggbb, following var(); null when it is not a plain colour (color-mix, transparent...). */
function resolve(value: string, vars: CssVars, depth = 0): string | null {
  const trimmed = value.trim().toLowerCase();
  const variable = /^var\((--[\w-]+)\s*(?:,\s*(.+))?\)$/.exec(trimmed);
  if (variable && depth < 10) {
    const found = vars[variable[1] as `--${string}`] ?? variable[2];
    return found === undefined ? null : resolve(found, vars, depth + 1);
  }
  if (trimmed === 'white') return '#ffffff';
  if (/^#[0-9a-f]{6}$/.test(trimmed)) return trimmed;
  if (/^#[0-9a-f]{3}$/.test(trimmed)) return `#${[...trimmed.slice(1)].map((digit) => digit + digit).join('')}`;
  return null;
}

/** The colours of a background: a plain one, or a gradient's stops (those that are colours or variables). */
function backgroundColours(value: string | undefined): string[] {
  if (!value) return ['#ffffff'];
  return [...value.matchAll(/var\(--[\w-]+(?:,[^)]*)?\)|#[0-9a-f]{3,6}\b|\bwhite\b/gi)].map((match) => match[0]);
}

const BRAND = /var\(--(primary|accent|on-accent|accent-text)\b/;

interface Pair {
  selector: string;
  text: string;
  background: string;
  ratio: number;
}

/** Every brand text/background pair of these styles under these variables. */
function brandPairs(text: string, vars: CssVars): Pair[] {
  const pairs: Pair[] = [];
  for (const { selector, declarations } of rules(text)) {
    const colour = declarations.color;
    const background = declarations.background ?? declarations['background-color'];
    if (!colour || !(BRAND.test(colour) || BRAND.test(background ?? ''))) continue;
    const foreground = resolve(colour, vars);
    if (!foreground) continue;
    for (const stop of backgroundColours(background)) {
      const resolved = resolve(stop, vars);
      if (resolved)
        pairs.push({ selector, text: foreground, background: resolved, ratio: contrastRatio(foreground, resolved) });
    }
  }
  return pairs;
}

const failing = (pairs: Pair[]) =>
  pairs
    .filter((pair) => pair.ratio < 4.5)
    .map((pair) => `${pair.selector}: ${pair.text} on ${pair.background} (${pair.ratio.toFixed(2)}:1)`);

const base = css('web/src/styles/base.css');
const layout = css('web/src/styles/layout.css');
const baseVars = varsOf(base, ':root');
const seedThemes = JSON.parse(readFileSync(path.join(root, 'data-seed/communities.json'), 'utf8')) as {
  slug: string;
  theme: Parameters<typeof communityThemeVars>[0];
}[];

describe('text on the brand colours (WCAG AA 4.5:1)', () => {
  it('admin.css, on the default colours (the back office has no theme of its own)', () => {
    const admin = css('web/src/features/admin/admin.css');
    const pairs = brandPairs(admin, { ...baseVars, ...varsOf(admin, '.admin-root') });
    // The current page in the sidebar and the highlighted dashboard tile are among the pairs checked.
    expect(pairs.map((pair) => pair.selector)).toEqual(
      expect.arrayContaining([".admin-nav__link[aria-current='page']", ".admin-stat[data-tone='highlight']"]),
    );
    expect(failing(pairs)).toEqual([]);
  });

  it("pages.css, with the site's default primary and with every seeded community's theme", () => {
    const pages = css('web/src/styles/pages.css');
    const site = {
      ...baseVars,
      ...varsOf(layout, '.public-shell'),
      ...siteThemeVars(resolve(baseVars['--primary']!, baseVars)!),
    };
    const sitePairs = brandPairs(pages, site);
    expect(sitePairs.map((pair) => pair.selector)).toEqual(
      expect.arrayContaining(['.pagination a', ".pagination [aria-current='page']"]),
    );
    expect(failing(sitePairs)).toEqual([]);
    expect(seedThemes.length).toBeGreaterThan(0);
    for (const community of seedThemes) {
      const themed = brandPairs(pages, { ...site, ...communityThemeVars(community.theme) });
      expect(failing(themed), community.slug).toEqual([]);
    }
  });
});
