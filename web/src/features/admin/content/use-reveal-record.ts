/**
 * After a save, brings the saved record's card or row into view and marks it for a moment (`data-revealed`), so a
 * record created at the end of a long list is not lost from sight. Elements carry `data-record-id`.
 */
import { useEffect, useState } from 'react';

const HIGHLIGHT_MS = 2500;

export function useRevealRecord(ready: unknown): [string | undefined, (id: string | undefined) => void] {
  const [revealId, setRevealId] = useState<string>();
  useEffect(() => {
    if (!revealId) return;
    const element = document.querySelector<HTMLElement>(`[data-record-id="${CSS.escape(revealId)}"]`);
    if (!element) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
    const timer = setTimeout(() => setRevealId(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [revealId, ready]);
  return [revealId, setRevealId];
}
