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

/**
 * Dispatched on a `render-when-near` section when the started app renders it ahead, while the visitor reads
 * (app/render-ahead.ts): a part that loads its code when its section comes near (the listing page's payment
 * calculator) loads it then. Here, beside the start signal, so that the listing page's code and after-start's share
 * it without a chunk of their own.
 */
export const RENDER_AHEAD_EVENT = 'houston:render-ahead';
