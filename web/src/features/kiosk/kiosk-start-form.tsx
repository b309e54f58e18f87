/**
 * The kiosk's start form: before kiosk mode starts, a signed-in admin (or one who signs in here) confirms their
 * password; the tablet then becomes the open house's sign-in sheet (start-kiosk.ts) and goes full screen.
 */
import { useState, type FormEvent } from 'react';
import type { Community } from '@domain/schemas/community';
import { InputField } from '@/components/field';
import { ApiError, NetworkUnreachableError } from '@/data/http-errors';
import { signedInAdminEmail, type KioskMode } from '@/data/repositories/kiosk-repository';
import { startKioskMode } from './start-kiosk';

/** The admin's sign-in, filled in as the browser fills in any sign-in. */
const SIGN_IN_FIELDS = [
  { field: 'email', label: 'Admin email', type: 'email', autoComplete: 'username' },
  { field: 'password', label: 'Admin password', type: 'password', autoComplete: 'current-password' },
] as const;

interface KioskStartFormProps {
  community: Community;
  onStarted: (mode: KioskMode) => void;
}

export function KioskStartForm({ community, onStarted }: KioskStartFormProps) {
  const [credentials, setCredentials] = useState(() => ({ email: signedInAdminEmail() ?? '', password: '' }));
  const { email, password } = credentials;
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your admin email and password.');
      return;
    }
    setStarting(true);
    setError(null);
    try {
      const mode = await startKioskMode(community, email, password);
      // Full screen hides the browser's address bar and tabs; it needs this click, and a browser may refuse it.
      void document.documentElement.requestFullscreen?.().catch(() => undefined);
      onStarted(mode);
    } catch (failure) {
      setError(startErrorMessage(failure));
      setStarting(false);
    }
  };

  return (
    <main className="kiosk kiosk--start">
      <form
        className="kiosk__card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="kiosk-start-title"
      >
        <h1 id="kiosk-start-title">Start the open-house kiosk</h1>
        <p>
          This tablet becomes a sign-in sheet for the <strong>{community.name}</strong> open house. Visitors sign in
          here, online or offline; each sign-in reaches the lead inbox. Only your password ends kiosk mode.
        </p>
        <p>
          Start it while online, and wait until the top corner says <strong>Ready offline</strong> before taking the
          tablet where there is no signal.
        </p>
        {SIGN_IN_FIELDS.map(({ field, ...input }) => (
          <InputField
            key={field}
            {...input}
            id={`kiosk-admin-${field}`}
            required
            value={credentials[field]}
            onChange={(event) => setCredentials({ ...credentials, [field]: event.target.value })}
          />
        ))}
        {error && (
          <p className="kiosk__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary kiosk__submit" disabled={starting}>
          {starting ? 'Starting…' : 'Start kiosk mode'}
        </button>
      </form>
    </main>
  );
}

function startErrorMessage(failure: unknown): string {
  if (failure instanceof NetworkUnreachableError) {
    return 'Starting kiosk mode needs the internet. Connect this tablet, then try again.';
  }
  if (failure instanceof ApiError) return failure.serverMessage;
  return failure instanceof Error ? failure.message : 'Kiosk mode could not start. Try again.';
}
