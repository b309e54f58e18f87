/**
 * The URL a public page is rendered and kept under, without the ad and campaign parameters that no page reads.
 *
 * Why: an ad platform appends a click id that is new on every click (Google's `gclid`, Meta's `fbclid`,
 * Microsoft's `msclkid`), so an ad campaign, the crowd issue 14 is about, sent every visitor a URL of their own:
 * each one rendered cold (1-7 ms of the event loop) and was kept in the store for query pages, thousands of copies
 * of one page pushing each other out. Rendered without them, every click of a campaign is the plain page's kept
 * bytes, answered by the fast path. The browser still has the full URL, so analytics in the page still sees them.
 *
 * Only exact lowercase names the site never reads are removed; everything else in the query is kept byte for byte
 * and in order (`/search?beds=3&utm_source=x` stays the search for 3 beds). Not removing an unknown parameter only
 * costs a render; removing one a page reads would serve the wrong page, so the list errs on the side of keeping.
 */

/** Click ids and campaign tags of the common ad and mail platforms; none is read by any page of the site. */
export const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'gad_source',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_gl',
]);

/** `url` (path and query, as in the request line) without its tracking parameters; the same string if it has none. */
export function withoutTrackingParameters(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pairs = url.slice(queryStart + 1).split('&');
  const kept = pairs.filter((pair) => {
    const nameEnd = pair.indexOf('=');
    return !TRACKING_PARAMETERS.has(nameEnd === -1 ? pair : pair.slice(0, nameEnd));
  });
  if (kept.length === pairs.length) return url;
  const path = url.slice(0, queryStart);
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}
