/**
 * Community-page top bar (SPEC §2): off screen until the page is scrolled past 100 px, then slides in
 * (`data-visible`); also slides in when a keyboard user tabs into it. Shows the community name (else the site
 * name) and the group tagline; links Communities, Homes (#homes) and Contact; a Schedule Visit button. Its colours
 * come from the page's --bar-bg (primaryColor darkened by 0.2) and --on-bar.
 */
import { Link } from 'react-router-dom';
import { SCROLL_THRESHOLD_COMMUNITY_BAR_PX } from '@domain/constants';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { GROUP_TAGLINE } from '@/utils/brand';

interface CommunityTopBarProps {
  name?: string;
  /** Opens the visit booking dialog; `onPreloadVisit` fetches its code when the pointer or focus arrives. */
  onScheduleVisit?: () => void;
  onPreloadVisit?: () => void;
}

export function CommunityTopBar({ name, onScheduleVisit, onPreloadVisit }: CommunityTopBarProps) {
  const { general } = useSiteSettings();
  const visible = useScrolledPast(SCROLL_THRESHOLD_COMMUNITY_BAR_PX);
  return (
    <header className="community-bar" data-visible={visible ? 'true' : 'false'}>
      <div className="container community-bar__inner">
        <div className="community-bar__brand">
          <span className="community-bar__name">{name || general.siteName}</span>
          <span className="community-bar__tagline">{GROUP_TAGLINE}</span>
        </div>
        <nav className="community-bar__nav" aria-label="Community">
          <Link to="/communities">Communities</Link>
          <a href="#homes">Homes</a>
          <Link to="/contact">Contact</Link>
        </nav>
        <button
          type="button"
          className="button button--bar community-bar__visit"
          onClick={onScheduleVisit}
          onPointerEnter={onPreloadVisit}
          onFocus={onPreloadVisit}
        >
          Schedule Visit
        </button>
      </div>
    </header>
  );
}
