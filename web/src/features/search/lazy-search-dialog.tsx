/**
 * The search dialog's code (and, through it, the data layer it reads) loads on the first open, or a moment
 * earlier when the pointer or focus reaches the search button, so public pages do not carry it (DESIGN §7).
 * This module is part of every public page (the header imports it), which also puts `preloadable` there for the
 * filter bars to share at no extra chunk.
 */
import { Suspense } from 'react';
import { preloadable } from './preloadable';
import type { SearchDialogProps } from './search-dialog';

const dialog = preloadable<SearchDialogProps>(() =>
  import('./search-dialog').then((module) => ({ default: module.SearchDialog })),
);

/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadSearchDialog = (): void => void dialog.preload().catch(() => undefined);

export function LazySearchDialog(props: SearchDialogProps) {
  return (
    <Suspense fallback={null}>
      <dialog.Component {...props} />
    </Suspense>
  );
}
