/**
 * The two spam signals every visitor form sends (DESIGN §4): a honeypot input named `website` that people never
 * see (bots fill it), and the fill time in milliseconds from the form's first render to the submit.
 */
import { useEffect, useRef } from 'react';
import { appHasStarted } from '@/utils/app-ready-event';

/**
 * Uncontrolled in every form: the forms read it with their other fields through FormData at the send
 * (hooks/use-visitor-form.ts), so a server-rendered form sends what a bot typed before the app started too.
 */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/**
 * `elapsed()` is the time since the form first rendered (or since `restart()` after a successful send). A form the
 * server rendered was on screen from the page's first paint: when it mounts by hydration (before the app has
 * announced itself), its time counts from the page's start, so typing done before the app ran is counted.
 */
export function useFillTimer(): { elapsed: () => number; restart: () => void } {
  const startedAt = useRef<number | null>(null);
  useEffect(() => {
    // performance.now() counts from the page's start: 0 is the moment the visitor could first see the form.
    startedAt.current ??= appHasStarted() ? performance.now() : 0;
  }, []);
  return {
    elapsed: () => Math.round(performance.now() - (startedAt.current ?? performance.now())),
    restart: () => {
      startedAt.current = performance.now();
    },
  };
}
