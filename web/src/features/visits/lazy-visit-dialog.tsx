/**
 * The visit dialog's code (form, slots, calendar file) loads on first open, or earlier when the pointer or focus
 * reaches a Schedule button, so public pages do not carry it on a plain view (DESIGN §7).
 */
import { lazy, Suspense } from 'react';
import type { VisitDialogProps } from './visit-dialog';

const load = () => import('./visit-dialog');
const VisitDialog = lazy(load);

/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadVisitDialog = (): void => void load().catch(() => undefined);

export function LazyVisitDialog(props: VisitDialogProps) {
  return (
    <Suspense fallback={null}>
      <VisitDialog {...props} />
    </Suspense>
  );
}
