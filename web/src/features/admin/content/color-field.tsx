/**
 * A colour chosen with the browser's picker or typed as #RRGGBB; both controls are labelled. The picker follows
 * the text whenever the text is a valid colour. Used by the content forms and by the settings' primary colour;
 * `look` keeps each page's own styling (content.css is loaded only with the content pages, the settings page
 * styles its pair through admin.css).
 */
const HEX = /^#[0-9a-fA-F]{6}$/;

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Extra description ids (e.g. a contrast warning). */
  describedBy?: string | undefined;
  /** Shown but not editable (an admin who may not change it). */
  readOnly?: boolean | undefined;
  look?: 'content' | 'settings';
}

const LOOKS = {
  content: { field: 'field color-field', controls: 'color-field__controls', picker: 'color-field__picker' },
  settings: { field: 'field', controls: 'admin-color', picker: undefined },
} as const;

export function ColorField({
  id,
  label,
  value,
  onChange,
  error,
  describedBy,
  readOnly,
  look = 'content',
}: ColorFieldProps) {
  const errorId = `${id}-error`;
  const classes = LOOKS[look];
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes.field} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className={classes.controls}>
        <input
          type="color"
          className={classes.picker}
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          disabled={readOnly}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#007AFF"
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export const isHexColor = (value: string): boolean => HEX.test(value);
