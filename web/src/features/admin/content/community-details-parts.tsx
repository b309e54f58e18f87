/**
 * The community modal's simpler parts: the basic details, the image, the amenity and school lists, and the sales
 * office with its payment-estimate defaults.
 */
import { useWatch } from 'react-hook-form';
import {
  CommunityPart,
  InputField,
  TextAreaField,
  useCommunityForm,
  useField,
  type PartProps,
  type UploadPartProps,
} from './community-part';
import { ImageUpload } from './image-upload';
import { BANNER_RULE } from './banner-rule';
import { WHOLE_NUMBER } from './record-fields';
import { SalesOfficeFields } from './sales-office-fields';
import { TagInput } from './tag-input';

const DEGREES = { type: 'number', inputMode: 'decimal', step: 'any' } as const;

export function CommunityDetailsPart({ parts }: PartProps) {
  return (
    <CommunityPart parts={parts} part="details" title="Community details">
      <InputField name="name" id="community-name" label="Community Name" required />
      <InputField name="location" id="community-location" label="Location" required placeholder="Richmond, TX" />
      <TextAreaField name="description" id="community-description" label="Description" required rows={4} />
      <div className="form__row">
        <InputField name="priceRange" id="community-price-range" label="Price Range" placeholder="$280s - $550s" />
        <InputField name="totalHomes" id="community-total-homes" label="Total Homes" {...WHOLE_NUMBER} />
      </div>
      {/* The map pin and commute figures; positions outside the Houston region are refused. */}
      <div className="form__row">
        <InputField
          name="coordinates.lat"
          id="community-latitude"
          label="Latitude"
          {...DEGREES}
          placeholder="29.5145"
        />
        <InputField
          name="coordinates.lng"
          id="community-longitude"
          label="Longitude"
          {...DEGREES}
          placeholder="-95.715"
        />
      </div>
    </CommunityPart>
  );
}

export function CommunityImagePart({ parts, onUploadBusy }: UploadPartProps) {
  const { control } = useCommunityForm();
  const image = useField('image');
  const alt = useWatch({ control, name: 'imageAlt' });
  return (
    <CommunityPart parts={parts} part="image" title="Image">
      <ImageUpload
        label="Community image"
        value={image.value}
        alt={alt}
        error={image.error}
        onChange={image.onChange}
        onBusyChange={onUploadBusy}
      />
      <p className="field__hint">{BANNER_RULE}</p>
      <InputField
        name="imageAlt"
        id="community-image-alt"
        label="Image alt text"
        placeholder="Describe what the photo shows"
      />
    </CommunityPart>
  );
}

const TAG_LISTS = [
  { name: 'amenities', label: 'Amenities', itemName: 'amenity', placeholder: 'e.g. Resort-style pool' },
  { name: 'schools', label: 'Schools', itemName: 'school', placeholder: 'e.g. Lamar CISD' },
] as const;

export function CommunityListsPart({ parts }: PartProps) {
  const { control } = useCommunityForm();
  const [amenities, schools] = useWatch({ control, name: ['amenities', 'schools'] });
  return (
    <CommunityPart parts={parts} part="lists" title="Amenities and schools" count={amenities.length + schools.length}>
      {TAG_LISTS.map((list) => (
        <TagListField key={list.name} {...list} />
      ))}
    </CommunityPart>
  );
}

function TagListField({ name, ...tags }: (typeof TAG_LISTS)[number]) {
  const field = useField(name);
  return (
    <TagInput id={`community-${name}`} {...tags} values={field.value} error={field.error} onChange={field.onChange} />
  );
}

export function CommunityOfficePart({ parts }: PartProps) {
  return (
    <CommunityPart parts={parts} part="office" title="Sales office & costs">
      <SalesOfficeFields />
    </CommunityPart>
  );
}
