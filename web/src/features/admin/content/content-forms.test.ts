import { describe, expect, it } from 'vitest';
import {
  communityInputSchema,
  communityUpdateSchema,
  listingInputSchema,
  propertyInputSchema,
  type Community,
} from '@domain/index';
import { ApiError } from '@/data/http-errors';
import {
  communityToForm,
  emptyCommunityForm,
  emptyHomeRow,
  formToCommunityInput,
  homePrice,
  partOfPath,
  validateCommunityForm,
} from './community-form';
import { emptyListingForm, formToListingInput, validateListingForm } from './listing-form';
import { emptyPropertyForm, formToPropertyInput, fullAddress, validatePropertyForm } from './property-form';
import { describeSaveError } from './save-errors';
import { matchesSearch } from './search-box';

describe('community form', () => {
  it('requires name, location and description with the schema messages', () => {
    expect(validateCommunityForm(emptyCommunityForm())).toEqual({
      name: 'Community Name is required',
      location: 'Location is required',
      description: 'Description is required',
    });
  });

  it('turns an invalid or negative Total Homes into 0 and keeps a valid one as an integer', () => {
    const base = { ...emptyCommunityForm(), name: 'N', location: 'L', description: 'D' };
    expect(formToCommunityInput({ ...base, totalHomes: 'abc' }).totalHomes).toBe(0);
    expect(formToCommunityInput({ ...base, totalHomes: '-4' }).totalHomes).toBe(0);
    expect(formToCommunityInput({ ...base, totalHomes: '120.7' }).totalHomes).toBe(120);
    expect(validateCommunityForm({ ...base, totalHomes: 'abc' })).toEqual({});
  });

  it('reads a home price as a number when it is one and as text otherwise', () => {
    expect(homePrice('349990')).toBe(349990);
    expect(homePrice('$349,990')).toBe(349990);
    expect(homePrice('From the $300s')).toBe('From the $300s');
    expect(homePrice('  ')).toBe('');
  });

  it('keys row errors by the server path and files them under their part', () => {
    const form = { ...emptyCommunityForm(), name: 'N', location: 'L', description: 'D', homes: [emptyHomeRow()] };
    const errors = validateCommunityForm(form);
    expect(errors).toEqual({ 'homes.0.name': 'Home name is required' });
    expect(partOfPath('homes.0.name')).toBe('homes');
    expect(partOfPath('theme.primaryColor')).toBe('theme');
    expect(partOfPath('sections.hero.title')).toBe('sections');
    expect(partOfPath('name')).toBe('details');
  });

  it('flags a theme colour that is not #RRGGBB', () => {
    const form = { ...emptyCommunityForm(), name: 'N', location: 'L', description: 'D' };
    form.theme = { ...form.theme, primaryColor: 'red' };
    expect(validateCommunityForm(form)['theme.primaryColor']).toBe('Use a colour in the form #RRGGBB');
  });

  it('round-trips a stored community into an input the server schema accepts', () => {
    const stored = communityInputSchema.parse({
      name: 'Austin Point',
      location: 'Richmond, TX',
      description: 'Lakes',
      totalHomes: 2400,
      amenities: ['Pool'],
      homes: [{ name: 'The Pecan', price: 349990, bedrooms: 4, bathrooms: 2.5, sqft: 2450 }],
      builders: [{ name: 'Gulf Coast Homes' }],
    });
    const community = {
      ...stored,
      id: 'c1',
      slug: 'austin-point',
      createdAt: '',
      updatedAt: '',
      version: 3,
    } as Community;
    const input = formToCommunityInput(communityToForm(community));
    // An edit's input: no position reads as null, which an update takes as "remove" (a create leaves it out).
    expect(input.coordinates).toBeNull();
    expect(communityUpdateSchema.safeParse(input).success).toBe(true);
    expect(input.homes[0]).toEqual({ name: 'The Pecan', price: 349990, bedrooms: 4, bathrooms: 2.5, sqft: 2450 });
    expect(input.totalHomes).toBe(2400);
  });
});

