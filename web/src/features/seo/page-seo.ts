/**
 * Meta descriptions and JSON-LD of community and listing pages (DESIGN §4), built by the route loaders. The
 * loaders import this module on demand, so its code runs on the server and on client navigations only; a page
 * that hydrates gets the result inside its embedded loader data and never downloads it (DESIGN §7).
 */
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { truncate } from '@domain/truncate';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import { absoluteUrl } from '@/utils/absolute-url';
import { communityImage, listingImage } from '@/utils/images';
import { breadcrumbList, postalAddress, SCHEMA_CONTEXT } from '@/utils/structured-data';
import { LISTING_TYPE_LABELS } from '@/components/listing-labels';
import { formatCount } from '@/utils/format';

export interface PageSeo {
  description: string;
  jsonLd: object[];
}

const META_DESCRIPTION_MAX = 155;

/** The first crumbs of every community and listing page's trail (the pages show the same trail). */
const TRAIL_START = [
  ['Home', '/'],
  ['Communities', '/communities'],
] as const;

export function communitySeo(community: Community, origin: string): PageSeo {
  const url = absoluteUrl(origin, `/community/${community.slug}`);
  return {
    description: truncate(community.description, META_DESCRIPTION_MAX),
    jsonLd: [
      {
        '@context': SCHEMA_CONTEXT,
        '@type': 'Place',
        name: community.name,
        description: community.description,
        url,
        image: absoluteUrl(origin, communityImage(community.image)),
        address: postalAddress(community.location),
        amenityFeature: community.amenities.map((name) => ({
          '@type': 'LocationFeatureSpecification',
          name,
          value: true,
        })),
      },
      breadcrumbList(origin, [...TRAIL_START, [community.name, `/community/${community.slug}`]]),
    ],
  };
}

const AVAILABILITY: Record<Listing['status'], string> = {
  AVAILABLE: 'https://schema.org/InStock',
  PENDING: 'https://schema.org/LimitedAvailability',
  SOLD: 'https://schema.org/SoldOut',
};

const RESIDENCE_TYPES: Record<Listing['type'], string> = {
  HOUSE: 'SingleFamilyResidence',
  TOWNHOME: 'SingleFamilyResidence',
  CONDO: 'Apartment',
  LOT: 'Place',
};

/** `community`: the listing's community (what the listing page shows of it), or null when it is gone. */
export function listingSeo(
  listing: Listing,
  community: Pick<Community, 'slug' | 'name' | 'image'> | null,
  origin: string,
): PageSeo {
  const url = absoluteUrl(origin, `/listing/${listing.id}`);
  const fallback = communityImage(community?.image);
  const images = (listing.images.length > 0 ? listing.images : [fallback]).map((image) =>
    absoluteUrl(origin, listingImage(image, fallback)),
  );
  const type = LISTING_TYPE_LABELS[listing.type] ?? listing.type;
  const sqft = formatCount(listing.sqft);
  return {
    description: truncate(
      `${type} for sale at ${listing.address}: ${listing.bedrooms} bedrooms, ${listing.bathrooms} bathrooms, ${sqft} sq ft. ${listing.description}`.trim(),
      META_DESCRIPTION_MAX,
    ),
    jsonLd: [
      {
        '@context': SCHEMA_CONTEXT,
        '@type': 'RealEstateListing',
        name: listing.title,
        description: listing.description || PUBLIC_MESSAGES.listingDescriptionFallback,
        url,
        image: images,
        datePosted: listing.createdAt,
        offers: {
          '@type': 'Offer',
          price: listing.price,
          priceCurrency: 'USD',
          availability: AVAILABILITY[listing.status],
          url,
        },
        about: {
          '@type': RESIDENCE_TYPES[listing.type] ?? 'SingleFamilyResidence',
          address: postalAddress(listing.address),
          numberOfBedrooms: listing.bedrooms,
          numberOfBathroomsTotal: listing.bathrooms,
          floorSize: { '@type': 'QuantitativeValue', value: listing.sqft, unitCode: 'FTK' },
        },
      },
      breadcrumbList(origin, [
        ...TRAIL_START,
        ...(community ? [[community.name, `/community/${community.slug}`] as const] : []),
        [listing.title, `/listing/${listing.id}`],
      ]),
    ],
  };
}
