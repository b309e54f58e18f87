/**
 * The kiosk's sign-in screen: full screen, without the site's header, footer or links. A visitor signs in (name,
 * email, phone, buying timeline, agent, consent), sees a thank-you, and the form is empty again for the next one;
 * a half-filled form left alone is cleared. The screen's state is the tested reducer of sign-in-form.ts; its
 * fields are the ones every visitor form shares (components/visitor-fields.tsx, consent-field.tsx). Only 'Exit
 * kiosk' with the admin's password (kiosk-exit-dialog.tsx) lets the tablet leave.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@domain/messages';
import type { Community } from '@domain/schemas/community';
import { BUYING_TIMELINES, BUYING_TIMELINE_LABELS } from '@domain/schemas/open-house';
import { ConsentField } from '@/components/consent-field';
import { SelectField } from '@/components/field';
import { Honeypot } from '@/components/spam-guard';
import { ContactField } from '@/components/visitor-fields';
import { InquiryRejectedError } from '@/data/http-errors';
import { clearKioskMode, submitKioskSignIn, type KioskMode } from '@/data/repositories/kiosk-repository';
import { markClean, markDirty } from '@/utils/dirty-forms';
import { ExitAttempts } from './exit-check';
import { KioskExitDialog } from './kiosk-exit-dialog';
import { KioskOfflineReadiness } from './kiosk-offline-readiness';
import { KioskWaiting } from './kiosk-waiting';
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

const KIOSK_FORM_ID = 'kiosk-sign-in';

interface KioskSignInProps {
  mode: KioskMode;
  /** Null when the community is gone (deleted): no sign-ins then, but the count and 'Exit kiosk' stay. */
  community: Community | null;
  businessName: string;
}

export function KioskSignIn({ mode, community, businessName }: KioskSignInProps) {
  const [state, dispatch] = useReducer(kioskReducer, INITIAL_SCREEN);
  const [sending, setSending] = useState(false);
  // Here rather than in the dialog, which closing unmounts (and in sessionStorage, which a reload keeps).
  const [exitAttempts] = useState(() => new ExitAttempts());
  const leaving = useRef(false);
  const navigate = useNavigate();
  const nameInput = useRef<HTMLInputElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const consent = consentText(businessName, community?.name ?? mode.communityName);

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

  // A sign-in being typed holds back the update prompt's Reload and the chunk guard's reload (utils/dirty-forms.ts).
  const typing = state.screen === 'form' && !isBlank(state.values);
  useEffect(() => {
    if (!typing) return;
    markDirty(KIOSK_FORM_ID);
    return () => markClean(KIOSK_FORM_ID);
  }, [typing]);

  // A half-filled form left alone (the visitor walked away) is cleared; every edit restarts the clock.
  useEffect(() => {
    if (state.screen !== 'form' || isBlank(state.values)) return;
    const timer = setTimeout(reset, IDLE_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.screen, state.values, reset]);

  // Focus goes where a screen reader should start reading: the thanks heading (a region mounted with its text is
  // not reliably announced, and focus on the button read only "Next visitor"), then the form's first field.
  useEffect(() => {
    if (state.screen === 'form') nameInput.current?.focus();
    else thanksHeading.current?.focus();
  }, [state.screen]);

  const edit = <K extends keyof SignInValues>(field: K, value: SignInValues[K]) =>
    dispatch({ type: 'edit', field, value });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
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
      const website = String(new FormData(event.currentTarget).get('website') ?? '');
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
    // The community's slug as it is now (it may have changed since kiosk mode started); home if it is gone.
    void navigate(
      signedIn
        ? '/admin/contacts?source=open-house'
        : community
          ? `/community/${encodeURIComponent(community.slug)}`
          : '/',
      { replace: true },
    );
  };

  const { values, errors } = state;
  return (
    <main className="kiosk" style={{ ['--kiosk-accent' as string]: community?.theme?.primaryColor }}>
      {/* First in the page's order: on a phone it sits above the header rather than over it (kiosk.css). */}
      <div className="kiosk__corner">
        <KioskWaiting />
        <KioskOfflineReadiness />
      </div>
      <header className="kiosk__header">
        <p className="kiosk__business">{businessName}</p>
        <h1 className="kiosk__title">{community ? `Welcome to ${community.name}` : MESSAGES.communityNotFound}</h1>
      </header>

      {!community ? (
        <section className="kiosk__card">
          <p>
            {mode.communityName} is no longer on the site, so no one can sign in on this tablet. Please ask our staff.
          </p>
        </section>
      ) : state.screen === 'thanks' ? (
        <section className="kiosk__card kiosk__thanks" aria-labelledby="kiosk-thanks-title">
          <h2 id="kiosk-thanks-title" ref={thanksHeading} tabIndex={-1}>
            Thank you{state.greeted ? `, ${state.greeted}` : ''}!
          </h2>
          <p>You are signed in. Enjoy the tour; a sales agent will be in touch.</p>
          <button type="button" className="button button--primary kiosk__submit" onClick={reset}>
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
          {/* A shared tablet: the browser must not offer one visitor's details to the next. */}
          {(['name', 'email', 'phone'] as const).map((detail) => (
            <ContactField
              key={detail}
              detail={detail}
              idPrefix="kiosk"
              ref={detail === 'name' ? nameInput : undefined}
              autoComplete="off"
              optional={detail === 'phone'}
              error={errors[detail]}
              value={values[detail]}
              onChange={(event) => edit(detail, event.target.value)}
            />
          ))}
          <SelectField
            id="kiosk-buyingTimeline"
            label="When do you plan to buy?"
            required
            error={errors.buyingTimeline}
            value={values.buyingTimeline}
            onChange={(event) => edit('buyingTimeline', event.target.value as SignInValues['buyingTimeline'])}
          >
            <option value="">Choose…</option>
            {BUYING_TIMELINES.map((timeline) => (
              <option key={timeline} value={timeline}>
                {BUYING_TIMELINE_LABELS[timeline]}
              </option>
            ))}
          </SelectField>
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
          <ConsentField
            id="kiosk-consent"
            className="kiosk__consent"
            error={errors.consent}
            checked={values.consent}
            onChange={(event) => edit('consent', event.target.checked)}
          >
            {consent}
          </ConsentField>
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

      <button type="button" className="kiosk__exit" onClick={() => dispatch({ type: 'exit-opened' })}>
        Exit kiosk
      </button>
      {state.exitOpen && (
        <KioskExitDialog
          mode={mode}
          attempts={exitAttempts}
          onClose={() => dispatch({ type: 'exit-closed' })}
          onLeave={leave}
        />
      )}
    </main>
  );
}
