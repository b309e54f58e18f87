/**
 * The search dialog's code (and, through it, the data layer it reads) loads on the first open, or a moment
 * earlier when the pointer or focus reaches the search button, so public pages do not carry it (DESIGN §7).
 */
import { lazy, Suspense } from 'react';
import type { SearchDialogProps } from './search-dialog';

const load = () => import('./search-dialog');
const SearchDialog = lazy(() => load().then((module) => ({ default: module.SearchDialog })));

/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadSearchDialog = (): void => void load().catch(() => undefined);

export function LazySearchDialog(props: SearchDialogProps) {
  return (
    <Suspense fallback={null}>
      <SearchDialog {...props} />
    </Suspense>
  );
}
