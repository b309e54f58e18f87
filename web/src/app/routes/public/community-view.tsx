/**
 * A community's page (SPEC §2 /community/{id}): hero, about, details cards (location, price range, schools),
 * amenities, home plans and available listings under #homes, builders and a contact band. Sections show only
 * when their visible flag is on (homes and builders also need entries). Request Information opens the popup.
 * The page is kept lean: it is the heaviest public page against the JavaScript budget (DESIGN §7).
 *
 * Assembled here, at the app layer, because it puts five features together (communities, favourites, inquiries,
 * visits, search) and features do not import each other. Passing those parts in as props would cost this page
 * about 85 bytes of gzip JavaScript, more than its headroom under the budget (listing-view.tsx is built the same way).
 */
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import { Icon, MAP_PIN } from '@/components/icon';
import { CommunityTopBar } from '@/components/layout/community-top-bar';
import { NavigationStatus } from '@/components/layout/navigation-status';
import { SiteFooter } from '@/components/layout/site-footer';
import { SkipLink } from '@/components/layout/skip-link';
import { Picture } from '@/components/picture';
import { StaticPart } from '@/components/static-part';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { textOn } from '@/utils/colors';
import { formatUsd } from '@/utils/format';
import { communityImage } from '@/utils/images';
import { FavoriteButton } from '@/features/favorites/favorite-button';
import { ShareButton } from '@/components/share-button';
import { LazyInquiryPopup, preloadInquiryPopup, showInquiryPopup } from '@/features/inquiries/lazy-inquiry-popup';
import { LazyVisitDialog, preloadVisitDialog, showVisitDialog } from '@/features/visits/lazy-visit-dialog';
import { ListingCard, type ListingSummary } from '@/components/listing-card';
import { LazyCommunityListingFilters } from '@/features/search/lazy-community-listing-filters';
import { preloadable } from '@/components/preloadable';
import { plural, RoomFacts } from '@/components/listing-labels';
import { communityThemeVars, useDocumentTheme } from '@/features/communities/community-theme';

/**
 * The location and commute section (features/map): preloaded by the route loader, so the server renders it. Far
 * down the page, it is hydrated when it comes near the viewport (issue 14); only then does it need its code, to load
 * the map.
 */
export const communityCommute = preloadable(() => import('@/features/map/map-sections'), {
  hydrateWhen: { selector: 'section[aria-labelledby="commute-title"]', nearViewport: true },
});

const ARROW_LEFT = '<path d="M19 12H5M12 19l-7-7 7-7"/>';

interface CommunityViewProps {
  community: Community;
  listings: ListingSummary[];
  /** The listings filter bar (features/search): the community's listing count and whether filters are on. */
  listingFilter?: { total: number; active: boolean };
}

