/** A content card's edit and delete icons (shown on hover and keyboard focus, always on touch screens). */
import { Icon } from '@/components/icon';
import { EDIT, TRASH } from './icons';

export function CardActions({
  title,
  deleting,
  onEdit,
  onDelete,
}: {
  title: string;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="content-card__actions">
      <button type="button" className="icon-button content-card__action" aria-label={`Edit ${title}`} onClick={onEdit}>
        <Icon svg={EDIT} size={18} />
      </button>
      <button
        type="button"
        className="icon-button content-card__action content-card__action--danger"
        aria-label={`Delete ${title}`}
        disabled={deleting}
        onClick={onDelete}
      >
        <Icon svg={TRASH} size={18} />
      </button>
    </div>
  );
}
