/**
 * Keeps what the visitor reads in place when the browser renders a part above it, in browsers without CSS scroll
 * anchoring: WebKit, the engine of every iPhone and iPad browser and of Safari.
 *
 * Why: the sections and cards a page leaves unrendered until they come near (`content-visibility: auto`,
 * styles/base.css) stand in with a fixed height, and change to their real one when the browser renders them.
 * Chromium and Firefox keep the view in place (they anchor the scroll to an element on the screen); WebKit does not,
 * and what the visitor read moved by the difference. On WebKitGTK (1,024 px wide), a jump to the sixth community
 * card of /communities moved it 173 px down within a frame, as the row of cards above it rendered (33 px once those
 * cards had stand-ins of their own height). That jump is a link to a part of the page, a position restored on reload
 * or in a tab the phone had discarded, or a long scroll up.
 *
 * How, as the browsers that anchor do it: an anchor, what the visitor reads (the first part rendered when near that
 * starts in the window, else the element at the window's top edge), and where it is in the page, taken again after
 * each scroll. After a layout in which a part rendered when near took its real height in place of its stand-in (a
 * ResizeObserver: it calls back after the layout, before the paint), the window is scrolled by how far the anchor
 * moved, so the frame painted shows it where it was. Then the anchor is taken again.
 *
 * Not while the visitor flings the page: a scroll from code stops an iPhone's momentum scroll, and a flung page
 * moving a few pixels more is not seen. The stand-ins' heights match the rendered ones on a phone to a few tens of
 * pixels, so what remains then is small. render-ahead.ts keeps the view in place itself for the sections it renders
 * (it knows their heights before and after, in its own task); the anchor then has not moved, and nothing is
 * scrolled twice.
 */

/** The parts whose height changes when the browser renders them (styles/base.css). */
export const STAND_IN_SELECTOR = '.render-when-near, .card-grid > li';

/** A fling: this many scrolls by the visitor within FLING_WINDOW_MS (a jump, a restored position: one). */
const FLING_SCROLLS = 3;
const FLING_WINDOW_MS = 150;

export interface ReadingPositionEnvironment {
  /** The element at the window's top edge, in the page's content (not a fixed header over it). */
  elementAtTopEdge(): Element | undefined;
  windowHeight(): number;
  /** Every part rendered when near, in document order. */
  standIns(): Iterable<Element>;
  scrollY(): number;
  scrollBy(pixels: number): void;
  now(): number;
  onScroll(listener: () => void): void;
  /**
   * A ResizeObserver: `changed` runs after a layout that changed the height of watched elements (their content box,
   * each given with its new one), before the paint.
   */
  watchSizes(changed: (changes: readonly SizeChange[]) => void): {
    watch(element: Element): void;
    unwatch(element: Element): void;
  };
  /** The height a part stands in with until rendered (its `contain-intrinsic-block-size`, the content box). */
  standInHeight(part: Element): number;
  /** Whether `part` starts before `anchor` in the page: it comes before it, or holds it. */
  startsBefore(part: Element, anchor: Element): boolean;
  /** Runs `added` after elements were added to the page (a page shown by the app, results of a search). */
  onAdditions(added: () => void): void;
}

export interface SizeChange {
  element: Element;
  /** Its content box's new height. */
  height: number;
}

/** The first of `parts` (in document order) whose top is in the window. */
function firstStartingInWindow(parts: Iterable<Element>, windowHeight: number): Element | undefined {
  for (const part of parts) {
    const { top } = part.getBoundingClientRect();
    if (top >= 0 && top < windowHeight) return part;
  }
  return undefined;
}

