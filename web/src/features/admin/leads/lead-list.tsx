/**
 * The inbox's list (DESIGN §6, issue 18): each lead's name, status, quick-send flag, owner, next step (overdue
 * flagged), interest, source, time and excerpt.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Lead } from '@domain/schemas/lead';
import { isOverdue } from '@domain/schemas/lead-work';
import { nextStepText } from '@domain/leads/lead-changes';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { formatCount } from '@/utils/format';
import { formatDateTime } from '../shared/date-time-format';
import { interestLabel, quickFillLabel, sourceLabel, STATUS_TONES, statusLabel } from './lead-labels';
import { lateArrivalLabel, receivedAt, today } from './lead-time';

/**
 * Leads drawn at first, and added by each "Show more": a list of every lead in one go took seconds to draw and
 * scroll past a few thousand (all of them are still loaded, filtered and counted; only drawing waits).
 */
export const LEAD_LIST_STEP = 100;

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
  const [limit, setLimit] = useState(LEAD_LIST_STEP);
  const total = records?.length ?? 0;
  const all = `${formatCount(total)} ${total === 1 ? 'lead' : 'leads'}`;
  const count = !records ? '' : total > limit ? `Showing ${formatCount(limit)} of ${all}` : all;
  const shownRecords = records?.slice(0, limit) ?? [];
  const more = Math.min(LEAD_LIST_STEP, total - limit);
  // After "Show more", the keyboard goes on from the first lead added (the button itself moves down the page).
  const firstAdded = useRef<HTMLAnchorElement>(null);
  const [focusAdded, setFocusAdded] = useState(false);
  useEffect(() => {
    if (!focusAdded) return;
    firstAdded.current?.focus();
    setFocusAdded(false);
  }, [focusAdded]);
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
          {shownRecords.map((lead, index) => (
            <li key={lead.id}>
              <Link
                to={linkTo({ lead: lead.id })}
                aria-current={lead.id === selectedId ? 'true' : undefined}
                ref={index === limit - LEAD_LIST_STEP && index > 0 ? firstAdded : undefined}
              >
                <span className="admin-lead-list__top">
                  <strong>{lead.name}</strong>
                  <span className="admin-badge" data-tone={STATUS_TONES[lead.status]}>
                    {statusLabel(lead.status)}
                  </span>
                  {lead.quickFillMs !== undefined && <QuickFillBadge quickFillMs={lead.quickFillMs} />}
                  {lateArrivalLabel(lead) && (
                    <span className="admin-badge" data-tone="amber">
                      {lateArrivalLabel(lead)}
                    </span>
                  )}
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
      {more > 0 && (
        <div style={{ padding: '12px 16px' }}>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setLimit((current) => current + LEAD_LIST_STEP);
              setFocusAdded(true);
            }}
          >
            Show {formatCount(more)} more
          </button>
        </div>
      )}
    </section>
  );
}
