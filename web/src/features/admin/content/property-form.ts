/**
 * The properties page's inline form state and its API input (SPEC §3 Property, §5): title, address, city, state,
 * ZIP and price (0 or more) are required; on save price and bathrooms become decimals, bedrooms and square feet
 * integers, and anything invalid becomes 0.
 */
import {
  DEFAULT_PROPERTY_STATUS,
  DEFAULT_PROPERTY_TYPE,
  propertyInputSchema,
  toBathrooms,
  toBedrooms,
  toNonNegativeDecimal,
  toNonNegativeInteger,
  type Property,
} from '@domain/index';
import { checkNumber, formTexts } from './number-fields';
import { recordFormSchema } from './record-form-schema';
import { zodFieldErrors, type FieldErrors } from './save-errors';

export interface PropertyFormState {
  title: string;
  propertyType: Property['propertyType'];
  address: string;
  city: string;
  state: string;
  zipCode: string;
  price: string;
  status: Property['status'];
  bedrooms: string;
  bathrooms: string;
  squareFeet: string;
  description: string;
}

export type PropertyFormInput = Omit<Property, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export const PROPERTY_FORM_FIELDS = [
  'title',
  'propertyType',
  'address',
  'city',
  'state',
  'zipCode',
  'price',
  'status',
  'bedrooms',
  'bathrooms',
  'squareFeet',
  'description',
] as const;

export function emptyPropertyForm(): PropertyFormState {
  return {
    title: '',
    propertyType: DEFAULT_PROPERTY_TYPE,
    address: '',
    city: '',
    state: '',
    zipCode: '',
    price: '',
    status: DEFAULT_PROPERTY_STATUS,
    bedrooms: '',
    bathrooms: '',
    squareFeet: '',
    description: '',
  };
}

export function propertyToForm(property: Property): PropertyFormState {
  return {
    ...formTexts(
      property,
      ['title', 'address', 'city', 'state', 'zipCode', 'description'],
      ['price', 'bedrooms', 'bathrooms', 'squareFeet'],
    ),
    propertyType: property.propertyType ?? DEFAULT_PROPERTY_TYPE,
    status: property.status ?? DEFAULT_PROPERTY_STATUS,
  };
}

export function formToPropertyInput(form: PropertyFormState): PropertyFormInput {
  return {
    title: form.title.trim(),
    propertyType: form.propertyType,
    address: form.address.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    zipCode: form.zipCode.trim(),
    price: toNonNegativeDecimal(form.price),
    status: form.status,
    bedrooms: toBedrooms(form.bedrooms),
    bathrooms: toBathrooms(form.bathrooms),
    squareFeet: toNonNegativeInteger(form.squareFeet),
    description: form.description.trim(),
  };
}

export function validatePropertyForm(form: PropertyFormState): FieldErrors {
  const errors: FieldErrors = {};
  const numbers = {
    price: checkNumber(form.price, { label: 'Price', required: true }),
    bedrooms: checkNumber(form.bedrooms, { label: 'Bedrooms', rooms: true }),
    bathrooms: checkNumber(form.bathrooms, { label: 'Bathrooms', rooms: true, halfSteps: true }),
    squareFeet: checkNumber(form.squareFeet, { label: 'Square Feet' }),
  };
  const parsed = propertyInputSchema.safeParse(formToPropertyInput(form));
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  for (const [field, message] of Object.entries(numbers)) if (message) errors[field] = message;
  return errors;
}

/** The property form's zodResolver schema: validatePropertyForm's messages at their fields; a valid form's API input. */
export const propertyFormSchema = recordFormSchema(validatePropertyForm, formToPropertyInput);

/** "1314 Harvard Street, Houston, TX 77008" (parts that are empty are left out). */
export function fullAddress(property: Pick<Property, 'address' | 'city' | 'state' | 'zipCode'>): string {
  const stateZip = [property.state, property.zipCode].filter(Boolean).join(' ');
  return [property.address, property.city, stateZip].filter(Boolean).join(', ');
}
