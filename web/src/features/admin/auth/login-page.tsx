/**
 * /admin/login (SPEC §2 "Admin login"): email and password, pre-filled only when the server runs in demo mode
 * (DESIGN §4); a 'Clear stored data and reload' action. On load a stored token is verified and the user goes to
 * the dashboard; otherwise the form shows. The error is the server's message or 'Login failed'.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@domain/messages';
import { InputField } from '@/components/field';
import {
  clearStoredDataAndReload,
  getPublicConfig,
  login,
  takeClearedDataNotice,
  verifySession,
} from '@/data/repositories/admin/auth';
import { getSessionUser, getToken } from '@/data/session';
import { AdminAlert } from '../shared/admin-alert';
import { ConfirmProvider, useConfirm } from '../shared/confirm-dialog';
import { errorMessage } from '../shared/error-checks';
import { softDisabled } from '../shared/keep-focus';
import type { LoginRedirectState } from '../layout/admin-shell';

type Phase = 'checking' | 'form';

/** Where to go after login: back to the admin page that sent the user here, else the dashboard. */
function destination(state: LoginRedirectState | null): string {
  const from = state?.from;
  return from && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : '/admin/dashboard';
}

function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state as LoginRedirectState | null) ?? null;
  const confirm = useConfirm();
  const [phase, setPhase] = useState<Phase>(() => (getToken() ? 'checking' : 'form'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(redirect?.notice ?? null);
  const [submitting, setSubmitting] = useState(false);
  const [clearing, setClearing] = useState(false);
  const touched = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);

  // A stored token: verify it and go on to the dashboard, or show the form when it is no longer valid.
  useEffect(() => {
    if (!getToken()) return;
    let active = true;
    const goIn = () => {
      if (active) void navigate(destination(redirect), { replace: true });
    };
    if (!navigator.onLine && getSessionUser()) {
      goIn();
      return;
    }
    verifySession().then(goIn, () => {
      if (!active) return;
      // verifySession cleared the session if the server refused its token. A session still stored is one that
      // stands: the server could not say (the layout verifies again when online), or a login in another tab
      // replaced the refused token meanwhile, which that refusal must not sign out.
      if (getToken() && getSessionUser()) {
        goIn();
        return;
      }
      setPhase('form');
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on load (the redirect state is read as it was then).
  }, []);

  // Demo mode only: the server says which credentials to pre-fill (never built into the page).
  useEffect(() => {
    let active = true;
    getPublicConfig().then(
      (config) => {
        if (!active || !config.demoMode || !config.demoCredentials || touched.current) return;
        setEmail(config.demoCredentials.email);
        setPassword(config.demoCredentials.password);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  // After 'Clear stored data and reload': what was kept (changes the server does not have yet).
  useEffect(() => {
    const cleared = takeClearedDataNotice();
    if (cleared) setNotice(cleared);
  }, []);

  useEffect(() => {
    if (phase === 'form') emailInput.current?.focus();
  }, [phase]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const nextErrors: typeof errors = {};
    if (!email.trim()) nextErrors.email = MESSAGES.emailRequired;
    if (!password) nextErrors.password = MESSAGES.passwordRequired;
    setErrors(nextErrors);
    setFormError(null);
    if (nextErrors.email || nextErrors.password) return;
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      setNotice(null);
      void navigate(destination(redirect), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, MESSAGES.loginFailed));
      setSubmitting(false);
    }
  };

  const onClear = async () => {
    const ok = await confirm(
      'This signs you out and removes the copies of data kept on this device, then reloads the page. Changes that have not reached the server yet are kept and sent after you log in.',
      { title: 'Clear stored data?', confirmLabel: 'Clear and reload', danger: true },
    );
    if (!ok) return;
    setClearing(true);
    try {
      await clearStoredDataAndReload();
    } catch {
      setClearing(false);
      setFormError('Could not clear the stored data. Close other tabs of this site and try again.');
    }
  };

  /** A change of a field: the form counts as touched and the field's error goes. */
  const onEdit =
    (field: 'email' | 'password', setValue: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
      touched.current = true;
      setValue(event.target.value);
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };

  if (phase === 'checking') {
    return (
      <div className="admin-login__card">
        <h1>Admin Login</h1>
        <p className="admin-muted" role="status">
          Checking your session…
        </p>
      </div>
    );
  }

  return (
    <form
      className="admin-login__card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="admin-login-title"
    >
      <div>
        <h1 id="admin-login-title">Admin Login</h1>
        <p className="admin-muted admin-small">Sign in to manage communities, listings and leads.</p>
      </div>
      {notice && <AdminAlert tone="warning">{notice}</AdminAlert>}
      {formError && <AdminAlert tone="error">{formError}</AdminAlert>}
      <InputField
        id="admin-login-email"
        label="Email"
        required
        error={errors.email}
        ref={emailInput}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={onEdit('email', setEmail)}
      />
      <InputField
        id="admin-login-password"
        label="Password"
        required
        error={errors.password}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={onEdit('password', setPassword)}
      />
      {/* Soft-disabled while signing in (shared/keep-focus.ts): after a refused password the focus is still here. */}
      <button type="submit" className="button button--primary button--block" {...softDisabled(submitting)}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="admin-login__footer">
        <Link to="/">← Back to the site</Link>
        <button type="button" className="admin-link-button" onClick={() => void onClear()} disabled={clearing}>
          {clearing ? 'Clearing…' : 'Clear stored data and reload'}
        </button>
      </div>
    </form>
  );
}

export function LoginPage() {
  return (
    <div className="admin-root">
      <ConfirmProvider>
        <main className="admin-login">
          <LoginForm />
        </main>
      </ConfirmProvider>
    </div>
  );
}
