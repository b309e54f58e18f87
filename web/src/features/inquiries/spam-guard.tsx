/**
 * The two spam signals every visitor form sends (DESIGN §4): a honeypot input named `website` that people never
 * see (bots fill it), and the fill time in milliseconds from the form's first render to the submit.
 */
import { useEffect, useRef } from 'react';

export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}

/** `elapsed()` is the time since the form first rendered (or since `restart()` after a successful send). */
export function useFillTimer(): { elapsed: () => number; restart: () => void } {
  const startedAt = useRef<number | null>(null);
  useEffect(() => {
    startedAt.current ??= performance.now();
  }, []);
  return {
    elapsed: () => Math.round(performance.now() - (startedAt.current ?? performance.now())),
    restart: () => {
      startedAt.current = performance.now();
    },
  };
}
