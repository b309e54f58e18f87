/**
 * The listing create/edit modal (SPEC §2 "Admin listings page", §5): Property Title*, Community*, Address*,
 * Description, Price*, Property Type, Bedrooms*, Bathrooms* (step 0.5), Square Feet*, Status. Numbers are
 * normalised before sending; a failed save shows the server's message or 'Failed to save listing'.
 * Below them (SPEC §3 `images`, `features`; issue 17): the photos, the first being the cover, and the features.
 * The form is react-hook-form over listing-form.ts, run by useRecordForm; it waits for photo uploads to finish.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch } from 'react-hook-form';
import { LISTING_STATUSES, LISTING_TYPES, MESSAGES, type Community, type Listing } from '@domain/index';
import { Modal } from '@/components/modal';
import { LISTING_TYPE_LABELS } from '@/components/listing-labels';
import { LISTING_STATUS_LABELS } from './labels';
import {
  LISTING_FORM_FIELDS,
  emptyListingForm,
  listingFormSchema,
  listingToForm,
  type ListingFormState,
} from './listing-form';
import { ListingPhotosField } from './listing-photos-field';
import { BATHROOM_COUNT, ROOM_COUNT, WHOLE_NUMBER, recordFields } from './record-fields';
import { RecordForm, RecordFormActions } from './record-form';
import { TagInput } from './tag-input';
import { useRecordForm, useRunningUploads, type SavedResult } from './use-record-form';

interface ListingModalProps {
  listing?: Listing | undefined;
  communities: Community[];
  communitiesLoading: boolean;
  onClose: () => void;
  onSaved: (result: SavedResult<Listing>) => void;
  onConflict?: () => void;
}

const resolver = zodResolver(listingFormSchema);
const { InputField, SelectField, TextAreaField, useField } = recordFields<ListingFormState>();
const TYPE_OPTIONS = LISTING_TYPES.map((type) => ({ value: type, label: LISTING_TYPE_LABELS[type] }));
const STATUS_OPTIONS = LISTING_STATUSES.map((status) => ({ value: status, label: LISTING_STATUS_LABELS[status] }));
// `images.2` (a server detail on one photo's URL) belongs to that photo's row.
const isKnownPath = (path: string) => (LISTING_FORM_FIELDS as readonly string[]).includes(path.split('.')[0]!);

export function ListingModal({
  listing,
  communities,
  communitiesLoading,
  onClose,
  onSaved,
  onConflict,
}: ListingModalProps) {
  const editing = Boolean(listing);
  const [uploads, trackUpload] = useRunningUploads();
  const recordForm = useRecordForm({
    entity: 'listings',
    record: listing,
    initialValues: () => (listing ? listingToForm(listing) : emptyListingForm()),
    resolver,
    failureMessage: MESSAGES.listingSaveFailed,
    isKnownPath,
    guardId: 'admin-listing-modal',
    onSaved,
    onConflict,
    onClose,
    dialogTitleId: 'listing-modal-title',
    blocked: uploads > 0,
  });
  const { form, requestClose } = recordForm;
  const { control } = form;

  const communityId = useWatch({ control, name: 'communityId' });
  const knownCommunity = communities.some((community) => community.id === communityId);
  const waitingForCommunities = communitiesLoading && communities.length === 0;

  return (
    <Modal
      titleId="listing-modal-title"
      title={editing ? 'Edit Listing' : 'Add Listing'}
      onClose={() => void requestClose()}
    >
      <RecordForm recordForm={recordForm} className="content-form listing-form">
        <InputField name="title" id="listing-title" label="Property Title" required />
        <SelectField
          name="communityId"
          id="listing-community"
          label="Community"
          required
          disabled={waitingForCommunities}
          options={communities.map((community) => ({ value: community.id, label: community.name }))}
        >
          <option value="">{waitingForCommunities ? 'Loading communities...' : 'Select a community'}</option>
          {communityId && !knownCommunity && !communitiesLoading && (
            <option value={communityId}>Unknown community</option>
          )}
        </SelectField>
        <InputField name="address" id="listing-address" label="Address" required autoComplete="off" />
        <TextAreaField name="description" id="listing-description" label="Description" rows={4} />
        <div className="form__row">
          <InputField name="price" id="listing-price" label="Price" required {...WHOLE_NUMBER} />
          <SelectField name="type" id="listing-type" label="Property Type" options={TYPE_OPTIONS} />
        </div>
        <div className="form__row form__row--3">
          <InputField name="bedrooms" id="listing-bedrooms" label="Bedrooms" required {...ROOM_COUNT} />
          <InputField name="bathrooms" id="listing-bathrooms" label="Bathrooms" required {...BATHROOM_COUNT} />
          <InputField name="sqft" id="listing-sqft" label="Square Feet" required {...WHOLE_NUMBER} />
        </div>
        <SelectField name="status" id="listing-status" label="Status" options={STATUS_OPTIONS} />
        <ListingPhotosField onBusyChange={trackUpload} />
        <FeaturesField />
        <RecordFormActions
          recordForm={recordForm}
          noun="Listing"
          waitingText="Waiting for the photo uploads to finish..."
        />
      </RecordForm>
    </Modal>
  );
}

function FeaturesField() {
  const field = useField('features');
  return (
    <TagInput
      id="listing-features"
      label="Features"
      itemName="feature"
      placeholder="e.g. Quartz countertops"
      values={field.value}
      error={field.error}
      onChange={field.onChange}
    />
  );
}
