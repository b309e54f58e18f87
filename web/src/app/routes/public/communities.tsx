/**
 * All communities (SPEC §2 /communities): a grid of cards (descriptions cut at 120 characters), an empty state,
 * and, while a client navigation loads this page, the layout's spinner (NavigationStatus).
 *
 * In pages of COMMUNITIES_PER_PAGE (`?page=2`, plain links that work before the app starts and for crawlers): a
 * catalogue of 900 communities rendered every card into one 38 KB page (cold render 143 ms against 8 ms for nine),
 * which no phone wants and no crowd of visitors should cost the server (issue 14).
 */
import { Suspense } from 'react';
import { useLoaderData, type LoaderFunctionArgs, Link } from 'react-router-dom';
import { DEFAULT_COMMUNITY_IMAGE } from '@domain/constants';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { StaticPart } from '@/components/static-part';
import { CommunityGrid, toSummary } from '@/features/communities/community-card';
import type { CommunitiesMapProps } from '@/features/map/map-sections';
import { preloadable } from '@/components/preloadable';
import { breadcrumbList } from '@/utils/structured-data';
import type { RouteHandle } from '../../head';
import { publicReader } from '@/data/public-reader';

const TRAIL = [
  ['Home', '/'],
  ['Communities', '/communities'],
] as const;

export const COMMUNITIES_PER_PAGE = 24;

/**
 * The map section (features/map): preloaded by the loader, so the server renders its list of distances. Below the
 * list, it is hydrated when it comes near the viewport (issue 14); only then does it need its code, to load the map.
 */
const communitiesMap = preloadable<CommunitiesMapProps>(
  () => import('@/features/map/map-sections').then((sections) => ({ default: sections.CommunitiesMap })),
  {
    hydrateWhen: { selector: 'section[aria-labelledby="communities-map-title"]', nearViewport: true },
  },
);

/** The page `?page=` asks for, kept within 1..last (anything else reads as the first page). */
export function pageNumber(search: string, total: number): number {
  const last = Math.max(1, Math.ceil(total / COMMUNITIES_PER_PAGE));
  const asked = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, last) : 1;
}

/** The page numbers to link: the first, the last and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number]));
}

export const pagePath = (page: number) => (page <= 1 ? '/communities' : `/communities?page=${page}`);

export async function loader({ request }: LoaderFunctionArgs) {
  const reader = await publicReader();
  const [all] = await Promise.all([reader.listCommunities(), communitiesMap.preload()]);
  const page = pageNumber(new URL(request.url).search, all.length);
  const start = (page - 1) * COMMUNITIES_PER_PAGE;
  const shown = all.slice(start, start + COMMUNITIES_PER_PAGE);
  return {
    communities: shown.map(toSummary),
    // The map's pins: the communities of this page that have a position.
    places: shown.map(({ id, name, location, coordinates }) => ({ id, name, location, coordinates })),
    total: all.length,
    page,
    pages: Math.max(1, Math.ceil(all.length / COMMUNITIES_PER_PAGE)),
    start,
  };
}
type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  head: ({ total, page }, { settings, origin }) => ({
    title: `Houston New-Home Communities${page > 1 ? ` (page ${page})` : ''} | ${settings.general.siteName}`,
    description: `Browse ${total} master-planned new-home communities across Greater Houston: locations, price ranges, builders, schools and amenities.`,
    canonicalPath: pagePath(page),
    image: DEFAULT_COMMUNITY_IMAGE,
    jsonLd: [breadcrumbList(origin, TRAIL)],
  }),
};

export function Component() {
  const { communities, places, total, page, pages, start } = useLoaderData() as Data;
  return (
    <>
      <StaticPart as="section" className="page-hero" aria-labelledby="communities-title">
        <div className="container">
          <Breadcrumbs items={TRAIL} className="breadcrumbs--light" />
          <h1 id="communities-title">Houston Communities</h1>
          <p className="page-hero__lead">
            Master-planned neighborhoods with resort-style amenities, top-rated schools and homes from Houston&apos;s
            best builders.
          </p>
        </div>
      </StaticPart>
      <StaticPart
        as="section"
        deps={[communities, total, page]}
        className="section"
        aria-labelledby="all-communities-title"
      >
        <div className="container">
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 id="all-communities-title" className="visually-hidden">
            All communities
          </h2>
          {communities.length > 0 ? (
            <>
              <p className="result-count">
                {total === 1 ? '1 community' : `${total} communities`}
                {pages > 1 && ` · showing ${start + 1}-${start + communities.length}`}
              </p>
              <CommunityGrid communities={communities} priorityCount={1} />
              {pages > 1 && <PageLinks page={page} pages={pages} />}
            </>
          ) : (
            <div className="empty-state">
              <h2>No communities available yet</h2>
              <p>New communities are on their way. Contact us and we will let you know as soon as they open.</p>
              <Link to="/contact" className="button button--primary">
                Contact Us
              </Link>
            </div>
          )}
        </div>
      </StaticPart>
      <Suspense>
        <communitiesMap.Component communities={places} />
      </Suspense>
    </>
  );
}

/** Previous, the page numbers and Next, as plain links (keyboard and crawlers follow them like any link). */
function PageLinks({ page, pages }: { page: number; pages: number }) {
  return (
    <nav className="pagination" aria-label="Community pages">
      {page > 1 && (
        <Link to={pagePath(page - 1)} rel="prev">
          Previous
        </Link>
      )}
      <ol>
        {pageWindow(page, pages).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span aria-hidden="true">…</span>
            ) : number === page ? (
              <span aria-current="page">{number}</span>
            ) : (
              <Link to={pagePath(number)} aria-label={`Page ${number}`}>
                {number}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {page < pages && (
        <Link to={pagePath(page + 1)} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
