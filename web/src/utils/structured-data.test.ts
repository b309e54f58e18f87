import { describe, expect, it } from 'vitest';
import { breadcrumbList, postalAddress } from './structured-data';

describe('postalAddress', () => {
  it('reads street, city, state and ZIP', () => {
    expect(postalAddress('2357 Pecan Bayou Lane, Richmond, TX 77469')).toEqual({
      '@type': 'PostalAddress',
      addressCountry: 'US',
      streetAddress: '2357 Pecan Bayou Lane',
      addressLocality: 'Richmond',
      addressRegion: 'TX',
      postalCode: '77469',
    });
  });

  it('reads a community location', () => {
    expect(postalAddress('Richmond, TX')).toMatchObject({ addressLocality: 'Richmond', addressRegion: 'TX' });
  });

  it('keeps unparseable text as the street address', () => {
    expect(postalAddress('Somewhere north of town')).toMatchObject({ streetAddress: 'Somewhere north of town' });
  });
});

describe('breadcrumbList', () => {
  it('numbers the items and makes their URLs absolute', () => {
    expect(
      breadcrumbList('https://homes.example.com', [
        ['Home', '/'],
        ['Communities', '/communities'],
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://homes.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Communities', item: 'https://homes.example.com/communities' },
    ]);
  });
});
