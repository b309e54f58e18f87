/**
 * The file side of an image drop zone (community image, listing photos): the drag-and-drop prompt, the hidden file
 * input with its "Choose" button (a label, so the input keeps its own keyboard and screen-reader behaviour), and
 * any further buttons. The input is emptied after each choice, so the same file can be chosen again.
 */
import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { UPLOAD } from './icons';

export function ImageFilePicker({
  id,
  prompt,
  pickLabel,
  multiple,
  disabled,
  invalid,
  describedBy,
  onFiles,
  children,
}: {
  id: string;
  prompt: string;
  pickLabel: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Marks the input invalid (an error of the whole list), so a refused save focuses it. */
  invalid?: boolean;
  describedBy: string;
  onFiles: (files: File[]) => void;
  /** Buttons after the pick button. */
  children?: ReactNode;
}) {
  return (
    <>
      <p className="image-upload__prompt">
        <Icon svg={UPLOAD} size={18} /> {prompt}
      </p>
      <div className="image-upload__buttons">
        <input
          id={id}
          className="visually-hidden image-upload__file"
          type="file"
          multiple={multiple}
          accept="image/jpeg,image/png,image/webp"
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            onFiles(files);
          }}
        />
        <label htmlFor={id} className="button button--secondary image-upload__pick">
          {pickLabel}
        </label>
        {children}
      </div>
    </>
  );
}
