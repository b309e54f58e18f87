/**
 * A component whose code loads on its first render, or earlier through `preload`: called from an opener's
 * pointerenter/focus, it has the code ready for the click. Nothing shows while it loads. Public pages open their
 * dialogs this way so a plain view does not carry the dialog's form (DESIGN §7).
 *
 * Openers show the component through `showWhenLoaded`, once its code is in and the click's own frame has
 * painted: built on `preloadable`, its first render then does not suspend. A render that suspends shows its content
 * no sooner than 300 ms after the (empty) fallback (React 19's Suspense reveal throttle, react#36569), so every
 * popup opened 300 ms after the click or later, even with its code already in; on a slow phone the code's own fetch
 * fits inside that wait.
 *
 * A tuple, like useState's: its parts are renamed where they are used, and the minifier cannot shorten property
 * names (the listing page's 110 KB budget).
 */
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { preloadable } from './preloadable';

/**
 * What lazyWithPreload makes: the component, then its preload for the opener's pointerenter and focus, then
 * `showWhenLoaded` for the opener's click, which runs `show` (rendering the component) once the code is in and the
 * click's own frame has painted.
 */
export type LazyWithPreload<Props> = [
  Component: (props: Props) => ReactElement,
  preload: () => void,
  showWhenLoaded: (show: () => void) => void,
];

export function lazyWithPreload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyWithPreload<Props> {
  const part = preloadable(load);
  function Loaded(props: Props) {
    return (
      <Suspense fallback={null}>
        <part.Component {...props} />
      </Suspense>
    );
  }
  // A failed load resolves too: `show` then renders the component, whose render tries the load again and meets the
  // error as it did before (the chunk-load reload).
  const loaded = () => part.preload().catch(() => undefined);
  // `show` waits for the frame after the click's own: rendered inside the click (its code in since the pointer
  // came), the dialog made the tap's frame wait for its render, showModal's whole-page style and the focus, over
  // 100 ms on a slow phone (issue 14, the tap's INP). The tapped button's hover colour paints first.
  const afterNextFrame = (run: () => void) => requestAnimationFrame(() => setTimeout(run));
  return [Loaded, () => void loaded(), (show) => void loaded().then(() => afterNextFrame(show))];
}
