/**
 * An image field (SPEC §2 community modal, §4 "Image upload", §5): drop a file on the zone or pick one; the file is
 * checked (image, JPG/PNG/WebP, at most 5MB) before it is sent, uploaded, and its URL becomes the value. The
 * preview falls back to the default community image. The URL can also be typed (a path or https URL).
 * Offline (or when the server cannot be reached) the checked file is kept on this device: the value is its
 * placeholder, the preview shows the file, marked "Waiting to sync", and the saved record's queued write uploads
 * it before it is sent (issue 17).
 */
import { useId, useState, type DragEvent } from 'react';
import { DEFAULT_COMMUNITY_IMAGE, MESSAGES } from '@domain/index';
import { uploadOrKeepImage, validateImageFile } from '@/data/repositories/admin/upload';
import { communityImage } from '@/utils/images';
import { ImageFilePicker } from './image-file-picker';
import { useKeptImagePreview } from './use-kept-image-preview';

interface ImageUploadProps {
  /** Accessible name of the group, e.g. "Community image". */
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** Alt text of the preview. */
  alt: string;
  /** A field error from validation or the server, shown with the upload's own errors. */
  error?: string | undefined;
  /** Reports an upload in progress, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

export function ImageUpload({ label, value, onChange, alt, error, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const fileId = `${id}-file`;
  const urlId = `${id}-url`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const [brokenPreview, setBrokenPreview] = useState<string>();

  const kept = useKeptImagePreview(value);
  const preview = kept ? kept.src || DEFAULT_COMMUNITY_IMAGE : communityImage(value);
  const shownPreview = brokenPreview === preview ? DEFAULT_COMMUNITY_IMAGE : preview;
  const shownError = uploadError ?? error;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = await validateImageFile(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    setUploadError(undefined);
    setUploading(true);
    onBusyChange?.(true);
    try {
      const { url } = await uploadOrKeepImage(file, file.name);
      onChange(url);
    } catch (caught) {
      setUploadError(caught instanceof Error && caught.message ? caught.message : MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <fieldset className="image-upload" aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}>
      <legend>{label}</legend>
      <div
        className="image-upload__zone"
        data-dragging={dragging ? 'true' : undefined}
        data-invalid={shownError ? 'true' : undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <img
          className="image-upload__preview"
          src={shownPreview}
          alt={alt || 'Preview of the selected image'}
          width={240}
          height={160}
          onError={() => setBrokenPreview(preview)}
        />
        <div className="image-upload__controls">
          <ImageFilePicker
            id={fileId}
            prompt="Drag and drop an image here, or"
            pickLabel={uploading ? 'Uploading...' : 'Choose image'}
            disabled={uploading}
            describedBy={hintId}
            onFiles={(files) => void upload(files[0])}
          >
            {value && (
              <button
                type="button"
                className="button button--ghost"
                disabled={uploading}
                onClick={() => {
                  setUploadError(undefined);
                  onChange('');
                }}
              >
                Remove image
              </button>
            )}
          </ImageFilePicker>
          <p className="content-hint" id={hintId}>
            JPG, PNG or WebP, max 5MB.
          </p>
          {uploading && (
            <p className="content-hint" role="status">
              Uploading image...
            </p>
          )}
          {kept?.waiting && (
            <p className="content-hint image-upload__waiting" role="status">
              Waiting to sync: the image is kept on this device and uploads with the saved record.
            </p>
          )}
        </div>
      </div>
      {shownError && (
        <p className="field__error" id={errorId} role="alert">
          {shownError}
        </p>
      )}
      <div className="field image-upload__url">
        <label htmlFor={urlId}>Image URL or path</label>
        <input
          id={urlId}
          type="text"
          inputMode="url"
          value={value}
          placeholder="/images/communities/default.jpg"
          onChange={(event) => {
            setUploadError(undefined);
            onChange(event.target.value);
          }}
        />
      </div>
    </fieldset>
  );
}
