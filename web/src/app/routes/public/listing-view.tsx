/**
 * A listing's page (SPEC §2 /listing/{id}): photos, title, address, price, the facts (bedrooms, bathrooms, sqft,
 * type, status, listed date), the description (with the spec's fallback), features, the community card with its
 * amenity count, and the actions: Contact Agent and Request Information open the popup (with toasts), Schedule
 * Tour, Schedule Viewing, Save to Favorites (on this device) and Share.
 * Phone first (issue 17): the header holds the key facts (status, price, rooms, sqft, community) above the photos,
 * and below 960 px a bar stuck to the bottom of the screen repeats Request Info, Schedule Tour, save and share.
 *
 * Assembled here, at the app layer, as community-view.tsx is, because it puts five features together (listings,
 * favourites, inquiries, visits, payment) and features do not import each other. Passing those parts in as props
 * cost the page about 85 bytes of gzip JavaScript, which its 110 KB budget could not keep paying.
 */
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import type { Listing } from '@domain/schemas/listing';
import { Icon, MAP_PIN } from '@/components/icon';
import { Picture } from '@/components/picture';
import { ListingGallery } from '@/features/listings/listing-gallery';
import { StaticPart } from '@/components/static-part';
import type { FavoriteItem } from '@/data/repositories/favorites-repository';
import { formatLongDate, formatUsd } from '@/utils/format';
import { communityImage, listingImage } from '@/utils/images';
import { ShareButton } from '@/components/share-button';
import type { OwnershipCosts, SalesOfficeHours } from '@domain/schemas/sales-office';
import { LISTING_TYPE_LABELS, plural, RoomFacts, statusBadge } from '@/components/listing-labels';
import { sizeFacts } from '@/features/listings/listing-facts';
import { FavoriteButton } from '@/features/favorites/favorite-button';
import { LazyInquiryPopup, preloadInquiryPopup, showInquiryPopup } from '@/features/inquiries/lazy-inquiry-popup';
import { LazyPaymentEstimate } from '@/features/payment/lazy-payment-estimate';
import { LazyVisitDialog, preloadVisitDialog, showVisitDialog } from '@/features/visits/lazy-visit-dialog';

/** What a listing page shows of its community. */
export interface ListingCommunity {
  id: string;
  slug: string;
  name: string;
  location: string;
  image: string;
  imageAlt: string;
  amenityCount: number;
  /** For the visit dialog's slots and the payment estimate's defaults (absent: the domain defaults). */
  salesOfficeHours?: SalesOfficeHours | undefined;
  ownershipCosts?: OwnershipCosts | undefined;
}

// Icon (SVG child markup) of the Schedule Tour button.
const CALENDAR = '<rect x="3" y="4" width="18" height="18" rx="2"/><path d="M16 2v4M8 2v4M3 10h18"/>';

interface ListingViewProps {
  listing: Listing;
  community: ListingCommunity | null;
}

