/**
 * /search: every listing across the communities, filtered and sorted by the URL's parameters (community, q,
 * minPrice, maxPrice, beds, baths, type, status, sort; see features/search/listing-filters), so a search can be
 * shared. The words (`q`) are read as filters too ("4 bed under 400k", features/search/query-filters), and `page`
 * says how many steps of cards 'Load more' has shown. Rendered on the server from the URL; in the browser the
 * loader reads through the public reader (API, or IndexedDB offline). Only the cards shown go into the page's
 * embedded data.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_COMMUNITY_IMAGE } from '@domain/constants';
import type { FavoriteItem } from '@/data/repositories/favorites-repository';
import { FavoriteButton } from '@/features/favorites/favorite-button';
import { preloadSearchFilters, SearchPage, type SearchPageData } from '@/features/search/search-page';
import { communityImage } from '@/utils/images';
import type { RouteHandle } from '../../head';
import { publicReader } from '@/data/public-reader';

type Data = SearchPageData;

export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  const reader = await publicReader();
  const [communities, listings, filtering, query] = await Promise.all([
    reader.listCommunities(),
    reader.listListings(),
    // The filter code and the form load on demand: the page's own JavaScript stays small (DESIGN §7).
    import('@/features/search/listing-filters'),
    import('@/features/search/query-filters'),
    preloadSearchFilters(),
  ]);
  const { filterListings, hasActiveFilters, parseListingFilters, readSearchPage, SEARCH_PAGE_SIZE } = filtering;
  const params = new URL(request.url).searchParams;
  const filters = parseListingFilters(params);
  const page = readSearchPage(params);
  const images = new Map(communities.map((community) => [community.id, communityImage(community.image)]));
  const matches = filterListings(
    listings,
    query.resolveSearch(filters, query.queryPlaces(communities)).filters,
    communities,
  );
  return {
    communities: communities
      .map(({ slug, name, location }) => ({ slug, name, location }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    page,
    pageSize: SEARCH_PAGE_SIZE,
    results: matches.slice(0, page * SEARCH_PAGE_SIZE).map((listing) => ({
      id: listing.id,
      title: listing.title,
      address: listing.address,
      price: listing.price,
      bedrooms: listing.bedrooms,
      bathrooms: listing.bathrooms,
      sqft: listing.sqft,
      status: listing.status,
      // The card shows the first photo only.
      images: listing.images.slice(0, 1),
      fallbackImage: images.get(listing.communityId) ?? DEFAULT_COMMUNITY_IMAGE,
    })),
    matched: matches.length,
    total: listings.length,
    filtered: hasActiveFilters(filters),
  };
}

/**
 * The filters hydrate with the page: a tap on "Filters" made before the app started is replayed when it is ready,
 * and would be lost on a boundary still waiting for its code (early-input.e2e.ts).
 */
export const beforeHydration = preloadSearchFilters;

export const handle: RouteHandle<Data> = {
  head: (data, { settings }) => ({
    title: `Search Homes for Sale in Houston Communities | ${settings.general.siteName}`,
    description: `Search ${data.total} new homes and homesites across Greater Houston communities by price, bedrooms, bathrooms, type and status.`,
    // Every filtered variant points at the one search page.
    canonicalPath: '/search',
    image: DEFAULT_COMMUNITY_IMAGE,
    // Filtered result lists are many thin copies of one page: followed, not indexed.
    ...(data.filtered ? { robots: 'noindex, follow' } : {}),
  }),
};

/** The heart on each card: the favourites feature's button, composed here (a feature never imports another). */
function SaveButton({ item }: { item: FavoriteItem }) {
  return <FavoriteButton item={item} className="listing-card__save" iconOnly />;
}

export function Component() {
  const data = useLoaderData() as Data;
  return <SearchPage {...data} SaveButton={SaveButton} />;
}
