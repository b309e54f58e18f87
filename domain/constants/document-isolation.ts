/**
 * Which documents are isolated, and how (docs/decisions.md, the lines on isolation headers): the back office and
 * the kiosk join a browsing-context group and an agent cluster of their own; public pages do not (a cold renderer
 * on every arrival from a search costs a slow phone 100-180 ms of blocking time).
 *
 * One table for both places that answer a navigation: the server (api/plugins/security.ts) and the service
 * worker's offline shell (sw/sw.ts). A shell served without them at an /admin address made every offline reload
 * of the back office a cross-group navigation into a new renderer, whose network emulation and storage did not
 * always follow (the offline-sync e2e test lost its session there).
 */
const ISOLATED_DOCUMENT_PATH = /^\/(?:admin|kiosk)(?:[/?#]|$)/;

export const DOCUMENT_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
};

/**
 * `path`: a request's path, with or without its query (the server passes the raw URL, the worker a pathname). The
 * routers decode a path and match it in any case, so `/%61dmin` and `/ADMIN` open the back office too: such a
 * spelling is isolated as well, or a page could open the back office in its own browsing-context group.
 */
export function isIsolatedDocument(path: string): boolean {
  if (ISOLATED_DOCUMENT_PATH.test(path)) return true;
  const pathname = path.split(/[?#]/, 1)[0]!;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed percent-encoding: no router takes it as the back office.
  }
  return ISOLATED_DOCUMENT_PATH.test(decoded.toLowerCase());
}
