/**
 * /listing/{id} (SPEC §2): the listing's page, or 'Listing Not Found' (the server answers 404). The meta
 * description and JSON-LD (RealEstateListing with an Offer, BreadcrumbList) are built by the loader.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import type { Listing } from '@domain/schemas/listing';
import { PrefetchLink } from '@/components/prefetch-link';
import { FavoriteButton } from '@/features/favorites/favorite-button';
import { LazyInquiryPopup, preloadInquiryPopup } from '@/features/inquiries/lazy-inquiry-popup';
import { ListingView, type ListingCommunity, type ListingViewParts } from '@/features/listings/listing-view';
import { LazyPaymentEstimate } from '@/features/payment/lazy-payment-estimate';
import { LazyVisitDialog, preloadVisitDialog } from '@/features/visits/lazy-visit-dialog';
import type { PageSeo } from '@/features/seo/page-seo';
import { formatUsd } from '@/utils/format';
import type { RouteHandle } from '../../head';
import { publicReader } from '@/data/public-reader';

type Data =
  | { listing: Listing; community: ListingCommunity | null; seo: PageSeo; notFound: false }
  | { listing: null; notFound: true };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const reader = await publicReader();
  const listing = await reader.getListing(params.id ?? '');
  if (!listing) return { listing: null, notFound: true };
  const [found, { listingSeo }] = await Promise.all([
    reader.getCommunity(listing.communityId),
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

export const handle: RouteHandle<Data> = {
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

/** The page's parts from other features (favourites, payment, inquiries, visits): composed here, not imported there. */
const PARTS: ListingViewParts = {
  FavoriteButton,
  PaymentEstimate: LazyPaymentEstimate,
  InquiryPopup: LazyInquiryPopup,
  preloadInquiryPopup,
  VisitDialog: LazyVisitDialog,
  preloadVisitDialog,
};

export function Component() {
  const data = useLoaderData() as Data;
  if (data.notFound)
    return (
      <section className="section container not-found">
        <h1>{PUBLIC_MESSAGES.listingNotFound}</h1>
        <p>This home may have been sold or removed. Browse our communities to find similar homes.</p>
        <PrefetchLink to="/communities" className="button button--primary">
          Browse Communities
        </PrefetchLink>
      </section>
    );
  return <ListingView key={data.listing.id} listing={data.listing} community={data.community} parts={PARTS} />;
}
