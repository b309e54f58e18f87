/**
 * Home (SPEC §2 "/"): hero, about with figures computed from the communities (issue 17: the SPEC's fixed ones went
 * stale), why Houston, featured communities (or an empty state).
 */
import { useLoaderData, Link } from 'react-router-dom';
import { DEFAULT_COMMUNITY_IMAGE } from '@domain/constants';
import { Picture } from '@/components/picture';
import { StaticPart } from '@/components/static-part';
import { CommunityGrid, toSummary } from '@/features/communities/community-card';
import { OFFICE } from '@/utils/office';
import { absoluteUrl } from '@/utils/absolute-url';
import { homeFigures } from '@/utils/home-figures';
import type { RouteHandle } from '../../head';
import { publicReader } from '@/data/public-reader';
import { useSiteSettings } from '@/hooks/use-site-settings';

const FEATURED_COUNT = 6;

export async function loader() {
  const reader = await publicReader();
  const communities = await reader.listCommunities();
  return {
    featured: communities.slice(0, FEATURED_COUNT).map(toSummary),
    total: communities.length,
    figures: homeFigures(communities),
  };
}
type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  head: (_data, { settings, origin }) => ({
    title: settings.seo.metaTitle || settings.general.siteName,
    // Settings stored before the meta description was required may hold a blank one.
    description: settings.seo.metaDescription || settings.general.siteDescription,
    canonicalPath: '/',
    image: DEFAULT_COMMUNITY_IMAGE,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'RealEstateAgent',
        name: settings.general.siteName,
        // Structured data takes no empty values: a blank description or phone is left out.
        ...(settings.general.siteDescription && { description: settings.general.siteDescription }),
        url: `${origin}/`,
        image: absoluteUrl(origin, settings.appearance.logoUrl || DEFAULT_COMMUNITY_IMAGE),
        ...(settings.general.contactPhone && { telephone: settings.general.contactPhone }),
        ...(settings.general.contactEmail && { email: settings.general.contactEmail }),
        areaServed: { '@type': 'City', name: 'Houston' },
        address: {
          '@type': 'PostalAddress',
          streetAddress: OFFICE.streetAddress,
          addressLocality: OFFICE.locality,
          addressRegion: OFFICE.region,
          postalCode: OFFICE.postalCode,
          addressCountry: OFFICE.country,
        },
      },
    ],
  }),
};

const WHY_HOUSTON = [
  {
    title: 'No State Income Tax',
    text: 'Texas has no state income tax, so more of every paycheck goes toward your mortgage, savings and family.',
  },
  {
    title: 'A Thriving Job Market',
    text: 'Energy, the Texas Medical Center, the Port of Houston and NASA anchor one of the largest economies in the country.',
  },
  {
    title: 'Room to Grow',
    text: 'New homes cost less per square foot than in most major metros, with larger lots and master-planned amenities.',
  },
  {
    title: 'Culture and Cuisine',
    text: 'A diverse, welcoming city with world-class museums, professional sports and one of the best food scenes in America.',
  },
] as const;

export function Component() {
  const { featured, total, figures } = useLoaderData() as Data;
  const { general } = useSiteSettings();
  return (
    <>
      <StaticPart as="section" className="hero hero--home" aria-labelledby="home-title">
        <Picture
          className="hero__image"
          src={DEFAULT_COMMUNITY_IMAGE}
          alt=""
          width={1200}
          height={800}
          sizes="100vw"
          priority
        />
        <div className="container hero__content">
          <p className="eyebrow eyebrow--light">New-home communities across Greater Houston</p>
          <h1 id="home-title">Find Your Perfect Houston Community</h1>
          <p className="hero__lead">
            Compare master-planned communities, home plans, builders and schools, then talk to a local specialist who
            knows every neighborhood.
          </p>
          <div className="button-row">
            <Link to="/communities" className="button button--primary button--large">
              Explore Communities
            </Link>
            <Link to="/contact" className="button button--outline-light button--large">
              Contact Us
            </Link>
          </div>
        </div>
      </StaticPart>

      <StaticPart
        as="section"
        deps={[general, figures]}
        className="section render-when-near"
        aria-labelledby="about-title"
      >
        <div className="container split">
          <div>
            <p className="eyebrow">About Us</p>
            <h2 id="about-title">Your Guide to New Homes in Houston</h2>
            <p className="lead">
              {general.siteName} helps families find the right master-planned community, from lakeside neighborhoods in
              Richmond to wooded streets north of the city.
            </p>
            <p>
              We partner with Houston&apos;s leading builders and know the schools, commutes and amenities of every
              community we feature, so you can compare your options with confidence and move in sooner.
            </p>
          </div>
          <dl className="figures">
            {figures.map((figure) => (
              <div key={figure.label} className="figure">
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </StaticPart>

      <StaticPart as="section" className="section section--tint render-when-near" aria-labelledby="why-title">
        <div className="container">
          <div className="section__header">
            <p className="eyebrow">Why Houston</p>
            <h2 id="why-title">Why Houston?</h2>
            <p className="lead">
              The nation&apos;s fourth-largest city pairs big-city opportunity with space, value and Southern
              hospitality.
            </p>
          </div>
          <ul className="feature-grid" role="list">
            {WHY_HOUSTON.map((item) => (
              <li key={item.title} className="feature">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </StaticPart>

      {/* Not rendered when near as a whole: its cards are (community-view.tsx's bands of cards say why). */}
      <StaticPart as="section" deps={[featured]} className="section" aria-labelledby="featured-title">
        <div className="container">
          <div className="section__header section__header--row">
            <div>
              <p className="eyebrow">Featured</p>
              <h2 id="featured-title">Featured Communities</h2>
            </div>
            {total > 0 && (
              <Link to="/communities" className="button button--secondary">
                View All Communities
              </Link>
            )}
          </div>
          {featured.length > 0 ? (
            <CommunityGrid communities={featured} />
          ) : (
            <div className="empty-state">
              <h3>No communities yet</h3>
              <p>Communities appear here as soon as they are added in the back office.</p>
              <a className="button button--primary" href="/admin">
                Go to Admin
              </a>
            </div>
          )}
        </div>
      </StaticPart>
    </>
  );
}
