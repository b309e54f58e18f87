/**
 * The community create/edit modal (SPEC §2 "Admin communities page", §3, §5). The basic fields and the image come
 * first; the page sections, theme, home models, builders, amenities and schools are collapsible parts below them
 * (a part with an error opens itself). Saving goes through the repository: online it creates or updates, offline
 * it is queued on the device (the caller's toast says which). Closing with unsaved changes asks first.
 *
 * The form is react-hook-form over community-form.ts (its state, checks and API input), run by useRecordForm like
 * the listing modal and the property form; each part is a component of its own (community-*-part(s).tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { MESSAGES, type Community } from '@domain/index';
import { Modal } from '@/components/modal';
import {
  communityFormSchema,
  communityToForm,
  emptyCommunityForm,
  partOfPath,
  type CommunityFormPart,
} from './community-form';
import {
  CommunityDetailsPart,
  CommunityImagePart,
  CommunityListsPart,
  CommunityOfficePart,
} from './community-details-parts';
import type { CommunityParts } from './community-part';
import { CommunityBuildersPart, CommunityHomesPart } from './community-rows-parts';
import { CommunitySectionsPart } from './community-sections-part';
import { CommunityThemePart } from './community-theme-part';
import { RecordForm, RecordFormActions } from './record-form';
import { useRecordForm, useRunningUploads, type SavedResult } from './use-record-form';

interface CommunityModalProps {
  /** The community to edit; absent to create one. */
  community?: Community | undefined;
  onClose: () => void;
  onSaved: (result: SavedResult<Community>) => void;
  /** A 412: the page reloads its list so it shows the other admin's version. */
  onConflict?: () => void;
}

const resolver = zodResolver(communityFormSchema);
const isKnownPath = (path: string) => path !== 'id' && path !== 'slug';

export function CommunityModal({ community, onClose, onSaved, onConflict }: CommunityModalProps) {
  const editing = Boolean(community);
  const [uploads, trackUpload] = useRunningUploads();
  const [open, setOpen] = useState<ReadonlySet<CommunityFormPart>>(() => new Set(['details', 'image']));
  const parts: CommunityParts = {
    open,
    toggle: (part, isOpen) =>
      setOpen((previous) => {
        if (previous.has(part) === isOpen) return previous;
        const next = new Set(previous);
        if (isOpen) next.add(part);
        else next.delete(part);
        return next;
      }),
  };

  const recordForm = useRecordForm({
    entity: 'communities',
    record: community,
    initialValues: () => (community ? communityToForm(community) : emptyCommunityForm()),
    resolver,
    failureMessage: MESSAGES.communitySaveFailed,
    isKnownPath,
    guardId: 'admin-community-modal',
    onSaved,
    onConflict,
    onClose,
    dialogTitleId: 'community-modal-title',
    blocked: uploads > 0,
    onShowErrors: (paths) => setOpen((previous) => new Set([...previous, ...paths.map(partOfPath)])),
    scrollToFocus: true,
  });
  const { requestClose, focusField } = recordForm;

  return (
    <Modal
      titleId="community-modal-title"
      title={editing ? 'Edit Community' : 'Add Community'}
      description={editing ? `Changes to ${community!.name} show on its public page once saved.` : undefined}
      onClose={() => void requestClose()}
    >
      <RecordForm recordForm={recordForm} className="content-form community-form">
        <CommunityDetailsPart parts={parts} />
        <CommunityImagePart parts={parts} onUploadBusy={trackUpload} />
        <CommunitySectionsPart parts={parts} onUploadBusy={trackUpload} />
        <CommunityThemePart parts={parts} />
        <CommunityHomesPart parts={parts} focusField={focusField} />
        <CommunityBuildersPart parts={parts} focusField={focusField} />
        <CommunityListsPart parts={parts} />
        <CommunityOfficePart parts={parts} />

        <RecordFormActions
          recordForm={recordForm}
          noun="Community"
          waitingText="Waiting for the image upload to finish..."
        />
      </RecordForm>
    </Modal>
  );
}
