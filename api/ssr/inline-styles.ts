/**
 * The built page template with its stylesheet inlined: a server-rendered page then paints with no request
 * blocking it (Lighthouse's render-blocking request, one round trip on a phone: DESIGN §7 LCP ≤ 1.5 s). The
 * public CSS is small (about 6 KB gzip) and has no relative url(), so it reads the same inline; the CSP allows
 * inline styles ('unsafe-inline' in style-src). The service worker's cached shell keeps the <link> (its CSS is
 * precached).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

export function inlineStylesheets(template: string, webRoot: string): string {
  return template.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(webRoot, href);
    if (!file.startsWith(webRoot) || !existsSync(file)) return link;
    // `</style` cannot occur in the built CSS, but a stray one would end the element early: keep the link then.
    const css = readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) return link;
    // The disabled link is never fetched or applied; it tells Vite's preload helper that this stylesheet is on the
    // page. A lazy chunk that imports from the entry lists the entry's CSS among its dependencies, and finding no
    // <link> for it the helper used to add one after hydration: the whole stylesheet parsed again and every
    // element's style recalculated (20-25 ms on a desktop; Total Blocking Time, DESIGN §7).
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}
