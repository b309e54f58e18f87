/**
 * A list of short texts (amenities, schools) edited as tags: type and press Enter (or a comma, or Add) to add;
 * each tag has a remove button; Backspace in the empty input removes the last one. Duplicates are ignored.
 */
import { useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/icon';
import { CLOSE_SMALL } from './icons';

interface TagInputProps {
  id: string;
  label: string;
  /** Singular noun for button names, e.g. "amenity". */
  itemName: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  error?: string | undefined;
}

export function TagInput({ id, label, itemName, values, onChange, placeholder, error }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const add = () => {
    const parts = draft
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const next = [...values];
    for (const part of parts) if (!next.some((value) => value.toLowerCase() === part.toLowerCase())) next.push(part);
    if (next.length !== values.length) onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className="field tag-input" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {values.length > 0 && (
        <ul className="tag-input__tags" aria-label={label}>
          {values.map((value, index) => (
            <li key={`${value}-${index}`} className="tag-input__tag">
              <span>{value}</span>
              <button
                type="button"
                className="tag-input__remove"
                aria-label={`Remove ${itemName} ${value}`}
                onClick={() => onChange(values.filter((_, other) => other !== index))}
              >
                <Icon svg={CLOSE_SMALL} size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-input__entry">
        <input
          id={id}
          type="text"
          value={draft}
          placeholder={placeholder}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add()}
        />
        <button type="button" className="button button--ghost" onClick={add} disabled={!draft.trim()}>
          Add
        </button>
      </div>
      <p className="content-hint" id={hintId}>
        Press Enter or type a comma to add.
      </p>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
