/**
 * Announces that the app is interactive: the first render or hydration has committed, so every button on the
 * page has its handlers. The starter (scripts/vite/defer-app-start.ts) holds a button click made before this
 * and replays it now; the attribute lets end-to-end tests wait for the same moment.
 */
import { useEffect, type ReactNode } from 'react';
import { APP_READY_ATTRIBUTE, APP_READY_EVENT } from '@/utils/app-ready-event';

export function AnnounceWhenReady({ children }: { children: ReactNode }) {
  // A parent's effect runs after its children's: the whole first tree is in place when this fires.
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return children;
}
