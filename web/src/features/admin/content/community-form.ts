/**
 * The community modal's form state and its conversion to the API input (SPEC §3 Community, §5): numbers are kept
 * as typed until save, then normalised (totalHomes a non-negative integer, invalid → 0); a home model's price is a
 * number when it reads as one ("349990", "$349,990") and text otherwise ("From the $300s"). Validation is the
 * domain schema the server uses, so field errors carry the same paths as the server's 400 details.
 */
import {
  communityInputSchema,
  sectionsSchema,
  themeSchema,
  toBathrooms,
  toBedrooms,
  toNonNegativeInteger,
  type Community,
  type CommunitySections,
  type Coordinates,
  type Theme,
} from '@domain/index';
import { withKeptImagesAsUploads } from '@/data/repositories/admin/upload';
import { formTexts, numberText } from './number-fields';
import { recordFormSchema } from './record-form-schema';
import { formToSalesOffice, salesOfficeToForm, type SalesOfficeFormState } from './sales-office-form';
import { zodFieldErrors, type FieldErrors } from './save-errors';

export interface HomeRow {
  name: string;
  price: string;
  bedrooms: string;
  bathrooms: string;
  sqft: string;
}

export interface BuilderRow {
  name: string;
  description: string;
  contact: string;
}

export interface CommunityFormState {
  name: string;
  location: string;
  description: string;
  priceRange: string;
  totalHomes: string;
  image: string;
  imageAlt: string;
  amenities: string[];
  schools: string[];
  theme: Theme;
  sections: CommunitySections;
  homes: HomeRow[];
  builders: BuilderRow[];
  /** Sales-office hours and payment-estimate defaults (sales-office-form.ts). */
  office: SalesOfficeFormState;
  /** The map position as typed; both empty: no position. */
  coordinates: { lat: string; lng: string };
}

export const emptyHomeRow = (): HomeRow => ({ name: '', price: '', bedrooms: '', bathrooms: '', sqft: '' });
export const emptyBuilderRow = (): BuilderRow => ({ name: '', description: '', contact: '' });

export function emptyCommunityForm(): CommunityFormState {
  return {
    name: '',
    location: '',
    description: '',
    priceRange: '',
    totalHomes: '',
    image: '',
    imageAlt: '',
    amenities: [],
    schools: [],
    theme: themeSchema.parse({}),
    sections: sectionsSchema.parse({}),
    homes: [],
    builders: [],
    office: salesOfficeToForm(undefined),
    coordinates: { lat: '', lng: '' },
  };
}

/** The form state of a stored community; missing nested parts take the schema defaults. */
export function communityToForm(community: Community): CommunityFormState {
  const defaults = emptyCommunityForm();
  const sections = community.sections ?? defaults.sections;
  return {
    ...formTexts(community, ['name', 'location', 'description', 'priceRange', 'image', 'imageAlt'], ['totalHomes']),
    amenities: [...(community.amenities ?? [])],
    schools: [...(community.schools ?? [])],
    theme: { ...defaults.theme, ...community.theme },
    sections: {
      hero: { ...defaults.sections.hero, ...sections.hero },
      about: { ...defaults.sections.about, ...sections.about },
      homes: { ...defaults.sections.homes, ...sections.homes },
      builders: { ...defaults.sections.builders, ...sections.builders },
    },
    homes: (community.homes ?? []).map((home) => ({
      name: home.name,
      price: typeof home.price === 'number' ? String(home.price) : (home.price ?? ''),
      bedrooms: numberText(home.bedrooms),
      bathrooms: numberText(home.bathrooms),
      sqft: numberText(home.sqft),
    })),
    builders: (community.builders ?? []).map((builder) => ({
      name: builder.name,
      description: builder.description ?? '',
      contact: builder.contact ?? '',
    })),
    office: salesOfficeToForm(community),
    coordinates: {
      lat: numberText(community.coordinates?.lat),
      lng: numberText(community.coordinates?.lng),
    },
  };
}

