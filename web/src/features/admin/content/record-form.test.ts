import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  communityFormSchema,
  emptyCommunityForm,
  emptyHomeRow,
  formToCommunityInput,
  validateCommunityForm,
  type CommunityFormState,
} from './community-form';
import { emptyListingForm, formToListingInput, listingFormSchema, validateListingForm } from './listing-form';
import { emptyPropertyForm, propertyFormSchema, validatePropertyForm } from './property-form';
import { firstErrorMessage } from './record-fields';
import type { FieldErrors } from './save-errors';

/** What react-hook-form gets from the resolver on a submit. */
async function resolve<Form extends object>(schema: Parameters<typeof zodResolver>[0], form: Form) {
  const resolver = zodResolver(schema as never);
  return (await resolver(form as never, undefined, { fields: {}, shouldUseNativeValidation: false })) as {
    values: unknown;
    errors: Record<string, unknown>;
  };
}

/** react-hook-form's nested errors as the flat `path → message` map the pure checks return. */
function flatten(node: unknown, path = '', out: FieldErrors = {}): FieldErrors {
  if (!node || typeof node !== 'object') return out;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string') {
    out[path] = message;
    return out;
  }
  for (const [key, child] of Object.entries(node)) flatten(child, path ? `${path}.${key}` : key, out);
  return out;
}

describe('the forms’ zodResolver schemas', () => {
  it('report exactly the pure checks’ messages, at the same paths (nested as react-hook-form keeps them)', async () => {
    const community: CommunityFormState = { ...emptyCommunityForm(), homes: [emptyHomeRow()] };
    community.theme = { ...community.theme, primaryColor: 'red' };
    community.office.costs.insuranceAnnual = '-5';
    community.office.hours.mon = { open: true, from: '18:00', to: '09:00' };
    const listing = { ...emptyListingForm('c1'), title: 'T', price: '-1', bedrooms: '21', bathrooms: '2.3' };
    const cases = [
      [communityFormSchema, community, validateCommunityForm(community)],
      [listingFormSchema, emptyListingForm(), validateListingForm(emptyListingForm())],
      [listingFormSchema, listing, validateListingForm(listing)],
      [propertyFormSchema, emptyPropertyForm(), validatePropertyForm(emptyPropertyForm())],
    ] as const;
    for (const [schema, form, expected] of cases) {
      const { errors, values } = await resolve(schema, form);
      expect(Object.keys(expected).length).toBeGreaterThan(0);
      expect(flatten(errors)).toEqual(expected);
      expect(values).toEqual({});
    }
    const { errors } = await resolve(communityFormSchema, community);
    expect(errors).toMatchObject({
      homes: [{ name: { message: 'Home name is required' } }],
      salesOfficeHours: { mon: { close: { message: 'Closing time must be after opening time' } } },
      ownershipCosts: { insuranceAnnual: { message: 'Must be 0 or more' } },
    });
  });

  it('hand a valid form to the submit handler as its API input', async () => {
    const community = { ...emptyCommunityForm(), name: ' N ', location: 'L', description: 'D', totalHomes: 'abc' };
    expect(await resolve(communityFormSchema, community)).toEqual({
      errors: {},
      values: formToCommunityInput(community),
    });
    const listing = {
      ...emptyListingForm('c1'),
      title: 'T',
      address: 'A',
      price: '425000',
      bedrooms: '3',
      bathrooms: '2.5',
      sqft: '1800',
    };
    expect(await resolve(listingFormSchema, listing)).toEqual({ errors: {}, values: formToListingInput(listing) });
  });
});

describe('firstErrorMessage', () => {
  it('reads a field’s message, or the first one under a path (a tag list’s item)', () => {
    expect(firstErrorMessage({ type: 'custom', message: 'Location is required', ref: {} })).toBe(
      'Location is required',
    );
    expect(firstErrorMessage([undefined, undefined, { message: 'Too long' }])).toBe('Too long');
    expect(firstErrorMessage({ mon: { close: { message: 'Closing time must be after opening time' } } })).toBe(
      'Closing time must be after opening time',
    );
    expect(firstErrorMessage({ ref: { message: 'not an error' } })).toBeUndefined();
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });
});
