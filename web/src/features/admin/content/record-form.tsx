/**
 * The frame of an admin record form: the react-hook-form provider its fields read, the <form> with the form-level
 * alert (a failed save's text, or the conflict link), and the Cancel and submit buttons.
 */
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { FormAlert } from './form-alert';
import type { RecordFormHandle, RecordFormState } from './use-record-form';

export function RecordForm<Form extends FieldValues, Input>({
  recordForm: { form, formRef, submit, alert },
  className,
  children,
}: {
  recordForm: RecordFormHandle<Form, Input>;
  className: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form ref={formRef} className={className} noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert conflict={alert.conflict} message={alert.message} />
        {children}
      </form>
    </FormProvider>
  );
}

interface RecordFormActionsProps {
  recordForm: RecordFormState;
  /** The submit button's text is 'Create {noun}' or 'Update {noun}'. */
  noun: string;
  /** The property panel's buttons sit inline under the form. */
  inline?: boolean;
  /** The submit button's text while saving; by default 'Creating...' or 'Updating...'. */
  savingLabel?: string;
  /** Shown before the buttons while an upload runs (the submit is off until it ends). */
  waitingText?: string;
  /** By default the form's requestClose (it asks before dropping unsaved input). */
  onCancel?: () => void;
}

export function RecordFormActions({
  recordForm: { saving, conflicted, blocked, editing, requestClose },
  noun,
  inline = false,
  savingLabel = editing ? 'Updating...' : 'Creating...',
  waitingText,
  onCancel = () => void requestClose(),
}: RecordFormActionsProps) {
  const disabled = saving || blocked || conflicted;
  return (
    <div className={inline ? 'content-form__actions content-form__actions--inline' : 'content-form__actions'}>
      {blocked && waitingText && (
        <p className="content-hint content-form__wait" role="status">
          {waitingText}
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={disabled} aria-busy={saving || undefined}>
        {saving ? savingLabel : `${editing ? 'Update' : 'Create'} ${noun}`}
      </button>
    </div>
  );
}
