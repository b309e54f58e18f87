/**
 * The search dialog's code (and, through it, the data layer it reads) loads on the first open, or a moment
 * earlier when the pointer or focus reaches the search button, so public pages do not carry it (DESIGN §7).
 * This module is part of every public page (the header imports it), which also puts `preloadable` there for the
 * filter bars to share at no extra chunk.
 */
import { Suspense } from 'react';
import { preloadable } from '@/components/preloadable';
import type { SearchDialogProps } from './search-dialog';

const dialog = preloadable<SearchDialogProps>(() =>
  import('./search-dialog').then((module) => ({ default: module.SearchDialog })),
);

const loaded = () => dialog.preload().catch(() => undefined);
/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadSearchDialog = (): void => void loaded();
/**
 * The opener's click: `show` renders LazySearchDialog once its code is in, so its first render does not suspend
 * (as components/lazy-with-preload.tsx does for the pages' dialogs, which this entry module does not import: the
 * build then split Vite's preload helper into a chunk of its own, ~460 B more on every page).
 */
export const showSearchDialog = (show: () => void): void => void loaded().then(show);

export function LazySearchDialog(props: SearchDialogProps) {
  return (
    <Suspense fallback={null}>
      <dialog.Component {...props} />
    </Suspense>
  );
}
