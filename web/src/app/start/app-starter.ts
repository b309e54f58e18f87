/**
 * The first code of every page: starts the app's JavaScript after a server-rendered page has painted (DESIGN §7:
 * Lighthouse mobile LCP ≤ 1.5 s), and keeps what a visitor does before that.
 *
 * A public page arrives fully rendered: its largest element is the hero or first card image, and on a phone's
 * link the 110 KB of app code requested at the same time shares the bandwidth with that image and then holds the
 * main thread while it compiles, so the image appears later than it could. The build (scripts/vite/
 * defer-app-start.ts) replaces the entry's `<script type="module">` and its `<link rel="modulepreload">`s in
 * index.html with one small classic script built from start-app.ts, which calls `installAppStarter`, and this
 * adds them back:
 * - on a server-rendered page, two frames after the load event (the page's images are in and painted, so the
 *   largest paint does not wait for app code), or after START_AT_THE_LATEST_MS when an image is slow, so the page
 *   never stays inert long on a bad connection;
 * - at once when #root is empty (the admin and kiosk shells, the service worker's offline shell): there is
 *   nothing to show before the app runs;
 * - at once on the first pointer or key press: someone is about to use the page.
 *
 * Links on a server-rendered page work before the app starts (plain navigations), and so do form fields (the
 * forms read their fields when sent, so what was typed is kept). A button has no behaviour until the app runs: its
 * click is held and replayed on the same element once the app announces APP_READY_EVENT (app-ready.tsx). Only the
 * last one is replayed, so impatient repeated taps on a toggle do not cancel each other out. If the app's code
 * cannot load, the held click is let through instead, and so are later ones: a form's Send then posts the form
 * itself, as it would with JavaScript off (the contact page's POST /contact stores the lead).
 *
 * The CSP allows no inline script, so the starter is a file; it is a classic script because only those can read
 * their own tag (document.currentScript) for the entry's address.
 */
import { APP_READY_EVENT } from '../../utils/app-ready-event';

/** The latest the app starts on a server-rendered page whose load event is slow (an image that does not arrive). */
export const START_AT_THE_LATEST_MS = 3000;

/**
 * The controls whose clicks are held until the app is ready: they do nothing without it. Every submit control of
 * the app is a <button> (no <input type=submit>, which this would then have to name).
 */
const CONTROL_SELECTOR = 'button,[role=button]';

/** What the starter uses of the browser, so tests can hand it a stand-in. */
export interface StarterEnvironment {
  document: Pick<Document, 'readyState' | 'getElementById' | 'createElement' | 'addEventListener' | 'head'>;
  window: Pick<Window, 'addEventListener'>;
  /** The starter's own tag: data-entry (the entry module) and data-preload (the modules it imports). */
  script: Pick<HTMLScriptElement, 'getAttribute'>;
  setTimeout: (run: () => void, ms: number) => unknown;
  requestAnimationFrame: (run: () => void) => unknown;
}

export function installAppStarter(env: StarterEnvironment): void {
  const { document, window } = env;
  const entry = env.script.getAttribute('data-entry');
  const preloads = (env.script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  const root = document.getElementById('root');
  let started = false;
  let ready = false;
  let heldControl: HTMLElement | null = null;

  const add = (element: HTMLElement, attributes: Record<string, string>) => {
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };

  // Once the app is ready (or its code could not load), presses are no longer held; the last one held is replayed.
  const release = () => {
    if (ready) return;
    ready = true;
    const control = heldControl;
    heldControl = null;
    // A button the app re-rendered away is not clicked: the visitor's intent no longer has a target.
    if (control?.isConnected) control.click();
  };

  const start = () => {
    if (started || !entry) return;
    started = true;
    // One element per task: each append starts a fetch (about 1 ms on a slow machine, now and then 20), and the
    // five to nine of a page in one task made a long task on a slow phone (TBT, DESIGN §7). The fetches still start
    // within a few milliseconds of each other, in the same order.
    for (const href of preloads) {
      env.setTimeout(() => add(document.createElement('link'), { rel: 'modulepreload', crossorigin: '', href }), 0);
    }
    // The app's code failing to arrive (a dead connection, a page cached by a CDN from the previous build) releases
    // the held press: a form's Send then posts the form itself (the contact page's POST /contact keeps the lead).
    const script = document.createElement('script');
    script.onerror = release;
    env.setTimeout(() => add(script, { type: 'module', crossorigin: '', src: entry }), 0);
  };

  // Capture phase, before anything else sees the click. Links, fields and everything outside the app's root keep
  // their native behaviour.
  document.addEventListener(
    'click',
    (event) => {
      if (ready) return;
      const target = event.target as Element | null;
      const control = target?.closest?.<HTMLElement>(CONTROL_SELECTOR) ?? null;
      if (!control || !root?.contains(control)) return;
      event.preventDefault();
      event.stopPropagation();
      heldControl = control;
      start();
    },
    true,
  );

  document.addEventListener(APP_READY_EVENT, release);

  // Pointer events cover touch in every browser the build targets.
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, start, { capture: true, passive: true, once: true });
  }

  if (!root?.firstElementChild) {
    start();
    return;
  }
  // Two frames after the load event: the frame that paints the page's largest image has then been presented (one
  // frame was not always enough), so no app code is requested before that paint.
  const startAfterNextPaint = () => {
    env.requestAnimationFrame(() => env.requestAnimationFrame(() => env.setTimeout(start, 0)));
  };
  if (document.readyState === 'complete') startAfterNextPaint();
  else {
    window.addEventListener('load', startAfterNextPaint, { once: true });
    env.setTimeout(start, START_AT_THE_LATEST_MS);
  }
}
