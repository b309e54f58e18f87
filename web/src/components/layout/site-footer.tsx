/**
 * Footer (SPEC §2): brand description, quick links, the four community links by slug, contact details from the
 * settings, copyright with the current year and the legal links. `withCallToAction` adds the closing call to
 * action above it; the community pages use the variant without it.
 */
import { Link } from 'react-router-dom';
import { FOOTER_COMMUNITY_SLUGS } from '@domain/constants';
import { houstonYear } from '@domain/houston-year';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { titleFromSlug } from '@/utils/brand';
import { StaticPart } from '../static-part';
import { BrandMark } from './brand-mark';
import { ClosingCallToAction } from './closing-call-to-action';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/communities', label: 'Communities' },
  { to: '/contact', label: 'Contact' },
] as const;

const LEGAL_LINKS = [
  { to: '/legal/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal/brokerage-services', label: 'Information About Brokerage Services' },
  { to: '/legal/consumer-protection', label: 'Consumer Protection Notice' },
] as const;

export function SiteFooter({ withCallToAction = false }: { withCallToAction?: boolean }) {
  const settings = useSiteSettings();
  const { general, appearance } = settings;
  // Read at each render: a server started in December prints the new year from 1 January (the page cache keeps no
  // page across a change of year, api/ssr/page-cache.ts). Hydration keeps the server's footer (a static part).
  const year = houstonYear();
  return (
    <>
      {withCallToAction && <ClosingCallToAction />}
      {/* web/index.html holds the first paint until this id is parsed: everything above it (the whole <main>) is then whole. */}
      <StaticPart as="footer" deps={[settings]} id="site-footer" className="site-footer">
        <div className="container site-footer__grid render-when-near">
          <div className="site-footer__brand">
            <Link to="/" className="brand brand--footer">
              <BrandMark logoUrl={appearance.logoUrl} />
              <span className="brand__name">{general.siteName}</span>
            </Link>
            <p>Discover exceptional homes in Houston&apos;s premier communities.</p>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links">Quick Links</h2>
            <ul>
              {QUICK_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-communities">
            <h2 id="footer-communities">Communities</h2>
            <ul>
              {FOOTER_COMMUNITY_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link to={`/community/${slug}`}>{titleFromSlug(slug)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>Contact</h2>
            <address>
              <p>Houston, Texas</p>
              {general.contactPhone && (
                <p>
                  <a href={`tel:${general.contactPhone.replace(/[^\d+]/g, '')}`}>{general.contactPhone}</a>
                </p>
              )}
              {general.contactEmail && (
                <p>
                  <a href={`mailto:${general.contactEmail}`}>{general.contactEmail}</a>
                </p>
              )}
            </address>
          </div>
        </div>
        <div className="container site-footer__bottom">
          <p>
            &copy; {year} {general.siteName}. All rights reserved.
          </p>
          <ul className="site-footer__legal">
            {LEGAL_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </StaticPart>
    </>
  );
}
