/**
 * The listing modal's photos (issue 17): several images uploaded at once (picked or dropped) through the same
 * upload call as the community image (checked here, sniffed and re-encoded to WebP widths by the server), each row
 * with its alt text, URL and a remove button. The first row is the cover. Rows reorder by dragging a row, or by
 * focusing its handle and pressing the arrow keys (Home and End for first and last); the focus stays on the moved
 * row's handle and a live region says where it went. Offline (or when the server cannot be reached) a checked
 * photo is kept on this device: its row holds a placeholder, shows the file marked "Waiting to sync", and the saved
 * listing's queued write uploads it before it is sent (issue 17).
 */
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_LISTING_PHOTOS, MESSAGES } from '@domain/index';
import { uploadOrKeepImage, validateImageFile } from '@/data/repositories/admin/upload';
import { ImageFilePicker } from './image-file-picker';
import type { ListingFormState } from './listing-form';
import { ListingPhotoRow } from './listing-photo-row';
import './listing-photos.css';

interface ListingPhotosFieldProps {
  /** Reports uploads in progress, so the modal waits before saving. */
  onBusyChange: (busy: boolean) => void;
}

const MOVE_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowUp: (index) => index - 1,
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  ArrowRight: (index) => index + 1,
  Home: () => 0,
  End: (_, last) => last,
};

export function ListingPhotosField({ onBusyChange }: ListingPhotosFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const fileId = `${id}-file`;
  const {
    control,
    clearErrors,
    formState: { errors },
  } = useFormContext<ListingFormState>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'images' });
  // The schema's error for the list as a whole (too many photos): no row holds it, so it shows under the list and
  // marks the file input invalid, which takes the focus after a refused save.
  const listError = (errors.images as { message?: string } | undefined)?.message;
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  // After a move the row's handle may have been re-inserted in the DOM, which drops the focus: put it back.
  useEffect(() => {
    if (focusRow === null) return;
    handles.current.get(focusRow)?.focus();
    setFocusRow(null);
  }, [focusRow, fields]);

  const moveRow = (from: number, to: number) => {
    const target = Math.max(0, Math.min(fields.length - 1, to));
    if (target === from) return;
    const rowId = fields[from]!.id;
    move(from, target);
    setFocusRow(rowId);
    setAnnouncement(
      `Photo moved to position ${target + 1} of ${fields.length}.${target === 0 ? ' It is now the cover.' : ''}`,
    );
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = MOVE_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    moveRow(index, next(index, fields.length - 1));
  };

  const uploadFiles = async (files: File[]) => {
    if (files.length === 0) return;
    // One after another: each check reads the whole file (up to 5 MB), a phone's memory is short.
    const problems: (string | null)[] = [];
    for (const file of files) problems.push(await validateImageFile(file));
    const checked = files.filter((_, index) => !problems[index]);
    // Files past the limit are not uploaded at all: the save would refuse the list, and an upload kept offline
    // would wait on the device for a save that cannot happen.
    const room = Math.max(0, MAX_LISTING_PHOTOS - fields.length - uploading);
    const accepted = checked.slice(0, room);
    setUploadError(
      checked.length > room ? tooManyPhotos(checked.length - room) : (problems.find(Boolean) ?? undefined),
    );
    if (accepted.length === 0) return;
    setUploading((count) => count + accepted.length);
    onBusyChange(true);
    try {
      // One after another: a phone connection shares its bandwidth badly, and the rows keep the chosen order.
      let kept = 0;
      for (const file of accepted) {
        try {
          const { url, queued } = await uploadOrKeepImage(file, file.name);
          if (queued) kept += 1;
          append({ url, alt: '' }, { shouldFocus: false });
        } catch (caught) {
          setUploadError(caught instanceof Error && caught.message ? caught.message : MESSAGES.uploadFailed);
        } finally {
          setUploading((count) => count - 1);
        }
      }
      const noun = accepted.length === 1 ? 'Photo' : 'Photos';
      setAnnouncement(kept ? `${noun} kept on this device. Waiting to sync.` : `${noun} uploaded.`);
    } finally {
      onBusyChange(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>, index?: number) => {
    event.preventDefault();
    if (dragFrom !== null) {
      if (index !== undefined) moveRow(dragFrom, index);
      setDragFrom(null);
      return;
    }
    void uploadFiles([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="listing-photos" aria-describedby={hintId}>
      <legend>Photos</legend>
      <p className="content-hint" id={hintId}>
        The first photo is the cover. Drag a photo, or focus its handle and press the arrow keys, to change the order.
      </p>
      {fields.length > 0 && (
        <ol className="listing-photos__list">
          {fields.map((field, index) => (
            <ListingPhotoRow
              key={field.id}
              index={index}
              count={fields.length}
              hintId={hintId}
              dragging={dragFrom === index}
              handleRef={(element) => {
                if (element) handles.current.set(field.id, element);
                else handles.current.delete(field.id);
              }}
              onHandleKey={(event) => onHandleKey(event, index)}
              onDragStart={() => setDragFrom(index)}
              onDragEnd={() => setDragFrom(null)}
              onDrop={(event) => onDrop(event, index)}
              onRemove={() => {
                remove(index);
                setUploadError(undefined);
                if (listError) clearErrors('images');
                setAnnouncement(`Photo ${index + 1} removed.`);
              }}
            />
          ))}
        </ol>
      )}
      <div
        className="image-upload__zone listing-photos__zone"
        data-invalid={uploadError || listError ? 'true' : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = dragFrom === null ? 'copy' : 'move';
        }}
        onDrop={(event) => onDrop(event, dragFrom === null ? undefined : fields.length - 1)}
      >
        <ImageFilePicker
          id={fileId}
          prompt="Drag and drop photos here, or"
          pickLabel={uploading > 0 ? 'Uploading...' : 'Add photos'}
          multiple
          invalid={Boolean(listError)}
          describedBy={`${hintId} ${fileId}-types`}
          onFiles={(files) => void uploadFiles(files)}
        >
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              fields.length + uploading >= MAX_LISTING_PHOTOS
                ? setUploadError(tooManyPhotos(1))
                : append({ url: '', alt: '' }, { shouldFocus: true, focusName: `images.${fields.length}.url` })
            }
          >
            Add by URL
          </button>
        </ImageFilePicker>
        <p className="content-hint" id={`${fileId}-types`}>
          JPG, PNG or WebP, max 5MB each.
        </p>
        {uploading > 0 && (
          <p className="content-hint" role="status">
            Uploading {uploading === 1 ? 'photo' : `${uploading} photos`}...
          </p>
        )}
      </div>
      {(uploadError ?? listError) && (
        <p className="field__error" role="alert">
          {uploadError ?? listError}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

const tooManyPhotos = (left: number) =>
  `A listing has at most ${MAX_LISTING_PHOTOS} photos: ${left === 1 ? '1 photo was' : `${left} photos were`} not added.`;
