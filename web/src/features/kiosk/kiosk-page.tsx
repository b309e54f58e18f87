/**
 * /kiosk/{community}: the open-house sign-in for a tablet. Before kiosk mode starts it shows the admin's start
 * form; once started, a full-screen sign-in without the site's header, footer or links, that resets after each
 * visitor and when left idle, and that only an admin's password ends ('Exit kiosk').
 */
import { Honeypot } from '@/components/spam-guard';
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Navigate, useBlocker, useLocation, useNavigate } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import { BUYING_TIMELINES, BUYING_TIMELINE_LABELS } from '@domain/schemas/open-house';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { ApiError, InquiryRejectedError, NetworkUnreachableError } from '@/data/errors';
import {
  checkPasswordWithServer,
  clearKioskMode,
  readKioskMode,
  signedInAdminEmail,
  submitKioskSignIn,
  type KioskMode,
} from '@/data/repositories/kiosk-repository';
import { checkExitPassword, ExitAttempts } from './exit-check';
import {
  consentText,
  IDLE_RESET_MS,
  INITIAL_SCREEN,
  isBlank,
  kioskReducer,
  THANK_YOU_RESET_MS,
  toSignInFields,
  validateSignIn,
  type SignInErrors,
  type SignInValues,
} from './sign-in-form';
import { kioskModeFor, startKioskMode } from './start-kiosk';
import './kiosk.css';

interface KioskPageProps {
  community: Community;
  businessName: string;
}

export function KioskPage({ community, businessName }: KioskPageProps) {
  const [mode, setMode] = useState<KioskMode | null>(() => kioskModeFor(community));
  const other = mode ? null : readKioskMode();
  // A tablet in kiosk mode for another community stays on that one.
  if (other) return <Navigate to={`/kiosk/${encodeURIComponent(other.communitySlug)}`} replace />;
  if (!mode) return <KioskStart community={community} onStarted={setMode} />;
  return <KioskSignIn mode={mode} community={community} businessName={businessName} />;
}

// ---- start ------------------------------------------------------------------------------------------------------