export function CommunityView({ community, listings, listingFilter }: CommunityViewProps) {
  const { general } = useSiteSettings();
  const [popupOpen, setPopupOpen] = useState(false);
  const [visitOpen, setVisitOpen] = useState(false);
  // Shown once their code is in, so the first render does not suspend (components/lazy-with-preload.tsx).
  const openVisit = () => showVisitDialog(() => setVisitOpen(true));
  const { theme, sections, name } = community;
  const vars = communityThemeVars(theme);
  useDocumentTheme(vars);
  const { hero, about, homes, builders } = sections;
  const image = communityImage(community.image);
  const heroImage = hero.visible && hero.backgroundType === 'image' && communityImage(hero.backgroundImage || image);
  const popupButton = (
    <button
      type="button"
      className="button button--outline-light button--large"
      onClick={() => showInquiryPopup(() => setPopupOpen(true))}
      onPointerEnter={preloadInquiryPopup}
      onFocus={preloadInquiryPopup}
    >
      Request Information
    </button>
  );

  return (
    <div className="community-page public-shell" style={vars}>
      <SkipLink />
      <CommunityTopBar name={name} onScheduleVisit={openVisit} onPreloadVisit={preloadVisitDialog} />
      <NavigationStatus />
      <main id="main" tabIndex={-1}>
        <section
          className={hero.visible ? 'hero community-hero' : 'community-intro'}
          style={
            hero.visible && !heroImage
              ? { background: hero.backgroundColor, color: textOn(hero.backgroundColor) }
              : undefined
          }
          data-background={heroImage ? 'image' : undefined}
        >
          {heroImage && (
            <Picture className="hero__image" src={heroImage} alt="" width={1920} height={1080} sizes="100vw" priority />
          )}
          <nav className="container community-hero__top" aria-label="Site">
            <Link to="/" className="community-hero__site">
              {general.siteName}
            </Link>
            <Link to="/communities" className="community-hero__back">
              <Icon svg={ARROW_LEFT} size={16} /> All Communities
            </Link>
          </nav>
          <div className="container hero__content">
            <h1>{(hero.visible && hero.title) || name}</h1>
            {hero.visible && hero.subtitle && <p className="hero__lead">{hero.subtitle}</p>}
            <p className="hero__meta">
              <span>
                <Icon svg={MAP_PIN} size={18} /> {community.location}
              </span>
              {community.priceRange && <span>{community.priceRange}</span>}
            </p>
            <div className="button-row">
              <a href="#homes" className="button button--light button--large">
                View Homes
              </a>
              {popupButton}
            </div>
            <div className="page-actions">
              <FavoriteButton
                item={{ kind: 'community', id: community.id, label: name, path: `/community/${community.slug}` }}
                className="button button--outline-light"
              />
              <ShareButton title={name} className="button button--outline-light" />
            </div>
          </div>
        </section>

        {/*
          The intro and the amenities band are laid out with the first screen, not rendered when near: they are above
          #homes, where "View Homes" and the top bar's link scroll, before the app has started too. Their stand-ins'
          heights moved the homes by -170 px (laptop) and +42 px (phone) on WebKit, which has no scroll anchoring. On a
          phone the intro is on the first screen anyway.
        */}
        <StaticPart deps={[community]} className={`section container${about.visible ? ' split split--wide' : ''}`}>
          {about.visible && (
            <section className="prose">
              <p className="eyebrow">About</p>
              <h2>About {name}</h2>
              <p className="pre-line">{about.content || community.description}</p>
            </section>
          )}
          <ul className="detail-cards" aria-label="Community details">
            <li className="detail-card">
              <h3>Location</h3>
              <p>{community.location}</p>
            </li>
            <li className="detail-card">
              <h3>Price Range</h3>
              <p>{community.priceRange || 'Contact us for pricing'}</p>
              {community.totalHomes > 0 && <p className="muted">{plural(community.totalHomes, 'home')} planned</p>}
            </li>
            {community.schools.length > 0 && (
              <li className="detail-card">
                <h3>Schools</h3>
                <ul className="plain-list">
                  {community.schools.map((school) => (
                    <li key={school}>{school}</li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </StaticPart>

        {community.amenities.length > 0 && (
          <StaticPart as="section" deps={[community]} className="section band band--tint">
            <h2>Amenities</h2>
            <ul className="tags">
              {community.amenities.map((amenity) => (
                <li key={amenity} className="tag">
                  {amenity}
                </li>
              ))}
            </ul>
          </StaticPart>
        )}

        {/*
          The bands of cards (home plans, listings, builders) are not rendered when near as a whole: their cards are,
          each with its own stand-in (styles/base.css), so a band's height is right at any width. One stand-in for a
          band was about 300 px off on a phone or on a laptop, and on WebKit that moved what the visitor read.
        */}
        <div id="homes">
          {homes.visible && community.homes.length > 0 && (
            <StaticPart as="section" deps={[community]} className="section band">
              <h2>{homes.title || 'Available Homes'}</h2>
              <ul className="card-grid card-grid--compact card-grid--homes">
                {community.homes.map((home) => (
                  <li key={home.name} className="card home-card">
                    <h3 className="card__title">{home.name}</h3>
                    <p className="home-card__price">
                      {typeof home.price === 'number' ? `From ${formatUsd(home.price)}` : home.price}
                    </p>
                    <RoomFacts home={home} />
                  </li>
                ))}
              </ul>
            </StaticPart>
          )}

          <section className="section band">
            <h2>Available Listings</h2>
            {listingFilter && listingFilter.total > 0 && (
              <LazyCommunityListingFilters shown={listings.length} total={listingFilter.total} />
            )}
            {listings.length > 0 ? (
              <StaticPart as="ul" deps={[listings, image]} className="card-grid card-grid--listings">
                {listings.map((listing) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} fallbackImage={image} />
                  </li>
                ))}
              </StaticPart>
            ) : listingFilter?.active ? null : (
              <p className="empty-state">
                No listings are available right now. Request information to hear about new releases first.
              </p>
            )}
          </section>
        </div>

        {builders.visible && community.builders.length > 0 && (
          <StaticPart as="section" deps={[community]} className="section band band--tint">
            <h2>{builders.title || 'Our Builders'}</h2>
            <ul className="card-grid card-grid--compact card-grid--builders">
              {community.builders.map((builder) => (
                <li key={builder.name} className="card builder-card">
                  <h3 className="card__title">{builder.name}</h3>
                  <p className="card__text">{builder.description}</p>
                  <p className="builder-card__contact">{builder.contact}</p>
                </li>
              ))}
            </ul>
          </StaticPart>
        )}

        <Suspense>
          <communityCommute.Component community={community} />
        </Suspense>

        {/* Rendered when near on its inner parts, not on the dark band itself (styles/base.css says why). */}
        <section className="contact-band band">
          <div className="render-when-near render-when-near--short render-when-near--spills">
            <h2>Interested in {name}?</h2>
            <p>Tour the community, meet the builders and find the home plan that fits your family.</p>
          </div>
          <div className="button-row render-when-near render-when-near--short render-when-near--spills">
            <button
              type="button"
              className="button button--light button--large"
              onClick={openVisit}
              onPointerEnter={preloadVisitDialog}
              onFocus={preloadVisitDialog}
            >
              Schedule Visit
            </button>
            {popupButton}
          </div>
        </section>
      </main>
      <SiteFooter />
      {popupOpen && (
        <LazyInquiryPopup
          title="Request Information"
          communityName={name}
          communityId={community.id}
          onClose={() => setPopupOpen(false)}
        />
      )}
      {visitOpen && (
        <LazyVisitDialog
          title="Schedule Visit"
          community={{
            id: community.id,
            name,
            location: community.location,
            salesOfficeHours: community.salesOfficeHours,
          }}
          onClose={() => setVisitOpen(false)}
        />
      )}
    </div>
  );
}
