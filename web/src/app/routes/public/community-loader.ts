/**
 * The data of /community/{id or slug} (community.tsx): the community, its listings as the URL filters them, the
 * filter bar's figures and the SEO. A chunk of its own: a server-rendered first load never runs it (the page
 * arrives with its data), client navigations do.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { PageSeo } from '@/features/seo/page-seo';
import { publicReader } from '@/data/public-reader';

export type CommunityPageData =
  | {
      community: Community;
      listings: Listing[];
      /** The filter bar's figures: the community's listings of any status, and whether the URL filters them. */
      listingFilter: { total: number; active: boolean };
      seo: PageSeo;
      notFound: false;
    }
  | { community: null; notFound: true };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<CommunityPageData> {
  const reader = await publicReader();
  const community = await reader.getCommunity(params.id ?? '');
  if (!community) return { community: null, notFound: true };
  const url = new URL(request.url);
  const [listings, { communitySeo }, search] = await Promise.all([
    reader.listListings(community.id),
    import('@/features/seo/page-seo'),
    // The filters of the URL (features/search), loaded on demand like the SEO helpers.
    import('@/features/search/listing-filters'),
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
