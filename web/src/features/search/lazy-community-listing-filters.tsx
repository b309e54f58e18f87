/**
 * The community page's filter bar loads apart from the page (a lazy chunk), so the heaviest public page keeps its
 * JavaScript budget (DESIGN §7). The route loader preloads it (server render, client navigations); on a hydrating
 * page it arrives just after, and a placeholder of the same height holds its place if it is not there yet.
 */
import { Suspense } from 'react';
import type { CommunityListingFiltersProps } from './community-listing-filters';
import { preloadable } from './preloadable';

const filters = preloadable(() => import('./community-listing-filters'));

export const preloadCommunityListingFilters = filters.preload;

export function LazyCommunityListingFilters(props: CommunityListingFiltersProps) {
  return (
    <Suspense fallback={<div className="listing-filters-placeholder" />}>
      <filters.Component {...props} />
    </Suspense>
  );
}
