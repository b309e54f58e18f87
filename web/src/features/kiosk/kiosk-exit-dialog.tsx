/**
 * 'Exit kiosk': only the admin who started kiosk mode ends it, with their password (checked on the device, or by
 * the server; exit-check.ts), and too many wrong passwords lock the dialog for a while.
 */
import { useState, type FormEvent } from 'react';
import { InputField } from '@/components/field';
import { Modal } from '@/components/modal';
import { checkPasswordWithServer, type KioskMode } from '@/data/repositories/kiosk-repository';
import { checkExitPassword, type ExitAttempts } from './exit-check';

interface KioskExitDialogProps {
  mode: KioskMode;
  /** The wrong tries so far: owned by the kiosk screen, so closing this dialog does not clear them. */
  attempts: ExitAttempts;
  onClose: () => void;
  /** Leaves kiosk mode; `signedIn` when the password also signed the admin in (then to the lead inbox). */
  onLeave: (signedIn: boolean) => void;
}

export function KioskExitDialog({ mode, attempts, onClose, onLeave }: KioskExitDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lockedMs = attempts.lockRemainingMs();
    if (lockedMs > 0) {
      setError(`Too many wrong passwords. Try again in ${Math.ceil(lockedMs / 1000)} seconds.`);
      return;
    }
    setChecking(true);
    setError(null);
    const result = await checkExitPassword(password, mode, { checkWithServer: checkPasswordWithServer }).catch(() => ({
      ok: false as const,
      message: 'The password could not be checked. Try again.',
    }));
    setChecking(false);
    if (result.ok) {
      attempts.recordSuccess();
      onLeave(result.signedIn);
      return;
    }
    if (password) attempts.recordFailure();
    setPassword('');
    setError(result.message);
  };

  return (
    <Modal
      titleId="kiosk-exit-title"
      title="Exit kiosk mode"
      description="Only the admin who started kiosk mode can end it."
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <InputField
          id="kiosk-exit-password"
          label="Admin password"
          required
          error={error ?? undefined}
          type="password"
          // Never filled in by the browser: a password the admin let it save at the start would let any visitor
          // who taps 'Exit kiosk' leave, signed in to the leads inbox. 'new-password' stops the autofill.
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="kiosk__dialog-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Stay in kiosk mode
          </button>
          <button type="submit" className="button button--primary" disabled={checking}>
            {checking ? 'Checking…' : 'Exit kiosk'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
