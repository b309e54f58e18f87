/**
 * What the community modal's parts share: the form (from the modal's <RecordForm>) with its fields, typed against
 * the community form state, and the collapsible part itself (<details>): its title, an optional count, and "Needs
 * attention" while any error lies in it. Which parts are open is the modal's state: the admin opens and closes
 * them, and a failed submit opens every part that has an error (partOfPath).
 */
import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { partOfPath, type CommunityFormInput, type CommunityFormPart, type CommunityFormState } from './community-form';
import { recordFields } from './record-fields';

/** The community modal's form, for its parts... */
export const useCommunityForm = () => useFormContext<CommunityFormState, unknown, CommunityFormInput>();

/** ...and its fields, their paths checked against the community form state. */
export const { useField, InputField, TextAreaField, CheckboxField } = recordFields<CommunityFormState>();

export interface CommunityParts {
  open: ReadonlySet<CommunityFormPart>;
  toggle: (part: CommunityFormPart, open: boolean) => void;
}

interface CommunityPartProps {
  parts: CommunityParts;
  part: CommunityFormPart;
  title: string;
  count?: number;
  children: ReactNode;
}

export function CommunityPart({ parts, part, title, count, children }: CommunityPartProps) {
  const { control } = useCommunityForm();
  const { errors } = useFormState({ control });
  const hasError = Object.keys(errors).some((path) => partOfPath(path) === part);
  return (
    <details
      className="form-part"
      open={parts.open.has(part)}
      data-invalid={hasError ? 'true' : undefined}
      onToggle={(event) => parts.toggle(part, event.currentTarget.open)}
    >
      <summary>
        <span className="form-part__title">{title}</span>
        {count !== undefined && <span className="form-part__count">{count}</span>}
        {hasError && <span className="form-part__error">Needs attention</span>}
      </summary>
      <div className="form-part__body">{children}</div>
    </details>
  );
}

/** Props of a part component. */
export interface PartProps {
  parts: CommunityParts;
}

/** Props of a part with an image upload: the modal waits for uploads before it saves. */
export interface UploadPartProps extends PartProps {
  onUploadBusy: (busy: boolean) => void;
}
