/**
 * The data of /listing/{id} (listing.tsx): the listing, what its page shows of its community, its SEO and its head.
 * A chunk of its own: a server-rendered first load runs none of it (the page arrives with its data and head),
 * client navigations do.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Listing } from '@domain/schemas/listing';
import type { ListingCommunity } from './listing-view';
import type { PageSeo } from '@/features/seo/page-seo';
import { publicReader } from '@/data/public-reader';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { formatUsd } from '@/utils/format';
import type { RouteHandle } from '../../head';

export type ListingPageData =
  | { listing: Listing; community: ListingCommunity | null; seo: PageSeo; notFound: false }
  | { listing: null; notFound: true };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<ListingPageData> {
  const reader = await publicReader();
  const listing = await reader.getListing(params.id ?? '');
  if (!listing) return { listing: null, notFound: true };
  const [found, { listingSeo }] = await Promise.all([
    // Offline, a listing whose community is not on this device still shows (without the community's parts).
    reader.getCommunity(listing.communityId).catch((error: unknown) => {
      if ((error as Error | null)?.name === 'NotOnDeviceError') return null;
      throw error;
    }),
    import('@/features/seo/page-seo'),
  ]);
  const community = found && {
    id: found.id,
    slug: found.slug,
    name: found.name,
    location: found.location,
    image: found.image,
    imageAlt: found.imageAlt,
    amenityCount: found.amenities.length,
    salesOfficeHours: found.salesOfficeHours,
    ownershipCosts: found.ownershipCosts,
  };
  return { listing, community, seo: listingSeo(listing, community, new URL(request.url).origin), notFound: false };
}

/** The page's head (routes.tsx separateHead): after a client navigation, or on the server. */
export const handle: RouteHandle<ListingPageData> = {
  head: (data, { settings, pathname }) =>
    data.notFound
      ? {
          title: `${PUBLIC_MESSAGES.listingNotFound} | ${settings.general.siteName}`,
          description: 'This listing could not be found. Browse Houston communities for available homes.',
          canonicalPath: pathname,
          robots: 'noindex',
        }
      : {
          title: `${data.listing.title} | ${formatUsd(data.listing.price)} | ${settings.general.siteName}`,
          description: data.seo.description,
          canonicalPath: `/listing/${data.listing.id}`,
          image: (data.seo.jsonLd[0] as { image?: string[] }).image?.[0],
          ogType: 'product',
          jsonLd: data.seo.jsonLd,
        },
};
