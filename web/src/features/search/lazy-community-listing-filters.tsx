/**
 * The community page's filter bar loads apart from the page (a lazy chunk), so the heaviest public page keeps its
 * JavaScript budget (DESIGN §7). The route loader preloads it (server render, client navigations). On a hydrating
 * page it is hydrated on demand (issue 14): the server's form stays as it is (a plain GET form, so it filters even
 * before), and its code loads and hydrates once the visitor reaches for it, so a visit that never filters does not
 * pay for it. A choice made before then is applied once it has mounted (listing-filter-form.tsx). A placeholder of
 * the same height holds its place on a client render that waits for the code.
 */
import { Suspense } from 'react';
import type { CommunityListingFiltersProps } from './community-listing-filters';
import { preloadable } from '@/components/preloadable';

/** The bar's root element (community-listing-filters.tsx). */
const FILTER_BAR = '.community-listing-filters';

const filters = preloadable(() => import('./community-listing-filters'), { hydrateWhen: { selector: FILTER_BAR } });

export const preloadCommunityListingFilters = filters.preload;

export function LazyCommunityListingFilters(props: CommunityListingFiltersProps) {
  return (
    <Suspense fallback={<div className="listing-filters-placeholder" />}>
      <filters.Component {...props} />
    </Suspense>
  );
}