/** "349990", "$349,990" and "349990.5" are numbers; anything else ("From the $300s", "") stays text. */
export function homePrice(raw: string): number | string {
  const text = raw.trim();
  const plain = text.replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** What the modal saves: every field of a community except its id, slug and record metadata. */
export type CommunityFormInput = Omit<
  Community,
  'id' | 'slug' | 'createdAt' | 'updatedAt' | 'version' | 'coordinates'
> & {
  /** null: both fields empty, no position (sent so that a stored one is removed). */
  coordinates: Coordinates | null;
};

/** The API input of a form state, with SPEC §5's numeric normalisation applied. */
export function formToCommunityInput(form: CommunityFormState): CommunityFormInput {
  return {
    name: form.name.trim(),
    location: form.location.trim(),
    description: form.description.trim(),
    priceRange: form.priceRange.trim(),
    totalHomes: toNonNegativeInteger(form.totalHomes),
    image: form.image.trim(),
    imageAlt: form.imageAlt.trim(),
    amenities: form.amenities,
    schools: form.schools,
    theme: {
      primaryColor: form.theme.primaryColor.trim(),
      borderRadius: form.theme.borderRadius.trim(),
      borderRadiusLarge: form.theme.borderRadiusLarge.trim(),
    },
    sections: {
      ...form.sections,
      hero: {
        ...form.sections.hero,
        backgroundColor: form.sections.hero.backgroundColor.trim(),
        backgroundImage: form.sections.hero.backgroundImage.trim(),
      },
    },
    homes: form.homes.map((home) => ({
      name: home.name.trim(),
      price: homePrice(home.price),
      bedrooms: toBedrooms(home.bedrooms),
      bathrooms: toBathrooms(home.bathrooms),
      sqft: toNonNegativeInteger(home.sqft),
    })),
    builders: form.builders.map((builder) => ({
      name: builder.name.trim(),
      description: builder.description.trim(),
      contact: builder.contact.trim(),
    })),
    ...formToSalesOffice(form.office),
    coordinates: formToCoordinates(form.coordinates),
  };
}

/** No position when both are empty; otherwise both must be numbers in the region (a blank one reads as NaN). */
function formToCoordinates({ lat, lng }: CommunityFormState['coordinates']): CommunityFormInput['coordinates'] {
  if (lat.trim() === '' && lng.trim() === '') return null;
  const degrees = (text: string) => (text.trim() === '' ? NaN : Number(text));
  return { lat: degrees(lat), lng: degrees(lng) };
}

/** Field errors of a form state, keyed by the schema path (`name`, `theme.primaryColor`, `homes.0.name`). */
export function validateCommunityForm(form: CommunityFormState): FieldErrors {
  const input = formToCommunityInput(form);
  // No position (null) is checked as the create schema sees it: the field left out.
  const result = communityInputSchema.safeParse(
    withKeptImagesAsUploads({ ...input, coordinates: input.coordinates ?? undefined }),
  );
  return result.success ? {} : zodFieldErrors(result.error);
}

/** The modal's zodResolver schema: validateCommunityForm's messages at their paths; a valid form's API input. */
export const communityFormSchema = recordFormSchema(validateCommunityForm, formToCommunityInput);

/** The modal's collapsible parts, and which field paths live in each (to open the part that has an error). */
export const COMMUNITY_FORM_PARTS = [
  'details',
  'image',
  'sections',
  'theme',
  'homes',
  'builders',
  'lists',
  'office',
] as const;
export type CommunityFormPart = (typeof COMMUNITY_FORM_PARTS)[number];

export function partOfPath(path: string): CommunityFormPart {
  const head = path.split('.')[0] ?? '';
  if (head === 'image' || head === 'imageAlt') return 'image';
  if (head === 'sections') return 'sections';
  if (head === 'theme') return 'theme';
  if (head === 'homes') return 'homes';
  if (head === 'builders') return 'builders';
  if (head === 'amenities' || head === 'schools') return 'lists';
  if (head === 'salesOfficeHours' || head === 'ownershipCosts') return 'office';
  return 'details';
}
