/**
 * Renders, while the visitor reads, what the page left unrendered until the scroll comes near it: the sections
 * marked `render-when-near` (CSS `content-visibility: auto`, styles/base.css), and what such a section loads when
 * near (the listing page's payment calculator listens for RENDER_AHEAD_EVENT on its section).
 *
 * Why: a phone that loads a long page lays out its first screen only, which keeps the page's start short. But a
 * buyer who then scrolls to Contact Agent and taps at once waited for the page to style, lay out and render what the
 * scroll revealed: in `bench:forms` (6x CPU), 95-200 ms of the tap's 150-290 ms were that wait, before its handlers
 * ran. Once the app has started the page is idle while it is read, so it renders one section per idle period, in
 * document order (the next screen first): no task is long, and an input waits at most for one section.
 *
 * A section wholly above the window when it is rendered (the visitor arrived mid-page: a reload, a tab the phone
 * discarded and restored, a link to a part of the page) changes the page's length above what they read, from its
 * stand-in size to its real one. Chromium and Firefox keep the view in place (CSS scroll anchoring); WebKit, the
 * engine of every iPhone browser, has none, and what the visitor read jumped by hundreds of pixels (WebKitGTK,
 * `/community/austin-point#commute-title`: the heading went from -20 to -510, -128 and 208 px from the window's
 * top in half a second). There the window is scrolled by the section's change of height, here, in the task that
 * renders it (it knows both heights). What the browser itself renders near the window is kept in place by
 * keep-reading-position.ts, which finds nothing left to do after this.
 */
import { RENDER_AHEAD_EVENT } from '@/utils/app-ready-event';
import { browserConnection, type BrowserConnection } from './browser-connection';

/** Set on a section rendered ahead: styles/base.css renders it (`content-visibility: visible`). */
export const RENDERED_AHEAD_ATTRIBUTE = 'data-rendered-ahead';

export interface RenderAheadEnvironment {
  document: Pick<Document, 'querySelectorAll'>;
  /** Network Information API, where the browser has it: a visitor who asked to save data gets no code early. */
  connection?: BrowserConnection | undefined;
  /** Runs `task` once the main thread is idle (requestIdleCallback; a timer where the browser lacks it). */
  whenIdle?: (task: () => void) => void;
  /** Scrolls the window by `pixels`, where the browser has no scroll anchoring of its own; else undefined. */
  scrollBy?: ((pixels: number) => void) | undefined;
}

const browserIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function' ? void requestIdleCallback(task) : void setTimeout(task, 50);

/** WebKit: no `overflow-anchor`, so no scroll anchoring; the window is kept in place here instead. */
const scrollByWithoutAnchoring = (): RenderAheadEnvironment['scrollBy'] =>
  typeof CSS !== 'undefined' && !CSS.supports('overflow-anchor', 'auto')
    ? (pixels) => window.scrollBy(0, pixels)
    : undefined;

export function renderAheadWhenIdle(
  env: RenderAheadEnvironment = {
    document,
    connection: browserConnection(),
    scrollBy: scrollByWithoutAnchoring(),
  },
): void {
  const whenIdle = env.whenIdle ?? browserIdle;
  // Read at the first idle period: after a navigation in the app, React has shown the new page by then.
  let sections: Element[] | undefined;
  const renderNext = () => {
    sections ??= [...env.document.querySelectorAll(`.render-when-near:not([${RENDERED_AHEAD_ATTRIBUTE}])`)];
    const section = sections.shift();
    if (!section) return;
    // Its stand-in's box, only where the window may need keeping in place (the layout is clean when idle: cheap).
    const standIn = env.scrollBy ? section.getBoundingClientRect() : undefined;
    section.setAttribute(RENDERED_AHEAD_ATTRIBUTE, '');
    // Laid out now, in this idle task. Left to the next frame, the sections of idle periods with no frame between
    // them would be laid out together, in one long task (0.2-2.5 ms each at 1x on the listing page, 7 ms in all).
    const rendered = section.getBoundingClientRect();
    if (standIn && standIn.bottom <= 0 && rendered.height !== standIn.height) {
      env.scrollBy?.(rendered.height - standIn.height);
    }
    // Its code only with the visitor's data allowance: with Save-Data, a part that loads code waits to be near.
    if (!env.connection?.saveData) section.dispatchEvent(new Event(RENDER_AHEAD_EVENT));
    whenIdle(renderNext);
  };
  whenIdle(renderNext);
}