describe('listing form', () => {
  it('gives inline messages for missing required fields', () => {
    expect(validateListingForm(emptyListingForm())).toEqual({
      title: 'Property Title is required',
      communityId: 'Community is required',
      address: 'Address is required',
      price: 'Price is required',
      bedrooms: 'Bedrooms is required',
      bathrooms: 'Bathrooms is required',
      sqft: 'Square Feet is required',
    });
  });

  it('checks ranges and half steps', () => {
    const form = {
      ...emptyListingForm('c1'),
      title: 'T',
      address: 'A',
      price: '-1',
      bedrooms: '21',
      bathrooms: '2.3',
      sqft: '1000',
    };
    expect(validateListingForm(form)).toEqual({
      price: 'Must be 0 or more',
      bedrooms: 'Must be between 0 and 20',
      bathrooms: 'Use half steps (e.g. 2.5)',
    });
  });

  it('normalises numbers before sending (non-numeric becomes 0)', () => {
    const form = {
      ...emptyListingForm('c1'),
      title: ' T ',
      address: 'A',
      price: '425000.9',
      bedrooms: '3',
      bathrooms: '2.5',
      sqft: 'x',
    };
    const input = formToListingInput(form);
    expect(input).toMatchObject({ title: 'T', price: 425000, bedrooms: 3, bathrooms: 2.5, sqft: 0, type: 'HOUSE' });
    expect(listingInputSchema.safeParse(input).success).toBe(true);
  });

  it('names the photo limit in words (the modal shows it under the photos, not zod’s array wording)', () => {
    const form = {
      ...emptyListingForm('c1'),
      title: 'T',
      address: 'A',
      price: '425000',
      bedrooms: '3',
      bathrooms: '2',
      sqft: '1800',
      images: Array.from({ length: 51 }, (_, index) => ({ url: `/uploads/p${index}-1000.webp`, alt: '' })),
    };
    expect(validateListingForm(form)).toEqual({ images: 'A listing has at most 50 photos' });
    form.images.pop();
    expect(validateListingForm(form)).toEqual({});
  });
});

describe('property form', () => {
  it('requires title, address, city, state, ZIP and price', () => {
    expect(Object.keys(validatePropertyForm(emptyPropertyForm())).sort()).toEqual(
      ['address', 'city', 'price', 'state', 'title', 'zipCode'].sort(),
    );
  });

  it('makes price and bathrooms decimals, bedrooms and square feet integers, invalid 0', () => {
    const input = formToPropertyInput({
      ...emptyPropertyForm(),
      title: 'T',
      address: 'A',
      city: 'Houston',
      state: 'TX',
      zipCode: '77008',
      price: '625000.5',
      bedrooms: '3.7',
      bathrooms: '2.5',
      squareFeet: '',
    });
    expect(input).toMatchObject({ price: 625000.5, bedrooms: 3, bathrooms: 2.5, squareFeet: 0 });
    expect(input.propertyType).toBe('SINGLE_FAMILY');
    expect(propertyInputSchema.safeParse(input).success).toBe(true);
  });

  it('writes the full address', () => {
    expect(fullAddress({ address: '1314 Harvard Street', city: 'Houston', state: 'TX', zipCode: '77008' })).toBe(
      '1314 Harvard Street, Houston, TX 77008',
    );
    expect(fullAddress({ address: 'Lot 4', city: '', state: '', zipCode: '' })).toBe('Lot 4');
  });
});

describe('describeSaveError', () => {
  it('places 400 details on known fields and keeps the rest in the message', () => {
    const error = new ApiError('Network error: Invalid input', 400, {
      serverMessage: 'Invalid input',
      details: [
        { path: 'name', message: 'Community Name is required' },
        { path: 'slug', message: 'Already in use' },
      ],
    });
    expect(describeSaveError(error, 'Failed', { isKnownPath: (path) => path !== 'slug' })).toEqual({
      conflict: false,
      message: 'Invalid input (slug: Already in use)',
      fieldErrors: { name: 'Community Name is required' },
    });
  });

  it('reports a 412 as a conflict', () => {
    expect(describeSaveError(new ApiError('x', 412), 'Failed').conflict).toBe(true);
  });

  it('uses the fallback for errors without a server text, or always with fixedMessage', () => {
    expect(describeSaveError(new Error('boom'), 'Failed to save listing').message).toBe('Failed to save listing');
    const refused = new ApiError('Network error: Nope', 409, { serverMessage: 'Nope' });
    expect(describeSaveError(refused, 'Failed to save listing').message).toBe('Nope');
    expect(
      describeSaveError(refused, 'Failed to save property. Please try again.', { fixedMessage: true }).message,
    ).toBe('Failed to save property. Please try again.');
  });
});

describe('matchesSearch', () => {
  it('matches any field case-insensitively and everything for an empty query', () => {
    expect(matchesSearch('RICH', 'Austin Point', 'Richmond, TX')).toBe(true);
    expect(matchesSearch('katy', 'Austin Point', 'Richmond, TX')).toBe(false);
    expect(matchesSearch('  ', 'anything')).toBe(true);
  });
});
