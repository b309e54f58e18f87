/**
 * Whether the screen is wide enough for the record tables (900 px and up); phones and narrow windows keep the
 * cards. Follows the media query live (a rotated tablet, a resized window).
 */
import { useSyncExternalStore } from 'react';

export const WIDE_SCREEN_QUERY = '(min-width: 900px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => window.matchMedia(WIDE_SCREEN_QUERY).matches;

export function useWideScreen(): boolean {
  // The admin is client-rendered only; the server snapshot is never used but must exist.
  return useSyncExternalStore(subscribe, isWide, () => false);
}
