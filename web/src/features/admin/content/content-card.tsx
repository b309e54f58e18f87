/**
 * A card of the communities and listings grids: the record's image (with an optional badge over it), a lead line,
 * the pending chip of a change queued on this device, the title that opens the editor, the card's own lines and
 * facts, and the edit and delete icons. Busy while its delete runs; revealed after a save.
 */
import type { ReactNode } from 'react';
import { Picture } from '@/components/picture';
import { CARD_IMAGE_SIZES } from '@/utils/images';
import { CardActions } from './card-actions';
import { PendingChip } from './form-alert';
import { useKeptImagePreview } from './use-kept-image-preview';

interface ContentCardProps {
  id: string;
  title: string;
  /** The image's URL, or the placeholder of an image kept on this device until it is uploaded (issue 17). */
  image: string;
  /** Shown over the image (the listing's status). */
  badge?: ReactNode;
  /** The line above the title (a community's location, a listing's price). */
  lead: ReactNode;
  /** From the page's useRecordList. */
  list: { deletingId: string | undefined; revealId: string | undefined; pendingIds: readonly string[] };
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}

export function ContentCard({ id, title, image, badge, lead, list, onEdit, onDelete, children }: ContentCardProps) {
  // An image chosen offline shows from this device (or from the server once uploaded), not as a broken link.
  const kept = useKeptImagePreview(image);
  const picture = kept ? (
    <img className="card__image" src={kept.src || undefined} alt="" width={1200} height={800} />
  ) : (
    <Picture className="card__image" src={image} alt="" width={1200} height={800} sizes={CARD_IMAGE_SIZES} />
  );
  return (
    <li data-record-id={id}>
      <article
        className="card content-card"
        aria-busy={list.deletingId === id || undefined}
        data-revealed={list.revealId === id || undefined}
      >
        {badge ? (
          <div className="card__media">
            {picture}
            {badge}
          </div>
        ) : (
          picture
        )}
        <div className="card__body">
          {lead}
          {list.pendingIds.includes(id) && <PendingChip />}
          <h2 className="card__title content-card__title">
            <button type="button" className="card__link content-card__open" onClick={onEdit}>
              {title}
            </button>
          </h2>
          {children}
        </div>
        <CardActions title={title} deleting={list.deletingId === id} onEdit={onEdit} onDelete={onDelete} />
      </article>
    </li>
  );
}

/** A card's facts: label and value pairs, in order. */
export function CardFacts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="card__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
