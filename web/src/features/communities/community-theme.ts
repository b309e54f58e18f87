/**
 * A community page's theme (SPEC §2, §9): its colour, radii and the top bar colour (primaryColor darkened by
 * 0.2) as CSS custom properties, with text colours chosen for 4.5:1 contrast. The page wrapper carries them
 * inline (so the server's HTML is themed before any script runs) and, while the page is open, the document root
 * too; they are removed on leave.
 */
import { useEffect } from 'react';
import { COMMUNITY_BAR_DARKEN_FACTOR } from '@domain/constants';
import type { Theme } from '@domain/schemas/community';
import { strongVariant, textOn, type CssVars } from '@/utils/colors';
import { darken } from '@/utils/format';

export function communityThemeVars(theme: Theme): CssVars {
  const bar = darken(theme.primaryColor, COMMUNITY_BAR_DARKEN_FACTOR);
  return {
    '--primary': theme.primaryColor,
    '--accent': theme.primaryColor,
    '--on-accent': textOn(theme.primaryColor),
    '--accent-text': strongVariant(theme.primaryColor),
    '--radius': theme.borderRadius,
    '--radius-lg': theme.borderRadiusLarge,
    '--bar-bg': bar,
    '--on-bar': textOn(bar),
  };
}

export function useDocumentTheme(vars: CssVars): void {
  const key = JSON.stringify(vars);
  useEffect(() => {
    const style = document.documentElement.style;
    const entries = Object.entries(JSON.parse(key) as CssVars);
    // On a server-rendered community page the server already wrote these on <html> (route handle
    // documentStyle): setting them again would restyle every element right after hydration for nothing.
    for (const [name, value] of entries) if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    return () => {
      for (const [name] of entries) style.removeProperty(name);
    };
  }, [key]);
}
