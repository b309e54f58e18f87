/**
 * The inbox's list (DESIGN §6, issue 18): each lead's name, status, quick-send flag, owner, next step (overdue
 * flagged), interest, source, time and excerpt.
 */
import { Link } from 'react-router-dom';
import type { Lead } from '@domain/schemas/lead';
import { isOverdue } from '@domain/schemas/lead-work';
import { nextStepText } from '@domain/leads/lead-changes';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { formatDateTime } from '../shared/date-time-format';
import { interestLabel, quickFillLabel, sourceLabel, STATUS_TONES, statusLabel } from './lead-labels';
import { receivedAt, today } from './lead-time';

function QuickFillBadge({ quickFillMs }: { quickFillMs: number }) {
  return (
    <span
      className="admin-badge"
      data-tone="amber"
      title="Sent quickly after the form opened: autofill, or typed before the page finished loading"
    >
      {quickFillLabel(quickFillMs)}
    </span>
  );
}

export function LeadList({
  records,
  loading,
  spamView,
  hasFilters,
  selectedId,
  owners,
  linkTo,
}: {
  records: Lead[] | null;
  loading: boolean;
  spamView: boolean;
  hasFilters: boolean;
  selectedId: string | null;
  owners: LeadOwner[];
  linkTo: (changes: Record<string, string | undefined>) => string;
}) {
  const day = today();
  const ownerEmail = (id: string) => owners.find((owner) => owner.id === id)?.email ?? 'an inactive admin';
  const count = records ? `${records.length} ${records.length === 1 ? 'lead' : 'leads'}` : '';
  return (
    <section className="admin-card admin-leads__list" aria-labelledby="lead-list-title" style={{ padding: 0 }}>
      <div
        className="admin-page-header"
        style={{ padding: '14px 16px', borderBottom: '1px solid var(--admin-border)' }}
      >
        <h2 id="lead-list-title" className="admin-card__title" style={{ margin: 0 }}>
          {spamView ? 'Spam' : 'Inbox'}
        </h2>
        <span className="admin-muted admin-small" aria-live="polite">
          {loading ? 'Loading…' : count}
        </span>
      </div>
      {records && records.length === 0 && !loading && (
        <div className="admin-empty">
          <p>{hasFilters ? 'No leads match these filters.' : spamView ? 'No spam. Nice.' : 'No leads yet.'}</p>
        </div>
      )}
      {records && records.length > 0 && (
        <ul className="admin-lead-list">
          {records.map((lead) => (
            <li key={lead.id}>
              <Link to={linkTo({ lead: lead.id })} aria-current={lead.id === selectedId ? 'true' : undefined}>
                <span className="admin-lead-list__top">
                  <strong>{lead.name}</strong>
                  <span className="admin-badge" data-tone={STATUS_TONES[lead.status]}>
                    {statusLabel(lead.status)}
                  </span>
                  {lead.quickFillMs !== undefined && <QuickFillBadge quickFillMs={lead.quickFillMs} />}
                  {isOverdue(lead, day) && (
                    <span className="admin-badge" data-tone="red">
                      Overdue
                    </span>
                  )}
                </span>
                <span className="admin-muted admin-small">
                  {lead.ownerId ? ownerEmail(lead.ownerId) : 'Unassigned'}
                  {nextStepText(lead) && ` · ${nextStepText(lead)}`}
                </span>
                <span className="admin-muted admin-small">
                  {interestLabel(lead.interest)} · {sourceLabel(lead.source)} · {formatDateTime(receivedAt(lead))}
                </span>
                <span className="admin-lead-list__excerpt">
                  {lead.listingTitle ? `${lead.listingTitle}: ` : ''}
                  {lead.message}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
