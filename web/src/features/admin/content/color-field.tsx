/**
 * A colour chosen with the browser's picker or typed as #RRGGBB; both controls are labelled. The picker follows
 * the text whenever the text is a valid colour.
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
}

export function ColorField({ id, label, value, onChange, error, describedBy }: ColorFieldProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field color-field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className="color-field__controls">
        <input
          type="color"
          className="color-field__picker"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
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
