/**
 * The consent checkbox of the visitor forms that ask for it (the visit booking, the shortlist, the kiosk sign-in):
 * the box and its wording in one label, and the error under it, linked through aria-describedby like a Field's.
 */
import type { ComponentProps, ReactNode } from 'react';

type ConsentFieldProps = ComponentProps<'input'> & {
  id: string;
  /** The wrapper's class: each form lays the box out its own way. */
  className: string;
  error?: string | undefined;
  /** The consent wording. */
  children: ReactNode;
};

export function ConsentField({ id, className, error, children, ...input }: ConsentFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className} data-invalid={error ? 'true' : undefined}>
      <label>
        <input
          type="checkbox"
          id={id}
          name="consent"
          // Every form that asks for consent needs it, and says so in its own words on a send (each is noValidate).
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
