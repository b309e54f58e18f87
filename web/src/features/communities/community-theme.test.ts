import { describe, expect, it } from 'vitest';
import { communityThemeVars } from './community-theme';

describe('communityThemeVars', () => {
  it('applies the colour and radii and darkens the top bar by 0.2 (SPEC §9)', () => {
    const vars = communityThemeVars({ primaryColor: '#1E5631', borderRadius: '8px', borderRadiusLarge: '20px' });
    expect(vars).toMatchObject({
      '--primary': '#1E5631',
      '--radius': '8px',
      '--radius-lg': '20px',
      '--bar-bg': '#184527',
      '--on-bar': '#ffffff',
      '--on-accent': '#ffffff',
    });
  });

  it('uses dark text on a light theme colour', () => {
    const vars = communityThemeVars({ primaryColor: '#FFD700', borderRadius: '12px', borderRadiusLarge: '16px' });
    expect(vars['--on-accent']).toBe('#111827');
    expect(vars['--on-bar']).toBe('#111827');
  });
});
