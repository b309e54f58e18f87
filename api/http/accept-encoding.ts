/**
 * The content coding of a cached answer (public JSON reads, kept pages, and both raw fast paths in front of
 * Fastify), from the request's Accept-Encoding. A coding with q=0 is "not acceptable" (RFC 9110 §12.5.3): a
 * client or proxy that sends `br;q=0` cannot decode brotli and must not get it.
 */

/**
 * 'br', 'gzip' or null (identity). Without weights, brotli when named, else gzip when named. With weights, the
 * acceptable one (q > 0) of the two the client weighs higher, brotli on a tie. `*` is not taken as naming either:
 * identity is always acceptable here, as it was before weights were read.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  // Runs on every request of the fast paths (tens of thousands a second): the common value, a browser's
  // "gzip, deflate, br, zstd", has no parameters and is decided by two regex tests, with no splitting.
  if (!acceptEncoding.includes(';')) {
    if (/\bbr\b/.test(acceptEncoding)) return 'br';
    if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
    return null;
  }
  let br = 0;
  let gzip = 0;
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== 'x-gzip') continue;
    let weight = 1;
    for (const param of params) {
      const equals = param.indexOf('=');
      if (equals !== -1 && param.slice(0, equals).trim().toLowerCase() === 'q') {
        // A malformed weight (`q=`, `q=abc`) reads as 0: identity is always safe to send.
        weight = Number(param.slice(equals + 1)) || 0;
      }
    }
    if (coding === 'br') br = weight;
    else gzip = weight;
  }
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}