export function keepReadingPosition(env: ReadingPositionEnvironment | undefined = browserEnvironment()): void {
  if (!env) return;
  let anchor: Element | undefined;
  /** The anchor's top, from the top of the page, when it was taken. */
  let anchorPageTop = 0;
  const takeAnchor = () => {
    const windowHeight = env.windowHeight();
    // The deepest part that starts in the window: a section or a grid keeps its own top when a card of it above
    // the window grows, its first card on screen does not. Not a part the window's top edge cuts: that one grows at
    // its foot, and the visitor reads what is below it.
    let part = firstStartingInWindow(env.standIns(), windowHeight);
    let inner = part && firstStartingInWindow(part.querySelectorAll(STAND_IN_SELECTOR), windowHeight);
    while (inner) {
      part = inner;
      inner = firstStartingInWindow(part.querySelectorAll(STAND_IN_SELECTOR), windowHeight);
    }
    anchor = part ?? env.elementAtTopEdge();
    anchorPageTop = anchor ? anchor.getBoundingClientRect().top + env.scrollY() : 0;
  };

  let visitorScrolls: number[] = [];
  /** Where this module's own last scroll left the window: its scroll event is not the visitor's. */
  let ownScrollY: number | undefined;
  env.onScroll(() => {
    if (ownScrollY !== undefined && Math.abs(env.scrollY() - ownScrollY) < 1) {
      ownScrollY = undefined;
      return;
    }
    ownScrollY = undefined;
    const now = env.now();
    visitorScrolls = [...visitorScrolls.filter((time) => now - time < FLING_WINDOW_MS), now];
    // The visitor (or a link to a part of the page, or a restored position) moved the window: what is at its top
    // now is what they read. Scroll events come before the frame's layout, so the parts the browser is about to
    // render near the new position still have their stand-in heights here.
    takeAnchor();
  });
  const flinging = () => {
    const now = env.now();
    return visitorScrolls.filter((time) => now - time < FLING_WINDOW_MS).length >= FLING_SCROLLS;
  };

  /** Each watched part's last height (content box), as the ResizeObserver told it. */
  const heights = new WeakMap<Element, number>();
  const keepAnchorInPlace = (changes: readonly SizeChange[]) => {
    // Only for a part that took its real height in place of its stand-in (the browser rendered it): a part that
    // changed for another reason (a message shown in a form, a list that grew) changed on screen, where the visitor
    // sees it happen, and a browser that anchors would not move what is above it.
    // And only above the anchor: the page's own changes (a list the app fills in) can move the anchor in the same
    // layout as a part rendered below it, and are not the stand-in's to undo.
    const current = anchor?.isConnected ? anchor : undefined;
    const standInReplacedAbove = changes.some(({ element, height }) => {
      const before = heights.get(element);
      return (
        current !== undefined &&
        before !== undefined &&
        Math.abs(before - env.standInHeight(element)) < 0.5 &&
        height !== before &&
        env.startsBefore(element, current)
      );
    });
    for (const { element, height } of changes) heights.set(element, height);
    if (current && standInReplacedAbove && !flinging()) {
      // Where the anchor would be had nothing above it changed: the visitor's own scrolls moved it, nothing else.
      const expectedTop = anchorPageTop - env.scrollY();
      const moved = current.getBoundingClientRect().top - expectedTop;
      if (Math.abs(moved) >= 1) {
        env.scrollBy(moved);
        ownScrollY = env.scrollY();
      }
    }
    takeAnchor();
  };

  const sizes = env.watchSizes(keepAnchorInPlace);
  const watched = new Set<Element>();
  const watchNewParts = () => {
    // The parts of a page the app has left: not kept alive by the observer for the rest of the visit.
    for (const part of watched) {
      if (part.isConnected) continue;
      watched.delete(part);
      sizes.unwatch(part);
    }
    for (const part of env.standIns()) {
      if (watched.has(part)) continue;
      watched.add(part);
      sizes.watch(part);
    }
  };
  watchNewParts();
  env.onAdditions(watchNewParts);
  takeAnchor();
}

/** The browser's, where it has no scroll anchoring of its own and has ResizeObserver; else undefined. */
function browserEnvironment(): ReadingPositionEnvironment | undefined {
  if (typeof CSS === 'undefined' || CSS.supports('overflow-anchor', 'auto')) return undefined;
  if (typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined') return undefined;
  return {
    elementAtTopEdge: () =>
      document.elementsFromPoint(window.innerWidth / 2, 1).find((element) => element.closest('main, footer')),
    standIns: () => document.querySelectorAll(STAND_IN_SELECTOR),
    windowHeight: () => window.innerHeight,
    scrollY: () => window.scrollY,
    // Instant whatever the page's CSS says: a smooth scroll would move what it keeps in place, over several frames.
    scrollBy: (pixels) => window.scrollBy({ top: pixels, behavior: 'instant' }),
    startsBefore: (part, anchor) =>
      (part.compareDocumentPosition(anchor) &
        (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY)) !==
      0,
    standInHeight: (part) => parseFloat(getComputedStyle(part).containIntrinsicBlockSize.split(' ').pop() ?? ''),
    now: () => performance.now(),
    onScroll: (listener) => window.addEventListener('scroll', listener, { passive: true }),
    watchSizes: (changed) => {
      const observer = new ResizeObserver((entries) =>
        changed(entries.map((entry) => ({ element: entry.target, height: entry.contentRect.height }))),
      );
      return { watch: (element) => observer.observe(element), unwatch: (element) => observer.unobserve(element) };
    },
    onAdditions: (added) =>
      new MutationObserver((records) => {
        if (records.some((record) => record.addedNodes.length > 0)) added();
      }).observe(document.body, { childList: true, subtree: true }),
  };
}
