/**
 * One lead, whole: who, what they asked, where from (links to the listing or community), and the staff's status
 * and notes, saved through updateLead with the version the admin started from (a conflict says so).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ContactRequest } from '@domain/schemas/contact';
import { formatDateTime } from '../shared/date-time-format';
import { STATUS_TONES, statusLabel } from './lead-labels';
import { LeadFacts } from './lead-facts';
import { LeadStatusForm } from './lead-status-form';
import { receivedAt } from './lead-time';
import { useLeadEditor } from './use-lead-editor';

interface LeadDetailProps {
  lead: ContactRequest;
  communityName: (id: string) => string | undefined;
  backTo: string;
  onSaved: (lead: ContactRequest) => void;
  onDeleted: (id: string) => void;
  onReload: () => void;
}

export function LeadDetail({ lead, communityName, backTo, onSaved, onDeleted, onReload }: LeadDetailProps) {
  const baseId = useId();
  const editor = useLeadEditor(lead, { onSaved, onDeleted });
  const { base } = editor;
  const community = base.communityId ? (communityName(base.communityId) ?? base.communityId) : undefined;
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
      </div>
      <p className="admin-muted admin-small" style={{ margin: '4px 0 16px' }}>
        Received {formatDateTime(receivedAt(base))}
      </p>
      <LeadFacts lead={base} communityName={community} />
      <LeadStatusForm editor={editor} idPrefix={baseId} onReload={onReload} />
    </section>
  );
}
