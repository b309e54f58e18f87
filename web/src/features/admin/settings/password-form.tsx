/**
 * Change password (SPEC §5): current, new and confirm, with the spec's messages; success 'Password changed
 * successfully!' for 3 s; failure the server's message or 'Failed to change password'.
 */
import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, SUCCESS_MESSAGE_MS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { InputField } from '@/components/field';
import { changePassword } from '@/data/repositories/admin/auth';
import { AdminActionError } from '@/data/repositories/admin/errors';
import { TimedMessageAlert } from '../shared/admin-alert';
import { errorMessage } from '../shared/error-checks';
import { useTimedMessage } from '../shared/use-timed-message';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import { useAdminSession } from '../shared/use-session';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function validatePasswordChange(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!values.currentPassword) errors.currentPassword = MESSAGES.currentPasswordRequired;
  if (!values.newPassword) errors.newPassword = MESSAGES.newPasswordRequired;
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = MESSAGES.newPasswordTooShort;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function PasswordForm() {
  const baseId = useId();
  const { user } = useAdminSession();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [message, showMessage, clearMessage] = useTimedMessage();

  const dirty = Object.values(values).some((value) => value !== '');
  useUnsavedChangesGuard(dirty, 'admin-change-password');

  const set = (field: keyof PasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    clearMessage();
    if (Object.keys(found).length > 0) {
      const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${baseId}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      setValues(EMPTY);
      showMessage(MESSAGES.passwordChanged, 'success', SUCCESS_MESSAGE_MS);
    } catch (error) {
      // The server's field errors (e.g. 'Current password is incorrect') go next to their fields too.
      const details = error instanceof AdminActionError ? (error.details ?? []) : [];
      const fieldErrors: PasswordErrors = {};
      for (const detail of details) {
        const field = detail.path.replace(/^\//, '') as keyof PasswordValues;
        if (field in EMPTY) fieldErrors[field] ??= detail.message;
      }
      setErrors(fieldErrors);
      showMessage(errorMessage(error, MESSAGES.passwordChangeFailed), 'error', SUCCESS_MESSAGE_MS * 2);
    } finally {
      setSubmitting(false);
    }
  };

  const passwordField = (field: keyof PasswordValues, label: string, autoComplete: string) => (
    <InputField
      id={`${baseId}-${field}`}
      label={label}
      required
      error={errors[field]}
      type="password"
      name={field}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
    />
  );

  return (
    <form
      className="admin-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Change password"
      style={{ maxWidth: 520 }}
    >
      <TimedMessageAlert message={message} />
      {/* For password managers: which account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      {passwordField('currentPassword', 'Current Password', 'current-password')}
      {passwordField('newPassword', 'New Password', 'new-password')}
      <p className="field__hint" style={{ marginTop: -10 }}>
        At least {PASSWORD_MIN_LENGTH} characters.
      </p>
      {passwordField('confirmPassword', 'Confirm New Password', 'new-password')}
      <p className="field__hint">
        Changing it signs you out on every device, this one included, and kiosk tablets you started stop being trusted:
        their sign-ins are still kept, but flagged and limited like any visitor form until kiosk mode is started on them
        again.
      </p>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Changing…' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
