import { describe, expect, it } from 'vitest';
import { contrastRatio } from './format';
import { siteThemeVars, strongVariant, textOn } from './colors';

describe('textOn', () => {
  it('uses white only when it reaches 4.5:1', () => {
    expect(textOn('#1E5631')).toBe('#ffffff');
    expect(textOn('#FFD700')).toBe('#111827');
    // #007AFF: white is 4.0:1, so dark text; #111827 is below 4.5 too, so black.
    expect(contrastRatio('#ffffff', '#007AFF')).toBeLessThan(4.5);
    expect(textOn('#007AFF')).toBe('#000000');
  });
});

describe('strongVariant', () => {
  it('keeps a dark colour and darkens a light one until white reaches 5:1', () => {
    expect(strongVariant('#1E5631')).toBe('#1E5631');
    const accent = strongVariant('#007AFF');
    expect(contrastRatio('#ffffff', accent)).toBeGreaterThanOrEqual(5);
    expect(contrastRatio('#f5f7fa', accent)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('siteThemeVars', () => {
  it('gives the site an accessible accent and a darker header blue', () => {
    const vars = siteThemeVars('#007AFF');
    expect(vars['--primary']).toBe('#007AFF');
    expect(contrastRatio('#ffffff', vars['--accent']!)).toBeGreaterThanOrEqual(5);
    expect(contrastRatio('#ffffff', vars['--header-blue']!)).toBeGreaterThan(
      contrastRatio('#ffffff', vars['--accent']!),
    );
  });
});
