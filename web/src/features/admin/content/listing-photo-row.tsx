/**
 * One row of the listing modal's photos: the thumbnail (marked Cover on the first row), the drag handle that also
 * moves the row with the arrow keys, the alt text and URL inputs, and Remove. ListingPhotosField owns the order.
 * A photo kept on this device until the listing syncs shows the file and is marked "Waiting to sync".
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { DEFAULT_COMMUNITY_IMAGE } from '@domain/index';
import { Icon } from '@/components/icon';
import { listingImage } from '@/utils/images';
import { CLOSE_SMALL } from './icons';
import type { ListingFormState } from './listing-form';
import { recordFields } from './record-fields';
import { useKeptImagePreview } from './use-kept-image-preview';

const { InputField } = recordFields<ListingFormState>();

// Six dots: the usual "grab here" mark of a draggable row.
const GRIP =
  '<circle cx="9" cy="6" r="1"/><circle cx="15" cy="6" r="1"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="9" cy="18" r="1"/><circle cx="15" cy="18" r="1"/>';

interface ListingPhotoRowProps {
  index: number;
  count: number;
  /** The field's hint, which says how to move a row. */
  hintId: string;
  dragging: boolean;
  handleRef: (element: HTMLButtonElement | null) => void;
  onHandleKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onRemove: () => void;
}

export function ListingPhotoRow({
  index,
  count,
  hintId,
  dragging,
  handleRef,
  onHandleKey,
  onDragStart,
  onDragEnd,
  onDrop,
  onRemove,
}: ListingPhotoRowProps) {
  const url = useWatch<ListingFormState, `images.${number}.url`>({ name: `images.${index}.url` });
  const [broken, setBroken] = useState<string>();
  const kept = useKeptImagePreview(url ?? '');
  const preview = kept ? kept.src || DEFAULT_COMMUNITY_IMAGE : listingImage(url, DEFAULT_COMMUNITY_IMAGE);
  const cover = index === 0;
  return (
    <li
      className="listing-photo"
      data-cover={cover ? 'true' : undefined}
      data-dragging={dragging ? 'true' : undefined}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only with some data set.
        event.dataTransfer.setData('text/plain', String(index));
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      <button
        ref={handleRef}
        type="button"
        className="listing-photo__handle"
        aria-label={`Move photo ${index + 1} of ${count}`}
        aria-describedby={hintId}
        onKeyDown={onHandleKey}
      >
        <Icon svg={GRIP} size={18} />
      </button>
      <div className="listing-photo__thumb">
        <img
          src={broken === preview ? DEFAULT_COMMUNITY_IMAGE : preview}
          alt=""
          width={120}
          height={80}
          onError={() => setBroken(preview)}
        />
        {cover && <span className="listing-photo__cover">Cover</span>}
        {kept?.waiting && <span className="listing-photo__waiting">Waiting to sync</span>}
      </div>
      <div className="listing-photo__fields">
        <InputField
          name={`images.${index}.alt`}
          id={`listing-photo-${index}-alt`}
          label={`Alt text, photo ${index + 1}`}
          placeholder="Describe what the photo shows"
        />
        <InputField
          name={`images.${index}.url`}
          id={`listing-photo-${index}-url`}
          label={`URL, photo ${index + 1}`}
          inputMode="url"
          autoComplete="off"
        />
      </div>
      <button
        type="button"
        className="icon-button listing-photo__remove"
        aria-label={`Remove photo ${index + 1}`}
        onClick={onRemove}
      >
        <Icon svg={CLOSE_SMALL} size={16} />
      </button>
    </li>
  );
}
