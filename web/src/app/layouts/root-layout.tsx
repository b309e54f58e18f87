/**
 * The root route: loads the site settings once (name, contact details, colours, default meta), resets the scroll
 * and moves the focus to the page's content on every path change (SPEC §2), and keeps document.head in step with
 * the current page.
 */
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { SiteSettings } from '@domain/schemas/settings';
import { publicReader } from '@/data/public-reader';
import { HeadManager } from './head-manager';
import { useSiteSettings } from '@/hooks/use-site-settings';

export async function rootLoader(): Promise<{ settings: SiteSettings }> {
  const reader = await publicReader();
  return { settings: await reader.getSettings() };
}

/**
 * Only on a change: on the first render the page was loaded by the browser, which already placed the scroll
 * (at the top, at the position it restores on reload or back, or where the visitor scrolled while the app was
 * still starting), and moving it then would yank the page from under a reader's thumb.
 */
function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    // The header and footer stay across pages: a followed footer link kept the focus, and the next Tab went on
    // down the footer. The new page's content takes it (main has tabIndex -1), as a page load starts at the top.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const settings = useSiteSettings();
  return (
    <div className="app" style={{ ['--site-primary' as string]: settings.appearance.primaryColor }}>
      <ScrollToTopOnPathChange />
      <HeadManager />
      <Outlet />
    </div>
  );
}
