/**
 * The visit dialog's code (form, slots, calendar file) loads on first open, or earlier when the pointer or focus
 * reaches a Schedule button, so public pages do not carry it on a plain view (DESIGN §7).
 */
import { lazyWithPreload } from '@/components/lazy-with-preload';

/** The component, the preload for its openers' pointerenter/focus and the show for their click. */
export const [LazyVisitDialog, preloadVisitDialog, showVisitDialog] = lazyWithPreload(() => import('./visit-dialog'));
