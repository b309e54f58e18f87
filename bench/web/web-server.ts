/**
 * The production server the web benchmarks measure: the built web app (built first when dist/ is missing, or
 * always with BENCH_WEB_BUILD=1) served by api/server.ts on 127.0.0.1 from a temporary DATA_DIR holding the
 * example data, as the e2e suite and the other benchmarks run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, removeTempDirs, REPO_ROOT, startServer } from '../../tests/server/server-process';

export const BENCH_COMMUNITY_SLUG = 'austin-point';

export interface WebBenchServer {
  url: string;
  /** The public pages measured: home, the list, one community and one of its listings. */
  pages: { label: string; path: string }[];
  /** The community and listing page with the text of their <h1>, for the offline repeat visit. */
  offlinePages: { label: string; path: string; heading: string }[];
  /** How many published communities and listings the offline pack must store. */
  published: { communities: number; listings: number };
  stop(): Promise<void>;
}

export function ensureWebBuild(): void {
  const built = existsSync(path.join(REPO_ROOT, 'dist', 'server', 'entry-server.js'));
  if (built && process.env.BENCH_WEB_BUILD !== '1') return;
  console.log('Building the web app (node --import tsx scripts/build.ts)...');
  const env = { ...process.env };
  delete env.NODE_ENV;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the production build failed (exit ${result.status})`);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);

export async function startWebBenchServer(): Promise<WebBenchServer> {
  ensureWebBuild();
  const server = await startServer({
    dataDir: makeTempDir('hc-bench-web-'),
    env: { CONTACT_RATE_LIMIT: '0', LOGIN_RATE_LIMIT: '0', DEMO_MODE: '0' },
  });
  const getJson = async <T>(apiPath: string): Promise<T> => {
    const response = await fetch(`${server.url}/api/${apiPath}`);
    if (!response.ok) throw new Error(`GET /api/${apiPath} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const communities = await getJson<{ id: string; slug: string; name: string }[]>('public/communities');
  const listings = await getJson<{ id: string; communityId: string; title: string }[]>('public/listings');
  const community = communities.find((candidate) => candidate.slug === BENCH_COMMUNITY_SLUG);
  if (!community) throw new Error(`the example data has no community ${BENCH_COMMUNITY_SLUG}`);
  const listing = listings.find((candidate) => candidate.communityId === community.id) ?? listings[0];
  if (!listing) throw new Error('the example data has no listing to measure');
  /** The page's <h1> as the server renders it: what the offline render must show too. */
  const serverHeading = async (pagePath: string) => {
    const html = await (await fetch(`${server.url}${pagePath}`)).text();
    const match = /<h1[^>]*>(.*?)<\/h1>/s.exec(html);
    if (!match) throw new Error(`${pagePath} has no <h1> in its server HTML`);
    return decodeEntities(match[1]!.replace(/<[^>]+>/g, '').trim());
  };
  const communityPage = { label: `/community/${BENCH_COMMUNITY_SLUG}`, path: `/community/${BENCH_COMMUNITY_SLUG}` };
  const listingPage = { label: '/listing/:id', path: `/listing/${listing.id}` };
  return {
    url: server.url,
    pages: [{ label: '/', path: '/' }, { label: '/communities', path: '/communities' }, communityPage, listingPage],
    offlinePages: [
      { ...communityPage, heading: await serverHeading(communityPage.path) },
      { ...listingPage, heading: await serverHeading(listingPage.path) },
    ],
    published: { communities: communities.length, listings: listings.length },
    async stop() {
      await server.stop();
      removeTempDirs();
    },
  };
}
