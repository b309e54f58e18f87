/**
 * The listing modal's form state and its API input (SPEC §3 Listing, §5): title, community, address, price,
 * bedrooms (0-20), bathrooms (0-20, half steps) and square feet are required; non-numeric numbers become 0.
 * Photos are edited as rows of URL and alt text (the first is the cover) and sent as the parallel lists `images`
 * and `imageAlts`; features are a list of short texts.
 */
import {
  DEFAULT_LISTING_STATUS,
  DEFAULT_LISTING_TYPE,
  listingInputSchema,
  toBathrooms,
  toBedrooms,
  toNonNegativeInteger,
  type Listing,
} from '@domain/index';
import { withKeptImagesAsUploads } from '@/data/repositories/admin/upload';
import { checkNumber, formTexts } from './number-fields';
import { recordFormSchema } from './record-form-schema';
import { zodFieldErrors, type FieldErrors } from './save-errors';

export interface ListingFormState {
  title: string;
  communityId: string;
  address: string;
  description: string;
  price: string;
  type: Listing['type'];
  bedrooms: string;
  bathrooms: string;
  sqft: string;
  status: Listing['status'];
  /** In display order: the first is the cover. */
  images: ListingPhotoRow[];
  features: string[];
}

/** One photo in the form: its URL (an upload's largest WebP, a site path or an https URL) and its alt text. */
export interface ListingPhotoRow {
  url: string;
  alt: string;
}

export type ListingFormInput = Pick<
  Listing,
  | 'title'
  | 'communityId'
  | 'address'
  | 'description'
  | 'price'
  | 'type'
  | 'bedrooms'
  | 'bathrooms'
  | 'sqft'
  | 'status'
  | 'images'
  | 'imageAlts'
  | 'features'
>;

export const LISTING_FORM_FIELDS = [
  'title',
  'communityId',
  'address',
  'description',
  'price',
  'type',
  'bedrooms',
  'bathrooms',
  'sqft',
  'status',
  'images',
  'features',
] as const;

export function emptyListingForm(communityId = ''): ListingFormState {
  return {
    title: '',
    communityId,
    address: '',
    description: '',
    price: '',
    type: DEFAULT_LISTING_TYPE,
    bedrooms: '',
    bathrooms: '',
    sqft: '',
    status: DEFAULT_LISTING_STATUS,
    images: [],
    features: [],
  };
}

export function listingToForm(listing: Listing): ListingFormState {
  return {
    ...formTexts(
      listing,
      ['title', 'communityId', 'address', 'description'],
      ['price', 'bedrooms', 'bathrooms', 'sqft'],
    ),
    type: listing.type ?? DEFAULT_LISTING_TYPE,
    status: listing.status ?? DEFAULT_LISTING_STATUS,
    images: (listing.images ?? []).map((url, index) => ({ url, alt: listing.imageAlts?.[index] ?? '' })),
    features: [...(listing.features ?? [])],
  };
}

export function formToListingInput(form: ListingFormState): ListingFormInput {
  return {
    title: form.title.trim(),
    communityId: form.communityId,
    address: form.address.trim(),
    description: form.description.trim(),
    price: toNonNegativeInteger(form.price),
    type: form.type,
    bedrooms: toBedrooms(form.bedrooms),
    bathrooms: toBathrooms(form.bathrooms),
    sqft: toNonNegativeInteger(form.sqft),
    status: form.status,
    images: form.images.map((photo) => photo.url.trim()),
    // Trailing empty alt texts are dropped so a listing without any keeps an empty list.
    imageAlts: trimTrailingEmpty(form.images.map((photo) => photo.alt.trim())),
    features: form.features,
  };
}

function trimTrailingEmpty(values: string[]): string[] {
  let end = values.length;
  while (end > 0 && values[end - 1] === '') end -= 1;
  return values.slice(0, end);
}

/** The schema's `images.N` and `imageAlts.N` messages belong to row N's URL and alt text inputs. */
function toFormPath(path: string): string {
  const [, list, index] = /^(images|imageAlts)\.(\d+)$/.exec(path) ?? [];
  if (!list) return path;
  return `images.${index}.${list === 'images' ? 'url' : 'alt'}`;
}

/** Inline messages: the number checks on what was typed, then the domain schema on the normalised input. */
export function validateListingForm(form: ListingFormState): FieldErrors {
  const errors: FieldErrors = {};
  const numbers = {
    price: checkNumber(form.price, { label: 'Price', required: true }),
    bedrooms: checkNumber(form.bedrooms, { label: 'Bedrooms', required: true, rooms: true }),
    bathrooms: checkNumber(form.bathrooms, { label: 'Bathrooms', required: true, rooms: true, halfSteps: true }),
    sqft: checkNumber(form.sqft, { label: 'Square Feet', required: true }),
  };
  const parsed = listingInputSchema.safeParse(withKeptImagesAsUploads(formToListingInput(form)));
  if (!parsed.success) {
    for (const [path, message] of Object.entries(zodFieldErrors(parsed.error))) errors[toFormPath(path)] = message;
  }
  for (const [index, photo] of form.images.entries()) {
    if (!photo.url.trim()) errors[`images.${index}.url`] = 'Upload a photo or enter its URL';
  }
  for (const [field, message] of Object.entries(numbers)) if (message) errors[field] = message;
  return errors;
}

/** The listing modal's zodResolver schema: validateListingForm's messages at their fields; a valid form's API input. */
export const listingFormSchema = recordFormSchema(validateListingForm, formToListingInput);
