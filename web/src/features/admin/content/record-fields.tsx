/**
 * The fields of the admin record forms, on react-hook-form: each one is a controlled input bound to a form path
 * (useController on the form of the surrounding <RecordForm>), labelled and linked to its error by the shared Field.
 * A form takes them from `recordFields<FormState>()`, which types every `name` against its state:
 * `const { InputField } = recordFields<ListingFormState>()`.
 *
 * Errors follow SPEC §5 as before: a submit validates the whole form (the resolver) and the server's 400 details
 * land on their fields; editing a field clears the errors at its path and below until the next submit. A field
 * whose error sits at another path than its value (the sales office's `salesOfficeHours.mon` for the form's
 * `office.hours.mon`) names it with `errorPath`.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import {
  get,
  useController,
  useFormContext,
  useFormState,
  type FieldPath,
  type FieldPathByValue,
  type FieldPathValue,
  type FieldValues,
} from 'react-hook-form';
import { BATHROOM_STEP, ROOMS_MAX } from '@domain/index';
import { Field, type FieldControlProps } from '@/components/field';

/** The number inputs' attributes: a whole count of 0 or more, a room count (0-20), bathrooms (0-20 in half steps). */
export const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
export const ROOM_COUNT = { ...WHOLE_NUMBER, max: ROOMS_MAX } as const;
export const BATHROOM_COUNT = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: ROOMS_MAX,
  step: BATHROOM_STEP,
} as const;

/** The message of an error node, or the first one under it (`amenities` also finds `amenities.2`). */
export function firstErrorMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') return message || undefined;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'types') continue;
    const found = firstErrorMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** A form path as a controlled value with its error; `onChange` clears the errors at `errorPath` (and below). */
export interface RecordField<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  error: string | undefined;
}

function useField(name: string, errorPath: string = name): RecordField<unknown> {
  const { control, clearErrors, getFieldState } = useFormContext();
  const { field } = useController({ control, name });
  const { errors } = useFormState({ control, name: errorPath });
  return {
    value: field.value,
    ref: field.ref,
    onBlur: field.onBlur,
    error: firstErrorMessage(get(errors, errorPath)),
    onChange: (value) => {
      field.onChange(value);
      if (getFieldState(errorPath).error) clearErrors(errorPath);
    },
  };
}

interface FieldProps<N> {
  name: N;
  errorPath?: string;
  id: string;
  label: string;
  required?: boolean;
}

type Native<A> = Omit<A, 'id' | 'name' | 'value' | 'checked' | 'onChange' | 'onBlur' | 'required' | 'children'>;

/** A labelled control holding a string: `render` draws the control with these props and the caller's attributes. */
function TextField({
  name,
  errorPath,
  id,
  label,
  required,
  render,
  ...attributes
}: FieldProps<string> & {
  render: (props: FieldControlProps & Omit<RecordField<string>, 'error'> & { required?: boolean }) => ReactNode;
}) {
  const { error, onChange, ...field } = useField(name, errorPath) as RecordField<string>;
  return (
    <Field id={id} label={label} required={required} error={error}>
      {(props) => render({ ...props, ...attributes, ...field, required, onChange })}
    </Field>
  );
}

type InputProps = FieldProps<string> & Native<InputHTMLAttributes<HTMLInputElement>>;

/** A labelled <input> holding a string: type text unless given (number inputs take WHOLE_NUMBER and the like). */
function InputField({ type = 'text', ...props }: InputProps) {
  return (
    <TextField
      {...props}
      render={({ onChange, ...control }) => (
        <input {...control} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
    />
  );
}

type TextAreaProps = FieldProps<string> & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>;

function TextAreaField(props: TextAreaProps) {
  return (
    <TextField
      {...props}
      render={({ onChange, ...control }) => (
        <textarea {...control} onChange={(event) => onChange(event.target.value)} />
      )}
    />
  );
}

/** An <option>: its value and its text. */
export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = FieldProps<string> &
  Native<SelectHTMLAttributes<HTMLSelectElement>> & {
    /** The options, in order; `children` are other options before them. */
    options?: readonly SelectOption[];
    children?: ReactNode;
  };

/** A labelled <select>. */
function SelectField({ options = [], children, ...props }: SelectProps) {
  return (
    <TextField
      {...props}
      render={({ onChange, ...control }) => (
        <select {...control} onChange={(event) => onChange(event.target.value)}>
          {children}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

type CheckboxProps = Omit<FieldProps<string>, 'required' | 'errorPath'>;

/** A checkbox with its label after it (a page section's "Show the … section" switch). */
function CheckboxField({ name, id, label }: CheckboxProps) {
  const field = useField(name) as RecordField<boolean>;
  return (
    <div className="checkbox-field">
      <input
        id={id}
        ref={field.ref}
        type="checkbox"
        checked={field.value}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The fields of a form whose state is T: the same components, with `name` checked against T. */
export interface RecordFields<T extends FieldValues> {
  useField: <N extends FieldPath<T>>(name: N, errorPath?: string) => RecordField<FieldPathValue<T, N>>;
  InputField: (props: InputProps & { name: FieldPathByValue<T, string> }) => ReactNode;
  TextAreaField: (props: TextAreaProps & { name: FieldPathByValue<T, string> }) => ReactNode;
  SelectField: (props: SelectProps & { name: FieldPathByValue<T, string> }) => ReactNode;
  CheckboxField: (props: CheckboxProps & { name: FieldPathByValue<T, boolean> }) => ReactNode;
}

const FIELDS = { useField, InputField, TextAreaField, SelectField, CheckboxField };

export const recordFields = <T extends FieldValues>() => FIELDS as unknown as RecordFields<T>;
