/**
 * Reading server-rendered HTML without a browser: what a crawler, a link preview or a phone that has not run
 * any script yet gets. Also the expected formats of SPEC §9, written here independently of the app's code.
 */
import { siteUrl } from './env';

export interface FetchedPage {
  status: number;
  headers: Headers;
  html: string;
}

export async function fetchPage(pathname: string, accept = 'text/html'): Promise<FetchedPage> {
  const response = await fetch(siteUrl(pathname), { headers: { accept }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isNaN(code) ? whole : String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The visible text of the body: scripts, styles and comments removed (React puts `<!-- -->` between text parts). */
export function bodyText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

type JsonLdNode = Record<string, unknown>;

/** Every JSON-LD node of the page (arrays and @graph flattened). Throws when a block is not valid JSON. */
export function jsonLdNodes(html: string): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') {
      nodes.push(value as JsonLdNode);
      const graph = (value as JsonLdNode)['@graph'];
      if (graph) add(graph);
    }
  };
  for (const match of html.matchAll(/<script\b[^>]*type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi))
    add(JSON.parse(match[1]!));
  return nodes;
}

export function hasType(node: JsonLdNode, type: string): boolean {
  const value = node['@type'];
  return Array.isArray(value) ? value.includes(type) : value === type;
}

export function findJsonLd(html: string, type: string): JsonLdNode | undefined {
  return jsonLdNodes(html).find((node) => hasType(node, type));
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined;
}

function findTag(head: string, tagName: string, where: (tag: string) => boolean): string | undefined {
  return [...head.matchAll(new RegExp(`<${tagName}\\b[^>]*>`, 'gi'))].map((match) => match[0]).find(where);
}

export interface HeadTags {
  title?: string;
  description?: string;
  canonical?: string;
  ogTitle?: string;
  robots?: string;
}

export function headTags(html: string): HeadTags {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head);
  const meta = (key: 'name' | 'property', value: string) =>
    findTag(head, 'meta', (tag) => attribute(tag, key)?.toLowerCase() === value);
  const canonical = findTag(head, 'link', (tag) => attribute(tag, 'rel')?.toLowerCase() === 'canonical');
  const content = (tag: string | undefined) => (tag ? attribute(tag, 'content') : undefined);
  return {
    title: titleMatch ? decodeEntities(titleMatch[1]!).trim() : undefined,
    description: content(meta('name', 'description')),
    canonical: canonical ? attribute(canonical, 'href') : undefined,
    ogTitle: content(meta('property', 'og:title')),
    robots: content(meta('name', 'robots')),
  };
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** SPEC §9: USD without decimals, e.g. 425000 → "$425,000". */
export const usd = (amount: number) => USD.format(amount);

// Houston's day at Central Standard Time (UTC−6, POSIX writes it GMT+6), as the site writes it (web/src/utils/format.ts).
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Etc/GMT+6',
});

/** SPEC §9: long US dates, e.g. "October 9, 2026". */
export const longUsDate = (iso: string) => LONG_DATE.format(new Date(iso));

/** Escapes text for use inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
