/** Browser reader of public data: the API only, for now (the offline fallback to IndexedDB comes with the data layer). */
import type { PublicReader } from '../../app/public-reader';

async function getJson<T>(path: string): Promise<T | null> {
  const response = await fetch(`/api${path}`, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return (await response.json()) as T;
}

export function createBrowserPublicReader(): PublicReader {
  return {
    listCommunities: async () => (await getJson('/public/communities')) ?? [],
    getCommunity: (idOrSlug) => getJson(`/public/communities/${encodeURIComponent(idOrSlug)}`),
    listListings: async (communityId) =>
      (await getJson(`/public/listings${communityId ? `?communityId=${encodeURIComponent(communityId)}` : ''}`)) ?? [],
    getListing: (id) => getJson(`/public/listings/${encodeURIComponent(id)}`),
    getSettings: async () => (await getJson('/public/settings'))!,
  };
}
