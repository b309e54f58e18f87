/** schema.org JSON-LD builders shared by the page heads (DESIGN §4 "Server-side rendering"). */
import { absoluteUrl } from './absolute-url';

const CONTEXT = 'https://schema.org';

export function breadcrumbList(origin: string, items: readonly (readonly [string, string])[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(origin, path),
    })),
  };
}

/** "2357 Pecan Bayou Lane, Richmond, TX 77469" or "Richmond, TX" → a PostalAddress (as much as can be read). */
export function postalAddress(text: string) {
  const parts = text.split(',').map((part) => part.trim());
  const regionZip = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(parts[parts.length - 1] ?? '');
  const address: Record<string, string> = { '@type': 'PostalAddress', addressCountry: 'US' };
  if (!regionZip || parts.length < 2) return { ...address, streetAddress: text };
  address.addressRegion = regionZip[1]!;
  if (regionZip[2]) address.postalCode = regionZip[2];
  address.addressLocality = parts[parts.length - 2]!;
  if (parts.length > 2) address.streetAddress = parts.slice(0, -2).join(', ');
  return address;
}

export { CONTEXT as SCHEMA_CONTEXT };
