/**
 * Every admin record form (the community and listing modals, the property panel): its react-hook-form form, and
 * its save, close, conflict and failure (SPEC §2, §5, §8; DESIGN §5 "Outbox"):
 * - the form opens with `initialValues` and validates with `resolver` on submit only; an edit clears its own field's
 *   errors (record-fields.tsx). A valid form is saved through the repository: online it creates or updates,
 *   offline it queues the change on the device (`onSaved` gets `queued`; the page's toast says which);
 * - a failed save shows the server's text (or the form's fixed text), places the 400 details on their fields, and
 *   a 412 shows the link to the Sync page and tells the page (`onConflict`, which reloads its list);
 * - after a failed submit the first invalid field gets the focus, once the render that shows it is done;
 * - the form is dirty while its values differ from the ones it opened with; closing a dirty modal asks first, and
 *   the unsaved-changes guard holds navigation. After a conflict the change is parked in the outbox for the Sync
 *   page: nothing is lost by leaving, so the form is no longer dirty, and saving again would only queue behind it.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { saveAdmin, type AdminEntity, type AdminRecord, type AdminSaveInput } from '@/data/repositories/admin/content';
import { useConfirm, type ConfirmFn } from '../shared/confirm-dialog';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { reopenDialog } from './reopen-dialog';
import { describeSaveError } from './save-errors';

/** What a form reports after a save: the record, whether it was a create, and whether it only got queued. */
export interface SavedResult<T> {
  record: T;
  created: boolean;
  queued: boolean;
}

/** Asks before unsaved input is thrown away (closing a modal, switching the property being edited). */
export const confirmDiscardChanges = (confirm: ConfirmFn): Promise<boolean> =>
  confirm('You have unsaved changes. Discard them?', {
    confirmLabel: 'Discard',
    danger: true,
    title: 'Unsaved changes',
  });

/**
 * How many image uploads of a form are running, and the `onBusyChange` its upload fields report to: the form
 * neither saves nor closes while one runs (`blocked`), or the record would keep a half-sent image.
 */
export function useRunningUploads(): [count: number, track: (active: boolean) => void] {
  const [count, setCount] = useState(0);
  return [count, (active) => setCount((previous) => previous + (active ? 1 : -1))];
}

export interface RecordFormAlert {
  conflict: boolean;
  message: string;
}

const NO_ALERT: RecordFormAlert = { conflict: false, message: '' };
const FIRST_INVALID = '[aria-invalid="true"]';

export interface RecordFormOptions<E extends AdminEntity, Form extends FieldValues, Input> {
  entity: E;
  /** The record being edited; absent for a create. */
  record: AdminRecord<E> | undefined;
  /** The form's values when it opens (read once). */
  initialValues: () => Form;
  /** The form's zodResolver: its checks, and its API input as the submitted values. */
  resolver: Resolver<Form, unknown, Input>;
  /** The form-level text of a failed save without a server text (SPEC §8)... */
  failureMessage: string;
  /** ...or always (the properties page's one fixed text), still placing the field details. */
  fixedMessage?: boolean;
  /** Which server detail paths have a field; the others are added to the form-level text. */
  isKnownPath: (path: string) => boolean;
  /** The unsaved-changes guard's id for this form. */
  guardId: string;
  onSaved: (result: SavedResult<AdminRecord<E>>) => void;
  onConflict?: (() => void) | undefined;
  /** A modal: what `requestClose` calls once nothing unsaved is in the way. */
  onClose?: () => void;
  /** A modal: its title id, to show the dialog again when the browser closed it while the admin keeps editing. */
  dialogTitleId?: string;
  /** While true (an image upload runs) a submit does nothing. */
  blocked?: boolean;
  /** Called with the (top-level) paths of the errors a failed submit shows, before the focus moves. */
  onShowErrors?: (paths: string[]) => void;
  /** Also scroll the focused field to the middle of the view (the long community modal). */
  scrollToFocus?: boolean;
  /**
   * The page has asked and the admin chose to discard the input (the property panel being switched or closed):
   * the form stops counting as unsaved, so the navigation that follows is not held by the guard a second time.
   */
  released?: boolean;
}

