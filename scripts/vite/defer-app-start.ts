/**
 * Starts the app's JavaScript after a server-rendered page has loaded (DESIGN §7: Lighthouse mobile LCP ≤ 1.5 s).
 *
 * A public page arrives fully rendered: its largest element is the hero or first card image, and on a phone's
 * link the 110 KB of app code requested at the same time shares the bandwidth with that image and then holds the
 * main thread while it compiles, so the image appears later than it could. This build step replaces the entry's
 * `<script type="module">` and its `<link rel="modulepreload">`s in index.html with one small classic script,
 * `assets/start-app-<hash>.js`, that adds them back:
 * - on a server-rendered page, after the first frame painted once the load event has fired (the page's images
 *   are in and on screen, so Lighthouse's LCP does not wait for app code), or after START_AT_THE_LATEST_MS
 *   when an image is slow, so the page never stays inert long on a bad connection;
 * - at once when #root is empty (the admin and kiosk shells, the service worker's offline shell): there is
 *   nothing to show before the app runs.
 * Links on a server-rendered page work before the app starts (plain navigations). A button pressed before the app
 * is ready (it starts at once on the first pointer, touch or key press) is not lost: the starter holds the click and
 * replays it on the same element when the app announces APP_READY_EVENT (web/src/app/app-ready.tsx). Only the last
 * one is replayed, so impatient repeated taps on a toggle do not cancel each other out.
 *
 * The CSP allows no inline script, so the starter is a file; it is a classic script because only those can read
 * their own tag (document.currentScript) for the entry's address. It is precached by the service worker like
 * every other JS file.
 */
import { createHash } from 'node:crypto';
import { minifySync, type Plugin } from 'vite';
import { APP_READY_EVENT } from '../../web/src/utils/app-ready-event';

export const START_AT_THE_LATEST_MS = 3000;

/** The starter, ES5 so it runs anywhere; it reads the entry and the files to preload from its own data attributes. */
export const STARTER_SOURCE = `(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var root = document.getElementById('root');
  var started = false;
  var ready = false;
  var heldControl = null;
  function add(element, attributes) {
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      add(document.createElement('link'), { rel: 'modulepreload', crossorigin: '', href: href });
    });
    add(document.createElement('script'), { type: 'module', crossorigin: '', src: entry });
  }
  // A button has no behaviour until the app runs: hold its click (capture phase, before anything else sees it)
  // and replay it once the app is ready. Links, fields and everything outside the app's root keep their native
  // behaviour.
  document.addEventListener('click', function (event) {
    var control = !ready && event.target.closest && event.target.closest('button,[role=button],input[type=submit]');
    if (!control || !root || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    heldControl = control;
    start();
  }, true);
  document.addEventListener('${APP_READY_EVENT}', function () {
    if (ready) return;
    ready = true;
    var control = heldControl;
    heldControl = null;
    if (control && control.isConnected) control.click();
  });
  // Someone is about to use the page: start now rather than at the next frame or the timer (pointer events
  // cover touch in every browser the build targets).
  ['pointerdown', 'keydown'].forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  if (!root || !root.firstElementChild) return start();
  // Two frames after the load event: the frame that paints the page's largest image has then been presented
  // (one frame was not always enough), so no app code is requested before that paint.
  function startAfterNextPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  if (document.readyState === 'complete') return startAfterNextPaint();
  window.addEventListener('load', startAfterNextPaint, { once: true });
  setTimeout(start, ${START_AT_THE_LATEST_MS});
})();
`;

/** What is shipped: the starter minified (it counts towards the 110 KB budget of every public page). */
export function minifiedStarter(source = STARTER_SOURCE): string {
  const result = minifySync('start-app.js', source, {});
  if (result.errors.length > 0) throw new Error(`defer-app-start: ${result.errors.map(String).join('; ')}`);
  return result.code;
}

export function starterFileName(source = minifiedStarter()): string {
  return `assets/start-app-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html with the entry script and module preloads replaced by the starter (the stylesheet and everything
 * else are left as they are). Throws when the entry tag is not where Vite puts it, so a change in Vite's output
 * fails the build instead of shipping a page that never starts.
 */
export function deferEntryTags(html: string, starterPath: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('defer-app-start: no <script type="module" crossorigin src> entry tag in index.html');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const starter = `<script defer src="${starterPath}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n    `;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, starter);
}

export function deferAppStart(): Plugin {
  const source = minifiedStarter();
  const fileName = starterFileName(source);
  return {
    name: 'houston:defer-app-start',
    apply: 'build',
    generateBundle(options) {
      // The client build only: the SSR build has no index.html.
      if (options.format !== 'es' || this.environment?.config.build.ssr) return;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => deferEntryTags(html, `/${fileName}`),
    },
  };
}
