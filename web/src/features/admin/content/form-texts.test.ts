/**
 * formTexts (number-fields.ts): a stored record's plain fields as its form holds them, as listingToForm,
 * propertyToForm and communityToForm use it.
 */
import { describe, expect, it } from 'vitest';
import type { Property } from '@domain/index';
import { formTexts } from './number-fields';
import { propertyToForm } from './property-form';

describe('formTexts', () => {
  it('keeps texts, writes numbers as text, and gives an empty string for a missing or unreadable value', () => {
    const record = { title: 'Oak', city: undefined, price: 350000, bedrooms: undefined, sqft: Number.NaN };
    expect(formTexts(record, ['title', 'city'], ['price', 'bedrooms', 'sqft'])).toEqual({
      title: 'Oak',
      city: '',
      price: '350000',
      bedrooms: '',
      sqft: '',
    });
  });

  it('gives a stored property its form state, field by field', () => {
    const property = {
      id: 'p1',
      title: 'Lot 4',
      propertyType: 'LAND',
      address: '12 Elm St',
      city: 'Katy',
      state: 'TX',
      zipCode: '77494',
      price: 120000.5,
      status: 'PENDING',
      squareFeet: 9000,
    } as Property;
    expect(propertyToForm(property)).toEqual({
      title: 'Lot 4',
      propertyType: 'LAND',
      address: '12 Elm St',
      city: 'Katy',
      state: 'TX',
      zipCode: '77494',
      price: '120000.5',
      status: 'PENDING',
      bedrooms: '',
      bathrooms: '',
      squareFeet: '9000',
      description: '',
    });
  });
});
