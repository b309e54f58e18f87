/** Resolves a community image: default when empty, absolute URLs and paths as they are, bare names under /images/communities/. */
export function resolveCommunityImage(image: string | undefined | null, fallback: string, prefix: string): string {
  if (!image) return fallback;
  if (/^https?:\/\//i.test(image) || image.startsWith('/')) return image;
  return `${prefix}${image}`;
}