export function ListingView({ listing, community }: ListingViewProps) {
  const [popup, setPopup] = useState<string | null>(null);
  const [visit, setVisit] = useState<string | null>(null);
  const visitButton = (label: string, className: string, icon?: boolean) => (
    <button
      type="button"
      className={className}
      onClick={() => showVisitDialog(() => setVisit(label))}
      onPointerEnter={preloadVisitDialog}
      onFocus={preloadVisitDialog}
    >
      {icon && <Icon svg={CALENDAR} size={18} />} {label}
    </button>
  );
  const badge = statusBadge(listing.status);
  const fallback = communityImage(community?.image);
  const photos = listing.images.length
    ? listing.images.map((image, index) => ({
        src: listingImage(image, fallback),
        alt: listing.imageAlts?.[index] || `${listing.title}, photo ${index + 1}`,
      }))
    : [{ src: fallback, alt: 'Community picture, no photo of this home yet' }];
  const popupButton = (label: string, className: string, title = label) => (
    <button
      type="button"
      className={className}
      onClick={() => showInquiryPopup(() => setPopup(title))}
      onPointerEnter={preloadInquiryPopup}
      onFocus={preloadInquiryPopup}
    >
      {label}
    </button>
  );
  const favorite: FavoriteItem = {
    kind: 'listing',
    id: listing.id,
    label: listing.title,
    path: `/listing/${listing.id}`,
  };
  const facts: [string, string][] = [
    ...sizeFacts(listing),
    ['Property Type', LISTING_TYPE_LABELS[listing.type] ?? listing.type],
    ['Status', badge.label],
    ['Listed', formatLongDate(listing.createdAt)],
  ];

  return (
    <article className="listing-page">
      <div className="container">
        <Link to={community ? `/community/${community.slug}` : '/communities'} className="back-link">
          &larr; {community?.name ?? 'All Communities'}
        </Link>
        <StaticPart as="header" deps={[listing, community]} className="listing-header">
          <div>
            <span className="badge badge--inline" data-tone={badge.tone}>
              {badge.label}
            </span>
            <h1>{listing.title}</h1>
            <p className="listing-header__address">
              <Icon svg={MAP_PIN} size={18} /> {listing.address}
            </p>
            <RoomFacts home={listing} />
            {community && <p className="listing-header__community">{community.name} community</p>}
          </div>
          <p className="listing-header__price">
            <span className="visually-hidden">Price: </span>
            {formatUsd(listing.price)}
          </p>
        </StaticPart>

        <ListingGallery photos={photos} title={listing.title} />

        <div className="listing-layout">
          <div className="listing-main">
            <StaticPart as="dl" deps={[listing]} className="facts" aria-label="Property facts">
              {facts.map(([label, value]) => (
                <div key={label} className="fact">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </StaticPart>
            <StaticPart as="section" deps={[listing]} className="prose render-when-near render-when-near--short">
              <h2>About This Home</h2>
              <p className="pre-line">{listing.description || PUBLIC_MESSAGES.listingDescriptionFallback}</p>
            </StaticPart>
            {listing.features.length > 0 && (
              <StaticPart as="section" deps={[listing]} className="render-when-near render-when-near--short">
                <h2>Features</h2>
                <ul className="tags">
                  {listing.features.map((feature) => (
                    <li key={feature} className="tag">
                      {feature}
                    </li>
                  ))}
                </ul>
              </StaticPart>
            )}
            <LazyPaymentEstimate price={listing.price} costs={community?.ownershipCosts} />
          </div>

          <aside className="listing-aside render-when-near render-when-near--spills" aria-label="Contact and community">
            <div className="card action-card">
              <p className="action-card__price">{formatUsd(listing.price)}</p>
              <RoomFacts home={listing} />
              {popupButton('Contact Agent', 'button button--primary button--block')}
              {visitButton('Schedule Tour', 'button button--secondary button--block', true)}
              <FavoriteButton item={favorite} className="button button--ghost button--block" />
              <ShareButton title={listing.title} className="button button--ghost button--block" />
            </div>
            {community && (
              <StaticPart as="article" deps={[community]} className="card community-mini">
                <Picture
                  className="card__image"
                  src={communityImage(community.image)}
                  alt={community.imageAlt || `${community.name} community`}
                  width={1200}
                  height={800}
                  sizes="(min-width: 900px) 360px, 100vw"
                />
                <div className="card__body">
                  <p className="card__eyebrow">Part of the community</p>
                  <h2 className="card__title">
                    <Link to={`/community/${community.slug}`} className="card__link">
                      {community.name}
                    </Link>
                  </h2>
                  <p className="card__text">{community.location}</p>
                  <p className="community-mini__amenities">{plural(community.amenityCount, 'amenity', 'amenities')}</p>
                  <span className="card__more" aria-hidden="true">
                    View Community
                  </span>
                </div>
              </StaticPart>
            )}
          </aside>
        </div>
      </div>

      {/* Rendered when near on its inner parts, not on the dark band itself (styles/base.css says why). */}
      <section className="contact-band band">
        <div className="render-when-near render-when-near--short render-when-near--spills">
          <h2>Want to see this home in person?</h2>
          <p>Pick a time that works for you, or ask us anything about {listing.title}.</p>
        </div>
        <div className="button-row render-when-near render-when-near--short render-when-near--spills">
          {visitButton('Schedule Viewing', 'button button--light button--large')}
          {popupButton('Request Information', 'button button--outline-light button--large')}
        </div>
      </section>

      <div className="listing-bar">
        {popupButton('Request Info', 'button button--primary', 'Request Information')}
        {visitButton('Schedule Tour', 'button button--secondary')}
        <FavoriteButton item={favorite} className="button button--ghost listing-bar__icon" />
        <ShareButton title={listing.title} className="button button--ghost listing-bar__icon" />
      </div>

      {popup && (
        <LazyInquiryPopup
          title={popup}
          communityName={community?.name ?? listing.title}
          communityId={listing.communityId}
          listing={{ id: listing.id, title: listing.title }}
          defaultMessage={`I'm interested in ${listing.title} at ${listing.address}. Please send me more information.`}
          onClose={() => setPopup(null)}
        />
      )}
      {visit && (
        <LazyVisitDialog
          title={visit}
          community={{
            id: listing.communityId,
            name: community?.name ?? listing.title,
            ...(community ? { location: community.location, salesOfficeHours: community.salesOfficeHours } : {}),
          }}
          listing={{ id: listing.id, title: listing.title, address: listing.address }}
          onClose={() => setVisit(null)}
        />
      )}
    </article>
  );
}
