/**
 * How a dialog opened by a tap shows, once its code is in (components/lazy-with-preload.tsx): right after the
 * tap's own frame has painted, then at once and whole (flushSync, a tap's priority).
 *
 * Rendered within the tap's frame, the dialog's first render (about 80 ms on a slow phone) held that frame: the
 * interaction took 256 ms (INP, `npm run bench:forms`, a tap once the page is interactive). Rendered later at a
 * normal or transition priority, the page's update waited behind its parts still to hydrate: the popup showed
 * 430 ms after the tap instead of 300. Exported by each dialog module, so this code (and react-dom's flushSync)
 * loads with the dialog, not with the page (DESIGN §7: 110 KB).
 */
import { flushSync } from 'react-dom';

export function showAfterPaint(show: () => void): void {
  requestAnimationFrame(() => setTimeout(() => flushSync(show)));
}
