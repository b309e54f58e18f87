/**
 * All communities (SPEC §2 /communities): a grid of cards (descriptions cut at 120 characters), an empty state,
 * and, while a client navigation loads this page, the layout's spinner (NavigationStatus).
 */
import { useLoaderData } from 'react-router-dom';
import { DEFAULT_COMMUNITY_IMAGE } from '../../../../../domain/constants';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { PrefetchLink } from '../../../components/prefetch-link';
import { CommunityGrid, toSummary } from '../../../features/communities/community-card';
import { breadcrumbList } from '../../../utils/structured-data';
import type { RouteHandle } from '../../head';
import { publicReader } from '../../public-reader';

const TRAIL = [
  ['Home', '/'],
  ['Communities', '/communities'],
] as const;

export async function loader() {
  const reader = await publicReader();
  return { communities: (await reader.listCommunities()).map(toSummary) };
}
type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  head: ({ communities }, { settings, origin }) => ({
    title: `Houston New-Home Communities | ${settings.general.siteName}`,
    description: `Browse ${communities.length} master-planned new-home communities across Greater Houston: locations, price ranges, builders, schools and amenities.`,
    canonicalPath: '/communities',
    image: DEFAULT_COMMUNITY_IMAGE,
    jsonLd: [breadcrumbList(origin, TRAIL)],
  }),
};

export function Component() {
  const { communities } = useLoaderData() as Data;
  return (
    <>
      <section className="page-hero" aria-labelledby="communities-title">
        <div className="container">
          <Breadcrumbs items={TRAIL} className="breadcrumbs--light" />
          <h1 id="communities-title">Houston Communities</h1>
          <p className="page-hero__lead">
            Master-planned neighborhoods with resort-style amenities, top-rated schools and homes from Houston&apos;s
            best builders.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="all-communities-title">
        <div className="container">
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 id="all-communities-title" className="visually-hidden">
            All communities
          </h2>
          {communities.length > 0 ? (
            <>
              <p className="result-count">
                {communities.length === 1 ? '1 community' : `${communities.length} communities`}
              </p>
              <CommunityGrid communities={communities} priorityCount={1} />
            </>
          ) : (
            <div className="empty-state">
              <h2>No communities available yet</h2>
              <p>New communities are on their way. Contact us and we will let you know as soon as they open.</p>
              <PrefetchLink to="/contact" className="button button--primary">
                Contact Us
              </PrefetchLink>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
