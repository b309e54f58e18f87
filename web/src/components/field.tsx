/**
 * A labelled form field: the label, the control (rendered by the caller with the given accessibility props) and
 * the field's error, announced (role=alert) and linked through aria-describedby. InputField, SelectField and
 * TextareaField are the same with an <input>, a <select> or a <textarea>.
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
      {/* An alert: announced also when the field in error already has the focus (Enter in it), where moving the
          focus there reads nothing new. */}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field around one control: `required` marks the label and the control (which the browser checks unless the
 * form is noValidate); every other prop (type, value, onChange, autoComplete, a select's options...) goes to it.
 */
function controlField<ControlProps extends object>(
  renderControl: (props: ControlProps & FieldControlProps & { required: boolean | undefined }) => ReactNode,
) {
  return function ControlField({ id, label, required, optional, error, ...control }: FieldLabelProps & ControlProps) {
    return (
      <Field id={id} label={label} required={required} optional={optional} error={error}>
        {(aria) => renderControl({ ...aria, required, ...(control as ControlProps) })}
      </Field>
    );
  };
}

export const InputField = controlField<ComponentProps<'input'>>((props) => <input {...props} />);
export const SelectField = controlField<ComponentProps<'select'>>((props) => <select {...props} />);
export const TextareaField = controlField<ComponentProps<'textarea'>>((props) => <textarea {...props} />);
