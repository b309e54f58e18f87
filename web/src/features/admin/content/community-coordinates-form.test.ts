import { describe, expect, it } from 'vitest';
import { LATITUDE_OUTSIDE_HOUSTON, LONGITUDE_OUTSIDE_HOUSTON } from '@domain/schemas/community';
import {
  emptyCommunityForm,
  formToCommunityInput,
  validateCommunityForm,
  type CommunityFormState,
} from './community-form';

const form = (lat: string, lng: string): CommunityFormState => ({
  ...emptyCommunityForm(),
  name: 'Willow Bend',
  location: 'Katy, TX',
  description: 'A community.',
  coordinates: { lat, lng },
});

describe('the community form position (issue 17)', () => {
  it('saves no position when both fields are empty (null: a stored one is removed)', () => {
    expect(formToCommunityInput(form('', '  ')).coordinates).toBeNull();
    expect(validateCommunityForm(form('', ''))).toEqual({});
  });

  it('saves the typed numbers inside the region', () => {
    expect(formToCommunityInput(form(' 29.79', '-95.8 ')).coordinates).toEqual({ lat: 29.79, lng: -95.8 });
    expect(validateCommunityForm(form('29.79', '-95.8'))).toEqual({});
  });

  it('puts the region message on the field that is outside it, or missing', () => {
    expect(validateCommunityForm(form('40.71', '-95.8'))).toEqual({ 'coordinates.lat': LATITUDE_OUTSIDE_HOUSTON });
    expect(validateCommunityForm(form('29.79', '95.8'))).toEqual({ 'coordinates.lng': LONGITUDE_OUTSIDE_HOUSTON });
    expect(validateCommunityForm(form('29.79', ''))).toEqual({ 'coordinates.lng': LONGITUDE_OUTSIDE_HOUSTON });
    expect(validateCommunityForm(form('abc', '-95.8'))).toEqual({ 'coordinates.lat': LATITUDE_OUTSIDE_HOUSTON });
  });
});
