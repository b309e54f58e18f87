/**
 * /community/{id or slug} (SPEC §2, DESIGN §6): its own layout (community top bar and the footer without the call
 * to action). A missing community renders 'Community Not Found' and the server answers 404. The meta description
 * and JSON-LD (Place, BreadcrumbList) are built by the loader (community-loader.ts: its own chunk, as a first load
 * does not run it; features/seo, loaded on demand).
 */
import { useLoaderData, Link } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { communityThemeVars } from '@/features/communities/community-theme';
import { communityCommute, CommunityView } from './community-view';
import { preloadCommunityListingFilters } from '@/features/search/lazy-community-listing-filters';
import { communityImage } from '@/utils/images';
import type { RouteHandle } from '../../head';
// From the layout module, not ./public-shell itself: see the note on the re-export in public-layout.tsx.
import { PublicShell } from '../../layouts/public-layout';
import type { CommunityPageData } from './community-loader';

type Data = CommunityPageData;

/** The page's lazy parts, loaded with its data (routes.tsx), so the server renders them and a navigation does not wait. */
export async function preloadLazyParts(): Promise<void> {
  await Promise.all([preloadCommunityListingFilters(), communityCommute.preload()]);
}

export const handle: RouteHandle<Data> = {
  documentStyle: (data) => (data.notFound ? undefined : communityThemeVars(data.community.theme)),
  head: (data, { settings, pathname }) =>
    data.notFound
      ? {
          title: `${PUBLIC_MESSAGES.communityNotFound} | ${settings.general.siteName}`,
          description: 'This community could not be found. Browse all Houston communities instead.',
          canonicalPath: pathname,
          robots: 'noindex',
        }
      : {
          title: `${data.community.name}: New Homes in ${data.community.location} | ${settings.general.siteName}`,
          description: data.seo.description,
          canonicalPath: `/community/${data.community.slug}`,
          image: communityImage(data.community.image),
          jsonLd: data.seo.jsonLd,
        },
};

export function Component() {
  const data = useLoaderData() as Data;
  if (data.notFound)
    return (
      <PublicShell withCallToAction={false}>
        <section className="section container not-found">
          <h1>{PUBLIC_MESSAGES.communityNotFound}</h1>
          <p>The community you are looking for does not exist or is no longer listed.</p>
          <Link to="/" className="button button--primary">
            Back to Home
          </Link>
        </section>
      </PublicShell>
    );
  return (
    <CommunityView
      key={data.community.id}
      community={data.community}
      listings={data.listings}
      listingFilter={data.listingFilter}
    />
  );
}
