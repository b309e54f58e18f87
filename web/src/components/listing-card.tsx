/** A listing card (community page grid): photo, status, price, title linking to /listing/{id}, address, facts. */
import { Link } from 'react-router-dom';
import type { Listing } from '@domain/schemas/listing';
import { Picture } from './picture';
import { formatUsd } from '@/utils/format';
import { CARD_IMAGE_SIZES, listingImage } from '@/utils/images';
import { RoomFacts, statusBadge } from './listing-labels';

export type ListingSummary = Pick<
  Listing,
  'id' | 'title' | 'address' | 'price' | 'bedrooms' | 'bathrooms' | 'sqft' | 'status' | 'images'
>;

export function ListingCard({ listing, fallbackImage }: { listing: ListingSummary; fallbackImage: string }) {
  const badge = statusBadge(listing.status);
  return (
    <article className="card listing-card">
      <Picture
        className="card__image"
        src={listingImage(listing.images[0], fallbackImage)}
        alt={`Photo of ${listing.title}`}
        width={1200}
        height={800}
        sizes={CARD_IMAGE_SIZES}
      />
      <span className="badge" data-tone={badge.tone}>
        {badge.label}
      </span>
      <div className="card__body">
        <p className="listing-card__price">{formatUsd(listing.price)}</p>
        <h3 className="card__title">
          <Link to={`/listing/${listing.id}`} className="card__link">
            {listing.title}
          </Link>
        </h3>
        <p className="card__text">{listing.address}</p>
        <RoomFacts home={listing} />
      </div>
    </article>
  );
}