export function useRecordForm<E extends AdminEntity, Form extends FieldValues, Input extends AdminSaveInput<E>>({
  entity,
  record,
  initialValues,
  resolver,
  failureMessage,
  fixedMessage = false,
  isKnownPath,
  guardId,
  onSaved,
  onConflict,
  onClose,
  dialogTitleId,
  blocked = false,
  onShowErrors,
  scrollToFocus = false,
  released = false,
}: RecordFormOptions<E, Form, Input>) {
  const [defaultValues] = useState(initialValues);
  const form = useForm<Form, unknown, Input>({
    defaultValues: defaultValues as DefaultValues<Form>,
    resolver,
    // Errors show after a submit and stay until their field is edited (no re-validation while typing); the focus
    // moves below, once the render that shows the errors (and opens the community modal's parts) is done.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [alert, setAlert] = useState<RecordFormAlert>(NO_ALERT);
  const [saving, setSaving] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string>();
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirm = useConfirm();

  // Set once the admin chose to discard the input when closing: see the effect that closes below.
  const [discarded, setDiscarded] = useState(false);
  const onCloseRef = useRef(onClose);

  const conflicted = alert.conflict;
  const dirty = !conflicted && !released && !discarded && form.formState.isDirty;
  useUnsavedChangesGuard(dirty && !saving, guardId);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A modal's close navigates (its record has an address, issue 18). After "Discard" it closes only once the guard
  // has let go of this form (the guard's effect runs first), or the navigation would be held and asked again.
  useEffect(() => {
    if (discarded) onCloseRef.current?.();
  }, [discarded]);

  // Focus once the render that shows the target is done: the first invalid field, or a field by id.
  useEffect(() => {
    if (!focusTarget) return;
    const element = formRef.current?.querySelector<HTMLElement>(focusTarget);
    element?.focus();
    if (scrollToFocus) element?.scrollIntoView({ block: 'center' });
    setFocusTarget(undefined);
  }, [focusTarget, scrollToFocus]);

  /** Moves the focus to the field with this id after the next render (e.g. a row just added). */
  const focusField = (id: string) => setFocusTarget(`#${CSS.escape(id)}`);

  /** Saves a valid form; resolves with the paths of the field errors the server sent back. */
  const save = async (input: Input): Promise<string[]> => {
    setSaving(true);
    try {
      const { record: saved, queued } = await saveAdmin(
        entity,
        { ...input, ...(record ? { id: record.id, version: record.version } : {}) },
        record,
      );
      onSaved({ record: saved, created: !record, queued });
      return [];
    } catch (error) {
      const failure = describeSaveError(error, failureMessage, { fixedMessage, isKnownPath });
      setAlert({ conflict: failure.conflict, message: failure.message });
      if (failure.conflict) onConflict?.();
      for (const [path, message] of Object.entries(failure.fieldErrors)) {
        form.setError(path as FieldPath<Form>, { type: 'server', message });
      }
      setSaving(false);
      return Object.keys(failure.fieldErrors);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current || saving || blocked) return;
    submitting.current = true;
    setAlert(NO_ALERT);
    let shown: string[] = [];
    try {
      await form.handleSubmit(
        async (input) => {
          shown = await save(input);
        },
        (errors) => {
          shown = Object.keys(errors);
        },
      )(event);
    } finally {
      submitting.current = false;
    }
    if (shown.length) {
      onShowErrors?.(shown);
      setFocusTarget(FIRST_INVALID);
    }
  };

  const requestClose = async () => {
    if (saving || (dirty && !(await confirmDiscardChanges(confirm)))) {
      if (dialogTitleId) reopenDialog(dialogTitleId);
      return;
    }
    if (dirty) setDiscarded(true);
    else onClose?.();
  };

  const editing = Boolean(record);
  return { form, formRef, submit, requestClose, focusField, alert, saving, conflicted, dirty, blocked, editing };
}

/** What <RecordForm> needs of a useRecordForm result. */
export interface RecordFormHandle<Form extends FieldValues, Input> {
  form: UseFormReturn<Form, unknown, Input>;
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  alert: RecordFormAlert;
}

/** What <RecordFormActions> needs of a useRecordForm result. */
export interface RecordFormState {
  saving: boolean;
  conflicted: boolean;
  /** An upload runs: the form neither saves nor closes. */
  blocked: boolean;
  /** A record is being edited (else one is being created). */
  editing: boolean;
  requestClose: () => Promise<void>;
}
