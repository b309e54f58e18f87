/**
 * Main top bar (SPEC §2): fixed; logo, site name and group tagline; Communities and Contact (prefetched on hover);
 * a search button (opens the search dialog). Translucent blue at the top, translucent white with a shadow once scrolled past 50 px
 * (`data-scrolled`).
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SCROLL_THRESHOLD_MAIN_BAR_PX } from '@domain/constants';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { FavoritesLink } from '@/features/favorites/favorites-link';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { GROUP_TAGLINE } from '@/utils/brand';
import { Icon, SEARCH } from '@/components/icon';
import { LazySearchDialog, preloadSearchDialog, showSearchDialog } from '@/features/search/lazy-search-dialog';
import { BrandMark } from '@/components/layout/brand-mark';

const NAV = [
  { to: '/communities', label: 'Communities' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteHeader() {
  const { general, appearance } = useSiteSettings();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_MAIN_BAR_PX);
  const { pathname } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    <header className="site-header" data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <BrandMark logoUrl={appearance.logoUrl} />
          <span className="brand__text">
            <span className="brand__name">{general.siteName}</span>
            <span className="brand__tagline">{GROUP_TAGLINE}</span>
          </span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          {NAV.map(({ to, label }) => (
            <Link key={to} to={to} aria-current={pathname === to ? 'page' : undefined}>
              {label}
            </Link>
          ))}
          <FavoritesLink current={pathname === '/favorites'} />
        </nav>
        <button
          type="button"
          className="icon-button site-header__search"
          aria-label="Search"
          aria-haspopup="dialog"
          onClick={() => showSearchDialog(() => setSearchOpen(true))}
          onPointerEnter={preloadSearchDialog}
          onFocus={preloadSearchDialog}
        >
          <Icon svg={SEARCH} />
        </button>
      </div>
      {/* A modal <dialog> in the top layer; search.css resets the bar's colours inside it. */}
      {searchOpen && <LazySearchDialog onClose={() => setSearchOpen(false)} />}
    </header>
  );
}
