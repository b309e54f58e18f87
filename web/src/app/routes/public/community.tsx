/**
 * /community/{id or slug} (SPEC §2, DESIGN §6): its own layout (community top bar and the footer without the call
 * to action). A missing community renders 'Community Not Found' and the server answers 404. The meta description
 * and JSON-LD (Place, BreadcrumbList) are built by the loader (features/seo, loaded on demand).
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import { PrefetchLink } from '@/components/prefetch-link';
import { communityThemeVars } from '@/features/communities/community-theme';
import { communityCommute, CommunityView } from './community-view';
import { preloadCommunityListingFilters } from '@/features/search/lazy-community-listing-filters';
import type { PageSeo } from '@/features/seo/page-seo';
import { communityImage } from '@/utils/images';
import type { RouteHandle } from '../../head';
// From the layout module, not ./public-shell itself: see the note on the re-export in public-layout.tsx.
import { PublicShell } from '../../layouts/public-layout';
import { publicReader } from '@/data/public-reader';

type Data =
  | {
      community: Community;
      listings: Listing[];
      /** The filter bar's figures: the community's listings of any status, and whether the URL filters them. */
      listingFilter: { total: number; active: boolean };
      seo: PageSeo;
      notFound: false;
    }
  | { community: null; notFound: true };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const reader = await publicReader();
  const community = await reader.getCommunity(params.id ?? '');
  if (!community) return { community: null, notFound: true };
  const url = new URL(request.url);
  const [listings, { communitySeo }, search] = await Promise.all([
    reader.listListings(community.id),
    import('@/features/seo/page-seo'),
    // The filters of the URL (features/search), loaded on demand like the SEO helpers, and the filter bar's code.
    import('@/features/search/listing-filters'),
    preloadCommunityListingFilters(),
    communityCommute.preload(),
  ]);
  const filters = search.parseListingFilters(url.searchParams, search.COMMUNITY_PAGE_DEFAULTS);
  const active = search.hasActiveFilters(filters, search.COMMUNITY_PAGE_DEFAULTS);
  return {
    community,
    // Without filters or a sort the page keeps the server's order.
    listings:
      active || url.searchParams.has('sort')
        ? search.filterListings(listings, filters)
        : listings.filter((listing) => listing.status === 'AVAILABLE'),
    listingFilter: { total: listings.length, active },
    seo: communitySeo(community, url.origin),
    notFound: false,
  };
}

export const handle: RouteHandle<Data> = {
  documentStyle: (data) => (data.notFound ? undefined : communityThemeVars(data.community.theme)),
  head: (data, { settings, pathname }) =>
    data.notFound
      ? {
          title: `${PUBLIC_MESSAGES.communityNotFound} | ${settings.general.siteName}`,
          description: 'This community could not be found. Browse all Houston communities instead.',
          canonicalPath: pathname,
          robots: 'noindex',
        }
      : {
          title: `${data.community.name}: New Homes in ${data.community.location} | ${settings.general.siteName}`,
          description: data.seo.description,
          canonicalPath: `/community/${data.community.slug}`,
          image: communityImage(data.community.image),
          jsonLd: data.seo.jsonLd,
        },
};

export function Component() {
  const data = useLoaderData() as Data;
  if (data.notFound)
    return (
      <PublicShell withCallToAction={false}>
        <section className="section container not-found">
          <h1>{PUBLIC_MESSAGES.communityNotFound}</h1>
          <p>The community you are looking for does not exist or is no longer listed.</p>
          <PrefetchLink to="/" className="button button--primary">
            Back to Home
          </PrefetchLink>
        </section>
      </PublicShell>
    );
  return (
    <CommunityView
      key={data.community.id}
      community={data.community}
      listings={data.listings}
      listingFilter={data.listingFilter}
    />
  );
}
