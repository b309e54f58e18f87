/**
 * Per-page head tags (DESIGN §4 "Server-side rendering"): title, description, canonical URL, Open Graph and
 * JSON-LD. A route module exports `handle: { head }`; the server renders the tags of the deepest route that has
 * one into the HTML, and HeadManager keeps document.head in step during client navigation.
 */
import type { SiteSettings } from '@domain/schemas/settings';
import { absoluteUrl } from '@/utils/absolute-url';

export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL (the origin is added). */
  canonicalPath: string;
  /** Absolute or site path of the Open Graph image. */
  image?: string;
  ogType?: 'website' | 'article' | 'product';
  /** Structured data objects, each rendered as one application/ld+json script. */
  jsonLd?: object[];
  /** 'noindex' for pages that must not be indexed (admin, not found). */
  robots?: string;
}

export interface HeadContext {
  settings: SiteSettings;
  /** e.g. https://homes.example.com (no trailing slash). */
  origin: string;
  pathname: string;
}

export interface RouteHandle<Data = unknown> {
  /** What the page's head says (a promise where the code that says it loads on demand, see routes.tsx). */
  head?: (data: Data, context: HeadContext) => HeadData | Promise<HeadData>;
  /**
   * CSS custom properties the page puts on <html> while it is open (a community's theme). The server writes them
   * into the page, so hydration finds them in place and changes no style (which would restyle every element).
   */
  documentStyle?: (data: Data) => Record<`--${string}`, string> | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The style attribute for <html> (with its leading space), or '' when there is nothing to set. */
export function documentStyleAttribute(vars: Record<string, string> | undefined): string {
  const declarations = Object.entries(vars ?? {}).map(([name, value]) => `${name}:${value}`);
  return declarations.length > 0 ? ` style="${escapeHtml(declarations.join(';'))}"` : '';
}

/** JSON for a <script> element: `<` escaped so a text field cannot close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The default head for pages without their own (and for the admin shell). */
export function defaultHead(context: HeadContext): HeadData {
  return {
    title: context.settings.seo.metaTitle || context.settings.general.siteName,
    description: context.settings.seo.metaDescription || context.settings.general.siteDescription,
    canonicalPath: context.pathname,
  };
}

/** The head tags as HTML, every value escaped. Each tag carries data-head so the client can replace them. */
export function renderHeadHtml(head: HeadData, context: HeadContext): string {
  const { settings, origin } = context;
  const url = absoluteUrl(origin, head.canonicalPath);
  const tags = [
    `<title data-head>${escapeHtml(head.title)}</title>`,
    `<meta data-head name="description" content="${escapeHtml(head.description)}">`,
    `<link data-head rel="canonical" href="${escapeHtml(url)}">`,
    `<meta data-head property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta data-head property="og:site_name" content="${escapeHtml(settings.general.siteName)}">`,
    `<meta data-head property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta data-head property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta data-head property="og:url" content="${escapeHtml(url)}">`,
    `<meta data-head name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (head.image)
    tags.push(`<meta data-head property="og:image" content="${escapeHtml(absoluteUrl(origin, head.image))}">`);
  if (settings.seo.metaKeywords)
    tags.push(`<meta data-head name="keywords" content="${escapeHtml(settings.seo.metaKeywords)}">`);
  if (head.robots) tags.push(`<meta data-head name="robots" content="${escapeHtml(head.robots)}">`);
  if (settings.appearance.favicon)
    tags.push(`<link data-head rel="icon" href="${escapeHtml(settings.appearance.favicon)}">`);
  for (const data of head.jsonLd ?? [])
    tags.push(`<script data-head type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
