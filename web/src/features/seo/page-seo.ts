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
import { LISTING_TYPE_LABELS, plural } from '@/components/listing-labels';
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

/**
 * What the listing's status badge says (LISTING_STATUS_BADGES: Available Now, Pending Sale, Sold), as the lead-in
 * of its meta description: a sold home's search snippet or link preview must not say "for sale".
 */
const STATUS_WORDS: Record<Listing['status'], string> = {
  AVAILABLE: 'for sale',
  PENDING: 'pending sale',
  SOLD: 'sold',
};

const SQFT_PER_ACRE = 43_560;

/**
 * The size facts the listing page shows (features/listings/listing-facts.ts, which this feature may not import):
 * rooms and floor area, or for a homesite (LOT) its lot size only, none when unknown.
 */
function sizeText(listing: Listing): string {
  if (listing.type !== 'LOT') {
    return `${plural(listing.bedrooms, 'bedroom')}, ${plural(listing.bathrooms, 'bathroom')}, ${formatCount(listing.sqft)} sq ft`;
  }
  if (!(listing.sqft > 0)) return '';
  const acres = Number((listing.sqft / SQFT_PER_ACRE).toFixed(2));
  return `lot size ${formatCount(listing.sqft)} sq ft (${acres} ${acres === 1 ? 'acre' : 'acres'})`;
}

/**
 * The `about` of a listing's JSON-LD. A homesite is a Place, which has no rooms or floor: its lot size goes in a
 * PropertyValue. Bathrooms are counted as RESO's BathroomsTotalInteger (schema.org's numberOfBathroomsTotal): a half
 * bath counts as one, so 2.5 is 3.
 */
function listingSubject(listing: Listing): object {
  const address = postalAddress(listing.address);
  if (listing.type === 'LOT') {
    return {
      '@type': RESIDENCE_TYPES.LOT,
      address,
      ...(listing.sqft > 0
        ? {
            additionalProperty: {
              '@type': 'PropertyValue',
              name: 'Lot size',
              value: listing.sqft,
              unitCode: 'FTK',
            },
          }
        : {}),
    };
  }
  return {
    '@type': RESIDENCE_TYPES[listing.type] ?? 'SingleFamilyResidence',
    address,
    numberOfBedrooms: listing.bedrooms,
    numberOfBathroomsTotal: Math.ceil(listing.bathrooms),
    floorSize: { '@type': 'QuantitativeValue', value: listing.sqft, unitCode: 'FTK' },
  };
}

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
  const status = STATUS_WORDS[listing.status] ?? STATUS_WORDS.AVAILABLE;
  const size = sizeText(listing);
  return {
    description: truncate(
      `${type} ${status} at ${listing.address}${size ? `: ${size}` : ''}. ${listing.description}`.trim(),
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
        about: listingSubject(listing),
      },
      breadcrumbList(origin, [
        ...TRAIL_START,
        ...(community ? [[community.name, `/community/${community.slug}`] as const] : []),
        [listing.title, `/listing/${listing.id}`],
      ]),
    ],
  };
}
