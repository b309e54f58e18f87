/**
 * One lead, whole (DESIGN §6, issue 18): who, what they asked, where from (links to the listing or community),
 * quick actions (call, email, confirm a visit), the staff's work on it (status, owner, next step, notes) and its
 * timeline, each saved through updateLead with the version the admin started from (a conflict says so).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Lead } from '@domain/schemas/lead';
import { isOverdue } from '@domain/schemas/lead-work';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { formatDateTime } from '../shared/date-time-format';
import { STATUS_TONES, statusLabel } from './lead-labels';
import { LeadFacts } from './lead-facts';
import { LeadQuickActions } from './lead-quick-actions';
import { LeadTimeline } from './lead-timeline';
import { LeadWorkForm } from './lead-work-form';
import { receivedAt, today } from './lead-time';
import { useLeadEditor } from './use-lead-editor';

interface LeadDetailProps {
  lead: Lead;
  communityName: (id: string) => string | undefined;
  owners: LeadOwner[];
  myId: string | undefined;
  backTo: string;
  onSaved: (lead: Lead) => void;
  onDeleted: (id: string) => void;
  onReload: () => void;
}

export function LeadDetail(props: LeadDetailProps) {
  const { lead, communityName, owners, myId, backTo, onSaved, onDeleted, onReload } = props;
  const baseId = useId();
  const { general } = useSiteSettings();
  const editor = useLeadEditor(lead, { onSaved, onDeleted });
  const { base } = editor;
  // A deleted community's name is gone: its id is never shown or mailed to the buyer in its place.
  const community = base.communityId ? communityName(base.communityId) : undefined;
  const owner = base.ownerId ? owners.find((candidate) => candidate.id === base.ownerId) : undefined;
  const titleId = `${baseId}-title`;

  return (
    <section className="admin-card admin-lead-detail" aria-labelledby={titleId}>
      <Link
        to={backTo}
        className="admin-lead-detail__back button button--ghost button--small"
        style={{ marginBottom: 12 }}
      >
        ← Back to the list
      </Link>
      <div className="admin-entry__head">
        <h2 id={titleId} style={{ margin: 0, fontSize: '1.3rem' }}>
          {base.name}
        </h2>
        <span className="admin-badge" data-tone={STATUS_TONES[base.status]}>
          {statusLabel(base.status)}
        </span>
        {isOverdue(base, today()) && (
          <span className="admin-badge" data-tone="red">
            Overdue
          </span>
        )}
      </div>
      <p className="admin-muted admin-small" style={{ margin: '4px 0 16px' }}>
        Received {formatDateTime(receivedAt(base))} ·{' '}
        {base.ownerId ? `Owner: ${owner?.email ?? 'an admin no longer active'}` : 'Unassigned'}
        {base.nextStepAt && ` · Next step due ${base.nextStepAt}`}
      </p>
      <LeadQuickActions editor={editor} communityName={community} siteName={general.siteName} />
      <LeadFacts lead={base} communityName={community} />
      <LeadWorkForm editor={editor} idPrefix={baseId} owners={owners} myId={myId} onReload={onReload} />
      <LeadTimeline editor={editor} idPrefix={baseId} />
    </section>
  );
}
