/**
 * Reads what a home buyer types into a search box ("4 bed under 400k", "3br 2ba", "townhome katy", "between 300k
 * and 450k", "under $1.2m", "2+ baths", a community's name) as filters: bedrooms and bathrooms (minimums), price
 * bounds, listing type, community and city. What is not understood (a typo, a street) is left as free words, never
 * guessed at. Each understood part keeps where it stood in the text, so a filter can be taken back out of the
 * words (removeQueryParts) and the rest of what the person typed stays as typed. Pure: no I/O, no React.
 */
import { LISTING_TYPES } from './constants';

type ListingType = (typeof LISTING_TYPES)[number];

export type QueryPartKey = 'beds' | 'baths' | 'minPrice' | 'maxPrice' | 'type' | 'community' | 'city';

/** One understood part: its filter, its value, and the span of the text it was read from. */
export interface QueryPart {
  key: QueryPartKey;
  /** A number for rooms and prices, the listing type, the community's slug, or the city's name as written. */
  value: number | string;
  start: number;
  end: number;
}

export interface ParsedQuery {
  beds: number | null;
  baths: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  type: ListingType | null;
  /** A community's slug ('' = none named). */
  community: string;
  /** A city's name as the places list writes it ('' = none named). */
  city: string;
  /** What was not understood, as typed (filler words such as "in" or "homes" left out). */
  words: string;
  parts: QueryPart[];
}