function KioskStart({ community, onStarted }: { community: Community; onStarted: (mode: KioskMode) => void }) {
  const [email, setEmail] = useState(() => signedInAdminEmail() ?? '');
  const [password, setPassword] = useState('');
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
        <Field id="kiosk-admin-email" label="Admin email" required>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field id="kiosk-admin-password" label="Admin password" required>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
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

// ---- sign-in ----------------------------------------------------------------------------------------------------

interface KioskSignInProps {
  mode: KioskMode;
  community: Community;
  businessName: string;
}

function KioskSignIn({ mode, community, businessName }: KioskSignInProps) {
  const [state, dispatch] = useReducer(kioskReducer, INITIAL_SCREEN);
  const [sending, setSending] = useState(false);
  const [exitOpen, setExitOpen] = useState(false);
  const leaving = useRef(false);
  const navigate = useNavigate();
  const nameInput = useRef<HTMLInputElement>(null);
  const consent = consentText(businessName, community.name);

  // Links and the back button stay on the kiosk: only 'Exit kiosk' (with the password) lets the router leave.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !leaving.current && nextLocation.pathname !== currentLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  // The Back button would leave the page itself (the entry before the kiosk), which no router can block: keep a
  // kiosk entry on top of the history, so Back only ever lands on the kiosk again, which adds another.
  const location = useLocation();
  const guarded = (location.state as { kioskGuard?: boolean } | null)?.kioskGuard === true;
  useEffect(() => {
    if (!guarded && !leaving.current) void navigate(location.pathname, { state: { kioskGuard: true } });
  }, [guarded, location.pathname, navigate]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  // The thank-you screen gives way to an empty form for the next visitor.
  useEffect(() => {
    if (state.screen !== 'thanks') return;
    const timer = setTimeout(reset, THANK_YOU_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.screen, reset]);

  // A half-filled form left alone (the visitor walked away) is cleared; every edit restarts the clock.
  useEffect(() => {
    if (state.screen !== 'form' || isBlank(state.values) || exitOpen) return;
    const timer = setTimeout(reset, IDLE_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.screen, state.values, exitOpen, reset]);

  useEffect(() => {
    if (state.screen === 'form') nameInput.current?.focus();
  }, [state.screen]);

  const edit = <K extends keyof SignInValues>(field: K, value: SignInValues[K]) =>
    dispatch({ type: 'edit', field, value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const errors = validateSignIn(state.values);
    if (Object.keys(errors).length) {
      dispatch({ type: 'invalid', errors });
      document.getElementById(`kiosk-${Object.keys(errors)[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      // The honeypot is uncontrolled: only a bot fills it, and the server files such a sign-in as SPAM.
      const website = String(new FormData(event.currentTarget as HTMLFormElement).get('website') ?? '');
      await submitKioskSignIn(mode, { ...toSignInFields(state.values, consent), ...(website ? { website } : {}) });
      dispatch({ type: 'signed-in' });
    } catch (failure) {
      if (failure instanceof InquiryRejectedError) {
        const errors: SignInErrors = {};
        for (const detail of failure.details) errors[detail.path as keyof SignInValues] = detail.message;
        dispatch({ type: 'failed', message: failure.message, errors });
      } else {
        dispatch({ type: 'failed', message: 'Your sign-in could not be saved on this tablet. Please ask our staff.' });
      }
    } finally {
      setSending(false);
    }
  };

  const leave = (signedIn: boolean) => {
    clearKioskMode();
    leaving.current = true;
    void document.exitFullscreen?.().catch(() => undefined);
    void navigate(
      signedIn ? '/admin/contacts?source=open-house' : `/community/${encodeURIComponent(mode.communitySlug)}`,
      { replace: true },
    );
  };

  const { values, errors } = state;
  return (
    <main className="kiosk" style={{ ['--kiosk-accent' as string]: community.theme?.primaryColor }}>
      <header className="kiosk__header">
        <p className="kiosk__business">{businessName}</p>
        <h1 className="kiosk__title">Welcome to {community.name}</h1>
      </header>

      {state.screen === 'thanks' ? (
        <section className="kiosk__card kiosk__thanks" aria-live="polite">
          <h2>Thank you{state.greeted ? `, ${state.greeted}` : ''}!</h2>
          <p>You are signed in. Enjoy the tour; a sales agent will be in touch.</p>
          <button type="button" className="button button--primary kiosk__submit" onClick={reset} autoFocus>
            Next visitor
          </button>
        </section>
      ) : (
        <form
          className="kiosk__card"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="kiosk-form-title"
        >
          <h2 id="kiosk-form-title">Please sign in</h2>
          <Field id="kiosk-name" label="Name" required error={errors.name}>
            {(props) => (
              <input
                {...props}
                ref={nameInput}
                autoComplete="off"
                value={values.name}
                onChange={(event) => edit('name', event.target.value)}
              />
            )}
          </Field>
          <Field id="kiosk-email" label="Email" required error={errors.email}>
            {(props) => (
              <input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={values.email}
                onChange={(event) => edit('email', event.target.value)}
              />
            )}
          </Field>
          <Field id="kiosk-phone" label="Phone" optional>
            {(props) => (
              <input
                {...props}
                type="tel"
                autoComplete="off"
                value={values.phone}
                onChange={(event) => edit('phone', event.target.value)}
              />
            )}
          </Field>
          <Field id="kiosk-buyingTimeline" label="When do you plan to buy?" required error={errors.buyingTimeline}>
            {(props) => (
              <select
                {...props}
                value={values.buyingTimeline}
                onChange={(event) => edit('buyingTimeline', event.target.value as SignInValues['buyingTimeline'])}
              >
                <option value="">Choose…</option>
                {BUYING_TIMELINES.map((timeline) => (
                  <option key={timeline} value={timeline}>
                    {BUYING_TIMELINE_LABELS[timeline]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset
            className="kiosk__choice"
            aria-describedby={errors.workingWithAgent ? 'kiosk-workingWithAgent-error' : undefined}
          >
            <legend>Are you working with a real estate agent?</legend>
            {(['yes', 'no'] as const).map((answer) => (
              <label key={answer} className="kiosk__option">
                <input
                  type="radio"
                  name="workingWithAgent"
                  id={answer === 'yes' ? 'kiosk-workingWithAgent' : undefined}
                  value={answer}
                  checked={values.workingWithAgent === answer}
                  onChange={() => edit('workingWithAgent', answer)}
                />
                {answer === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
            {errors.workingWithAgent && (
              <p className="field__error" id="kiosk-workingWithAgent-error">
                {errors.workingWithAgent}
              </p>
            )}
          </fieldset>
          <div className="kiosk__consent" data-invalid={errors.consent ? 'true' : undefined}>
            <label>
              <input
                type="checkbox"
                id="kiosk-consent"
                checked={values.consent}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'kiosk-consent-error' : undefined}
                onChange={(event) => edit('consent', event.target.checked)}
              />
              <span>{consent}</span>
            </label>
            {errors.consent && (
              <p className="field__error" id="kiosk-consent-error">
                {errors.consent}
              </p>
            )}
          </div>
          <Honeypot />
          {state.failure && (
            <p className="kiosk__error" role="alert">
              {state.failure}
            </p>
          )}
          <button type="submit" className="button button--primary kiosk__submit" disabled={sending}>
            {sending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      )}

      <button type="button" className="kiosk__exit" onClick={() => setExitOpen(true)}>
        Exit kiosk
      </button>
      {exitOpen && <ExitDialog mode={mode} onClose={() => setExitOpen(false)} onLeave={leave} />}
    </main>
  );
}

// ---- exit -------------------------------------------------------------------------------------------------------

function ExitDialog({
  mode,
  onClose,
  onLeave,
}: {
  mode: KioskMode;
  onClose: () => void;
  onLeave: (signedIn: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const attempts = useRef(new ExitAttempts());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lockedMs = attempts.current.lockRemainingMs();
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
      attempts.current.recordSuccess();
      onLeave(result.signedIn);
      return;
    }
    if (password) attempts.current.recordFailure();
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
        <Field id="kiosk-exit-password" label="Admin password" required error={error ?? undefined}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
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
