/**
 * The site chrome around a page (SPEC §2): skip link, main top bar, the loading panel of client navigations,
 * the page as #main, and the footer (with or without the closing call to action). The site's accessible colour
 * pairs are set as CSS custom properties from the settings' primary colour.
 */
import type { ReactNode } from 'react';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { siteThemeVars } from '@/utils/colors';
import { NavigationStatus } from '@/components/layout/navigation-status';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from '@/components/layout/skip-link';

export function PublicShell({ children, withCallToAction }: { children: ReactNode; withCallToAction: boolean }) {
  const settings = useSiteSettings();
  return (
    <div className="public-shell" style={siteThemeVars(settings.appearance.primaryColor)}>
      <SkipLink />
      <SiteHeader />
      <NavigationStatus />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter withCallToAction={withCallToAction} />
    </div>
  );
}
