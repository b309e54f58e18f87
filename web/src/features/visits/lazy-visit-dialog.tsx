/**
 * The visit dialog's code (form, slots, calendar file) loads on first open, or earlier when the pointer or focus
 * reaches a Schedule button, so public pages do not carry it on a plain view (DESIGN §7).
 */
import { lazyWithPreload } from '@/components/lazy-with-preload';

const dialog = lazyWithPreload(() => import('./visit-dialog'));

export const LazyVisitDialog = dialog.Component;
/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadVisitDialog = dialog.preload;
