import { describe, expect, it } from 'vitest';
import { emptyCommunityForm, formToCommunityInput, validateCommunityForm } from './community-form';
import { emptyListingForm, formToListingInput, validateListingForm } from './listing-form';

// An image chosen offline is a placeholder until the sync worker uploads it (issue 17): the form may be saved with
// it, and the placeholder goes into the queued write as it is (the worker replaces it before sending).
describe('forms holding an image kept on this device', () => {
  it('a listing saves with a kept photo beside an uploaded one; a broken reference is still refused', () => {
    const form = {
      ...emptyListingForm('c1'),
      title: 'The Magnolia',
      address: '1 Main St',
      price: '400000',
      bedrooms: '3',
      bathrooms: '2',
      sqft: '2000',
      images: [
        { url: '/uploads/abc-1600.webp', alt: 'Front' },
        { url: 'pending-upload:0b6c1f1e-7d1a-4c55-9b0e-2f1d7a0c9e11', alt: '' },
      ],
    };
    expect(validateListingForm(form)).toEqual({});
    expect(formToListingInput(form).images[1]).toBe('pending-upload:0b6c1f1e-7d1a-4c55-9b0e-2f1d7a0c9e11');
    expect(validateListingForm({ ...form, images: [{ url: 'javascript:alert(1)', alt: '' }] })).toHaveProperty([
      'images.0.url',
    ]);
  });

  it('a community saves with a kept image and hero background', () => {
    const base = emptyCommunityForm();
    const form = {
      ...base,
      name: 'N',
      location: 'L',
      description: 'D',
      image: 'pending-upload:a1',
      sections: { ...base.sections, hero: { ...base.sections.hero, backgroundImage: 'pending-upload:b2' } },
    };
    expect(validateCommunityForm(form)).toEqual({});
    expect(formToCommunityInput(form).image).toBe('pending-upload:a1');
  });
});