/** The places a query may name: communities (by name) and the cities they are in. */
export interface QueryPlaces {
  communities: readonly { slug: string; name: string }[];
  cities: readonly string[];
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
const COUNT = String.raw`(\d{1,2}(?:\.5)?|one|two|three|four|five|six|seven)`;
const PLUS = String.raw`\s*(?:\+|plus|or more)?\s*`;
/** "at least 3 beds": the words before the number belong to the room filter. */
const AT_LEAST = String.raw`(?:(?:at least|min(?:imum)?|over)\s+)?`;
const BED_WORD = String.raw`(?:bedrooms?|beds?|bdrms?|bdr|bd|br)`;
const BATH_WORD = String.raw`(?:bathrooms?|baths?|bth|ba)`;
/** A price as people write it: $350,000, 350000, 400k, $1.2m, 1.2 million, 450 thousand. */
const PRICE = String.raw`\$?\s?(\d+(?:,\d{3})*(?:\.\d+)?)\s?(k|m|mil|million|thousand|grand)?`;
const MAX_WORDS = String.raw`(?:under|below|less than|max(?:imum)?|up to|at most|no more than|cheaper than|<=?)`;
const MIN_WORDS = String.raw`(?:over|above|more than|min(?:imum)?|at least|from|starting at|>=?)`;

const TYPE_WORDS: [RegExp, ListingType][] = [
  [/\b(?:town ?homes?|town ?houses?|townhomes?)\b/g, 'TOWNHOME'],
  [/\b(?:condos?|condominiums?|apartments?)\b/g, 'CONDO'],
  [/\b(?:homesites?|home sites?|lots?|land|acreage)\b/g, 'LOT'],
  [/\b(?:single[- ]family|houses?|detached)\b/g, 'HOUSE'],
];

/** Words that say nothing a filter could use ("homes in katy"): dropped from the free words. Every place is in Greater Houston. */
const FILLER = new Set(
  'a an the in at near around with and or for sale new home homes listing listings of to me show find priced price houston tx texas area'.split(
    ' ',
  ),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "400k" → 400000; a bare small number after a price word is read as thousands ("under 400") or millions ("under 1.5"). */
function readPrice(digits: string, unit: string | undefined, bare: 'thousands' | 'as-is'): number | null {
  const value = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  if (unit === 'k' || unit === 'thousand' || unit === 'grand') return Math.round(value * 1_000);
  if (unit) return Math.round(value * 1_000_000);
  if (value >= 10_000 || bare === 'as-is') return value;
  return value < 10 ? Math.round(value * 1_000_000) : Math.round(value * 1_000);
}

const readCount = (raw: string) => NUMBER_WORDS[raw] ?? Number(raw);

/** Normalised for matching; same length as the input for the text people type (accents only become plain letters). */
function lower(text: string): string {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return plain.length === text.length ? plain : text.toLowerCase();
}

export function parseSearchQuery(text: string, places: QueryPlaces): ParsedQuery {
  let rest = lower(text);
  // Positions index `source`, the text the spans and the free words are cut from.
  const source = rest.length === text.length ? text : rest;
  const parts: QueryPart[] = [];
  const result: ParsedQuery = {
    beds: null,
    baths: null,
    minPrice: null,
    maxPrice: null,
    type: null,
    community: '',
    city: '',
    words: '',
    parts,
  };

  /** Reads every match of `pattern` still in the text; `read` returns the parts it understood (none: left as words). */
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => Omit<QueryPart, 'start' | 'end'>[]) => {
    for (const match of [...rest.matchAll(pattern)]) {
      const found = read(match);
      if (found.length === 0) continue;
      const start = match.index;
      const end = start + match[0].trimEnd().length;
      for (const part of found) {
        // A later mention of the same filter wins ("3 bed… no, 4 bed").
        const index = parts.findIndex((known) => known.key === part.key);
        if (index >= 0) parts.splice(index, 1);
        parts.push({ ...part, start, end });
      }
      rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
    }
  };

  // Names first: "9 Austin Point" must not be read as a number of anything.
  const names: [string, QueryPartKey, string][] = [
    ...places.communities.map((community): [string, QueryPartKey, string] => [
      lower(community.name),
      'community',
      community.slug,
    ]),
    ...places.cities.map((city): [string, QueryPartKey, string] => [lower(city), 'city', city]),
  ];
  // A community's first distinctive word alone ("lakeshore") names it when no other place shares that word.
  const firstWords = places.communities.map((community) => [
    lower(community.name).match(/[a-z]{4,}/)?.[0] ?? '',
    community.slug,
  ]);
  for (const [word, slug] of firstWords) {
    const shared = names.filter(([name]) => name.split(/\s+/).includes(word!)).length > 1;
    if (word && !shared && !FILLER.has(word)) names.push([word, 'community', slug!]);
  }
  names.sort((a, b) => b[0].length - a[0].length);
  for (const [name, key, value] of names) {
    if (name) take(new RegExp(String.raw`(?<![\p{L}\d])${escape(name)}(?![\p{L}\d])`, 'gu'), () => [{ key, value }]);
  }

  // "3/2": three bedrooms, two bathrooms (how listings are written in Texas).
  take(/(?<![\w.$/])(\d{1,2})\s?\/\s?(\d{1,2}(?:\.5)?)(?![\w./])/g, (m) => [
    { key: 'beds', value: Number(m[1]) },
    { key: 'baths', value: Number(m[2]) },
  ]);
  take(new RegExp(String.raw`(?<![\w.])${AT_LEAST}${COUNT}${PLUS}${BED_WORD}\b`, 'g'), (m) => [
    { key: 'beds', value: readCount(m[1]!) },
  ]);
  take(new RegExp(String.raw`(?<![\w.])${AT_LEAST}${COUNT}${PLUS}${BATH_WORD}\b`, 'g'), (m) => [
    { key: 'baths', value: readCount(m[1]!) },
  ]);
  take(new RegExp(String.raw`\b${BED_WORD}\s*:?\s*(\d{1,2})\+?(?![\w.])`, 'g'), (m) => [
    { key: 'beds', value: Number(m[1]) },
  ]);
  take(new RegExp(String.raw`\b${BATH_WORD}\s*:?\s*(\d{1,2}(?:\.5)?)\+?(?![\w.])`, 'g'), (m) => [
    { key: 'baths', value: Number(m[1]) },
  ]);
  take(new RegExp(String.raw`\bbetween\s+${PRICE}\s+and\s+${PRICE}`, 'g'), (m) => priceRange(m));
  take(new RegExp(String.raw`(?<![\w.])${PRICE}\s*(?:-|–|to)\s*${PRICE}(?![\w.])`, 'g'), (m) => priceRange(m));
  take(new RegExp(String.raw`${MAX_WORDS}\s*${PRICE}(?![\w.])`, 'g'), (m) => {
    const price = readPrice(m[1]!, m[2], 'thousands');
    return price === null ? [] : [{ key: 'maxPrice', value: price }];
  });
  take(new RegExp(String.raw`${MIN_WORDS}\s*${PRICE}(?![\w.])`, 'g'), (m) => {
    const price = readPrice(m[1]!, m[2], 'thousands');
    return price === null ? [] : [{ key: 'minPrice', value: price }];
  });
  // "400k+" or "$400,000+": a lower bound written after the price.
  take(new RegExp(String.raw`(?<![\w.])${PRICE}\s*\+`, 'g'), (m) =>
    m[2] || m[0].includes('$') || Number(m[1]!.replace(/,/g, '')) >= 10_000
      ? [{ key: 'minPrice', value: readPrice(m[1]!, m[2], 'as-is')! }]
      : [],
  );
  // A price standing alone ("$350,000", "400k"): read as the most the person wants to pay.
  take(
    /(?<![\w.])\$\s?(\d+(?:,\d{3})*(?:\.\d+)?)\s?(k|m|mil|million|thousand)?(?![\w.])|(?<![\w.$])(\d+(?:\.\d+)?)\s?(k|m|mil|million)(?![\w.])/g,
    (m) => {
      const price = m[1] ? readPrice(m[1], m[2], 'as-is') : readPrice(m[3]!, m[4], 'as-is');
      return price === null ? [] : [{ key: 'maxPrice', value: price }];
    },
  );
  for (const [pattern, type] of TYPE_WORDS) take(pattern, () => [{ key: 'type', value: type }]);

  parts.sort((a, b) => a.start - b.start);
  for (const part of parts) Object.assign(result, { [part.key]: part.value });
  if (result.minPrice !== null && result.maxPrice !== null && result.minPrice > result.maxPrice)
    [result.minPrice, result.maxPrice] = [result.maxPrice, result.minPrice];
  result.words = freeWords(source, rest);
  return result;
}

function priceRange(match: RegExpExecArray): Omit<QueryPart, 'start' | 'end'>[] {
  // "300-450k": the first bound takes the second's unit.
  const low = readPrice(match[1]!, match[2] ?? match[4], 'thousands');
  const high = readPrice(match[3]!, match[4], 'thousands');
  if (low === null || high === null) return [];
  // "3 to 4" without $ or k is rooms, not millions: left for the room patterns.
  const marked = /[$]/.test(match[0]) || match[2] || match[4] || Number(match[1]!.replace(/,/g, '')) >= 10_000;
  if (!marked) return [];
  return [
    { key: 'minPrice', value: Math.min(low, high) },
    { key: 'maxPrice', value: Math.max(low, high) },
  ];
}

/** The words of `source` where `rest` (the text with understood parts blanked) still has them, filler left out. */
function freeWords(source: string, rest: string): string {
  const words: string[] = [];
  for (const match of rest.matchAll(/\S+/g)) {
    const word = match[0].replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
    if (word && !FILLER.has(word)) words.push(source.slice(match.index, match.index + match[0].length));
  }
  return words.join(' ');
}

/**
 * The text with the parts of the given filters taken out (a chip removed, or the same filter chosen in the form).
 * A part that also set another filter ("between 300k and 450k" read as two bounds) leaves that one written back.
 */
export function removeQueryParts(text: string, places: QueryPlaces, keys: readonly QueryPartKey[]): string {
  const parsed = parseSearchQuery(text, places);
  const source = lower(text).length === text.length ? text : lower(text);
  const spans = parsed.parts.filter((part) => keys.includes(part.key));
  // One span may hold two parts (a price range): each span is cut once, from the end so earlier spans keep their place.
  const starts = [...new Set(spans.map((span) => span.start))].sort((a, b) => b - a);
  let out = source;
  for (const start of starts) {
    const together = parsed.parts.filter((part) => part.start === start);
    const replacement = together
      .filter((part) => !keys.includes(part.key))
      .map(writePart)
      .join(' ');
    out = out.slice(0, start) + replacement + out.slice(together[0]!.end);
  }
  return out.replace(/\s+/g, ' ').trim();
}

const shortPrice = (price: number) =>
  price >= 1_000_000 ? `${price / 1_000_000}m` : price >= 1_000 ? `${price / 1_000}k` : String(price);

/** A part written back as words the parser reads the same way. */
function writePart(part: QueryPart): string {
  switch (part.key) {
    case 'minPrice':
      return `over ${shortPrice(part.value as number)}`;
    case 'maxPrice':
      return `under ${shortPrice(part.value as number)}`;
    case 'beds':
      return `${part.value} bed`;
    case 'baths':
      return `${part.value} bath`;
    default:
      return String(part.value);
  }
}
