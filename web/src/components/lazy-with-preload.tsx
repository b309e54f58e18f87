/**
 * A component whose code loads on its first render, or earlier through `preload`: called from an opener's
 * pointerenter/focus, it has the code ready for the click. Nothing shows while it loads. Public pages open their
 * dialogs this way so a plain view does not carry the dialog's form (DESIGN §7).
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

export function lazyWithPreload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): { Component: (props: Props) => ReactElement; preload: () => void } {
  const Lazy = lazy(load);
  function Loaded(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Loaded, preload: () => void load().catch(() => undefined) };
}
