/** Main top bar (SPEC §2). Minimal version; the full bar (scroll states, search) is built on top of it. */
import { Link } from 'react-router-dom';
import { useSiteSettings } from '../../app/layouts/root-layout';

export function SiteHeader() {
  const settings = useSiteSettings();
  return (
    <header className="site-header">
      <Link to="/" className="site-header__brand">
        {settings.general.siteName}
      </Link>
      <nav aria-label="Main">
        <Link to="/communities">Communities</Link> <Link to="/contact">Contact</Link>
      </nav>
    </header>
  );
}
