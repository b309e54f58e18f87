/**
 * A labelled form field: the label, the control (rendered by the caller with the given accessibility props) and
 * the field's error, announced and linked through aria-describedby. InputField and SelectField are the same with
 * an <input> or a <select>.
 */
import type { ComponentProps, ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldLabelProps {
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  error?: string | undefined;
}

interface FieldProps extends FieldLabelProps {
  children: (props: FieldControlProps) => ReactNode;
}

export function Field({ id, label, required, optional, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field whose control is an <input>; `required` marks the label and the input (which the browser checks unless
 * the form is noValidate), every other prop (type, value, onChange, autoComplete...) goes to the input.
 */
export function InputField({
  id,
  label,
  required,
  optional,
  error,
  ...input
}: FieldLabelProps & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} required={required} optional={optional} error={error}>
      {(aria) => <input {...aria} required={required} {...input} />}
    </Field>
  );
}

/** A Field whose control is a <select> (its children are the options), with props as InputField's. */
export function SelectField({
  id,
  label,
  required,
  optional,
  error,
  ...select
}: FieldLabelProps & ComponentProps<'select'>) {
  return (
    <Field id={id} label={label} required={required} optional={optional} error={error}>
      {(aria) => <select {...aria} required={required} {...select} />}
    </Field>
  );
}
