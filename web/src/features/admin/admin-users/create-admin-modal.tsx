/**
 * The create-admin modal (SPEC §2, §3, §5): Email Address*, Password* ('Minimum 8 characters') and Admin Role*
 * (Regular Admin / Super Admin, each explained). The initial role value is lower-case 'admin' as the spec says
 * (the server accepts it as ADMIN). Each field's error clears when that field is edited; a failure shows the
 * server's message or 'Failed to create admin'.
 */
import { Fragment, useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { AdminUser } from '@domain/schemas/admin-user';
import { Field, InputField } from '@/components/field';
import { Modal } from '@/components/modal';
import { ApiError } from '@/data/http-errors';
import { AdminActionError } from '@/data/repositories/admin/errors';
import { createAdminUser, type CreateAdminUserInput } from '@/data/repositories/admin/users';
import { AdminAlert } from '../shared/admin-alert';
import { errorMessage } from '../shared/error-checks';
import { useDiscardChangesConfirm, useUnsavedChangesGuard } from '../shared/use-unsaved-changes';

interface CreateValues {
  email: string;
  password: string;
  role: NonNullable<CreateAdminUserInput['role']>;
}
type CreateErrors = Partial<Record<keyof CreateValues, string>>;

/** The two typed fields; the new admin's password is not one the browser should fill in from this admin's. */
const TEXT_FIELDS = [
  {
    field: 'email',
    label: 'Email Address',
    type: 'email',
    name: 'email',
    autoComplete: 'off',
    placeholder: 'name@example.com',
  },
  {
    field: 'password',
    label: 'Password',
    type: 'password',
    name: 'new-password',
    autoComplete: 'new-password',
    placeholder: 'Minimum 8 characters',
  },
] as const;

export const ROLE_HELP: Record<'ADMIN' | 'SUPER_ADMIN', string> = {
  ADMIN: 'Regular Admins manage communities, listings, properties and leads. They cannot manage other admin users.',
  SUPER_ADMIN:
    'Super Admins can do everything a Regular Admin can, and also manage admin users, site settings and the audit log.',
};

export function validateCreateAdmin(values: CreateValues): CreateErrors {
  const errors: CreateErrors = {};
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort;
  return errors;
}

export function CreateAdminModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (admin: AdminUser) => void;
}) {
  const baseId = useId();
  // SPEC §3: the form's initial role value is lower-case 'admin'.
  const [values, setValues] = useState<CreateValues>({ email: '', password: '', role: 'admin' });
  const [errors, setErrors] = useState<CreateErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = values.email !== '' || values.password !== '' || values.role !== 'admin';
  useUnsavedChangesGuard(dirty, 'admin-create-user');
  const confirmDiscard = useDiscardChangesConfirm();

  const set = <K extends keyof CreateValues>(field: K, value: CreateValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const close = async () => {
    if (submitting) return;
    if (await confirmDiscard()) onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCreateAdmin(values);
    setErrors(found);
    setFormError(null);
    if (found.email || found.password) {
      document.getElementById(`${baseId}-${found.email ? 'email' : 'password'}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const admin = await createAdminUser({ email: values.email.trim(), password: values.password, role: values.role });
      onCreated(admin);
    } catch (error) {
      const details = error instanceof AdminActionError || error instanceof ApiError ? (error.details ?? []) : [];
      const fieldErrors: CreateErrors = {};
      for (const detail of details) {
        const field = detail.path.replace(/^\//, '') as keyof CreateValues;
        if (field === 'email' || field === 'password' || field === 'role') fieldErrors[field] ??= detail.message;
      }
      setErrors(fieldErrors);
      setFormError(errorMessage(error, MESSAGES.adminCreateFailed));
      setSubmitting(false);
    }
  };

  const roleKey = values.role.toUpperCase() === 'SUPER_ADMIN' ? 'SUPER_ADMIN' : 'ADMIN';

  return (
    <Modal
      titleId={`${baseId}-title`}
      title="Add Admin User"
      description="The new admin signs in with this email and password."
      onClose={() => void close()}
    >
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {formError && <AdminAlert tone="error">{formError}</AdminAlert>}
        {TEXT_FIELDS.map(({ field, ...input }) => {
          const id = `${baseId}-${field}`;
          // The password's rule is said in words too, linked to the field: a placeholder is gone once typing starts.
          const hintId = field === 'password' ? `${id}-hint` : undefined;
          return (
            <Fragment key={field}>
              <InputField
                {...input}
                id={id}
                required
                error={errors[field]}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
                {...(hintId ? { 'aria-describedby': errors[field] ? `${id}-error ${hintId}` : hintId } : {})}
              />
              {hintId && (
                <p className="field__hint" id={hintId} style={{ marginTop: -10 }}>
                  At least {PASSWORD_MIN_LENGTH} characters.
                </p>
              )}
            </Fragment>
          );
        })}
        <Field id={`${baseId}-role`} label="Admin Role" required error={errors.role}>
          {(props) => (
            <select
              {...props}
              name="role"
              required
              aria-describedby={[props['aria-describedby'], `${baseId}-role-help`].filter(Boolean).join(' ')}
              value={values.role}
              onChange={(event) => set('role', event.target.value as CreateValues['role'])}
            >
              <option value="ADMIN">Regular Admin</option>
              <option value="SUPER_ADMIN">Super Admin</option>
            </select>
          )}
        </Field>
        <p className="admin-role-help" id={`${baseId}-role-help`} aria-live="polite">
          {ROLE_HELP[roleKey]}
        </p>
        <div className="admin-modal__actions" style={{ marginTop: 0 }}>
          <button type="button" className="button button--ghost" onClick={() => void close()} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Creating…' : 'Create Admin'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
