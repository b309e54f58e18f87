/**
 * A community card (home and /communities grids): image, name, location, description cut at 120 characters,
 * price range and size. The whole card is one link to /community/{slug} (DESIGN §6: generated links use the slug).
 */
import { Link } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import { CARD_DESCRIPTION_MAX_CHARS } from '@domain/constants';
import { truncate } from '@domain/truncate';
import { Icon, MAP_PIN } from '@/components/icon';
import { Picture } from '@/components/picture';
import { CARD_IMAGE_SIZES, communityImage } from '@/utils/images';
import { formatCount } from '@/utils/format';

export type CommunitySummary = Pick<
  Community,
  'id' | 'slug' | 'name' | 'location' | 'description' | 'priceRange' | 'totalHomes' | 'image' | 'imageAlt'
>;

export function CommunityCard({ community, priority }: { community: CommunitySummary; priority?: boolean }) {
  return (
    <article className="card community-card">
      <Picture
        className="card__image"
        src={communityImage(community.image)}
        alt={community.imageAlt || `${community.name} community`}
        width={1200}
        height={800}
        sizes={CARD_IMAGE_SIZES}
        priority={priority}
      />
      <div className="card__body">
        <p className="card__eyebrow">
          <Icon svg={MAP_PIN} size={16} />
          {community.location}
        </p>
        <h3 className="card__title">
          <Link to={`/community/${community.slug || community.id}`} className="card__link">
            {community.name}
          </Link>
        </h3>
        <p className="card__text">{truncate(community.description, CARD_DESCRIPTION_MAX_CHARS)}</p>
        <dl className="card__facts">
          {community.priceRange && (
            <div>
              <dt>Price Range</dt>
              <dd>{community.priceRange}</dd>
            </div>
          )}
          {community.totalHomes > 0 && (
            <div>
              <dt>Homes</dt>
              <dd>{formatCount(community.totalHomes)}</dd>
            </div>
          )}
        </dl>
        <span className="card__more" aria-hidden="true">
          View Community
        </span>
      </div>
    </article>
  );
}

/** Only what a card shows, so the page's embedded data stays small. */
export const toSummary = ({
  id,
  slug,
  name,
  location,
  description,
  priceRange,
  totalHomes,
  image,
  imageAlt,
}: CommunitySummary): CommunitySummary => ({
  id,
  slug,
  name,
  location,
  description,
  priceRange,
  totalHomes,
  image,
  imageAlt,
});

/**
 * `priorityCount`: how many leading cards are above the fold where the grid opens the page (/communities): their
 * images load at once with high priority, as they are the page's largest paint; the rest load lazily.
 */
export function CommunityGrid({
  communities,
  priorityCount = 0,
}: {
  communities: CommunitySummary[];
  priorityCount?: number;
}) {
  return (
    <ul className="card-grid card-grid--communities" role="list">
      {communities.map((community, index) => (
        <li key={community.id}>
          <CommunityCard community={community} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
