/**
 * The classic script index.html loads first on every page (built by scripts/vite/defer-app-start.ts into
 * assets/start-app-<hash>.js): the browser's own objects handed to the starter (app-starter.ts).
 */
import { installAppStarter } from './app-starter';

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  installAppStarter({
    document,
    window,
    script,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    requestAnimationFrame: (run) => window.requestAnimationFrame(run),
  });
}
