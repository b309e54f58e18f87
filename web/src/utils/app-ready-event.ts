/**
 * The app's "interactive now" signal, shared by the app (app-ready.tsx) and the build's starter script
 * (scripts/vite/defer-app-start.ts), which holds button clicks made before it.
 */
export const APP_READY_EVENT = 'houston:app-ready';
/** Set on <html> at the same moment, for end-to-end tests to wait on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** True once the app has announced itself: a component mounting before that is being hydrated. */
export function appHasStarted(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(APP_READY_ATTRIBUTE);
}
