/**
 * What a lead says (DESIGN §6): contact, interest, source, where it came from (links to the listing, community or
 * shortlist on the public site), the visit or open-house details, the buyer's answers, the spam signals and the
 * message.
 */
import type { ReactNode } from 'react';
import type { Lead } from '@domain/schemas/lead';
import { BUYING_TIMELINE_LABELS } from '@domain/schemas/open-house';
import { formatSlot } from '@domain/visit-slots';
import { formatLongDate } from '@/utils/format';
import { formatDateTime } from '../shared/date-time-format';
import { interestLabel, quickFillLabel, SLOT_LABELS, sourceLabel, VISIT_TYPE_LABELS } from './lead-labels';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function SiteLink({ path, children }: { path: string; children: ReactNode }) {
  return (
    <a href={path} target="_blank" rel="noopener">
      {children} ↗
    </a>
  );
}

const listingPath = (id: string) => `/listing/${encodeURIComponent(id)}`;
const dayOf = (date: string) => formatLongDate(`${date}T12:00:00Z`);

/** A lead's community that the site no longer has (deleted since): its page is a 404 and its name is not known. */
export const COMMUNITY_GONE = 'No longer on the site';

export function LeadFacts({ lead, communityName }: { lead: Lead; communityName: string | undefined }) {
  return (
    <>
      <dl className="admin-dl">
        <Fact label="Email">
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </Fact>
        <Fact label="Phone">{lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : '—'}</Fact>
        <Fact label="Interest">{interestLabel(lead.interest)}</Fact>
        <Fact label="Source">{sourceLabel(lead.source)}</Fact>
        {lead.listingId && (
          <Fact label="Listing">
            <SiteLink path={listingPath(lead.listingId)}>{lead.listingTitle || lead.listingId}</SiteLink>
          </Fact>
        )}
        {lead.communityId && (
          <Fact label="Community">
            {communityName ? (
              <SiteLink path={`/community/${encodeURIComponent(lead.communityId)}`}>{communityName}</SiteLink>
            ) : (
              COMMUNITY_GONE
            )}
          </Fact>
        )}
        {lead.listingIds && lead.listingIds.length > 0 && (
          <Fact label="Shortlist">
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {lead.listingIds.map((id) => (
                <li key={id}>
                  <SiteLink path={listingPath(id)}>Listing {id.slice(0, 8)}</SiteLink>
                </li>
              ))}
            </ul>
          </Fact>
        )}
        {lead.preferredDate && (
          <Fact label="Preferred visit">
            {dayOf(lead.preferredDate)}
            {lead.preferredSlot
              ? `, ${SLOT_LABELS[lead.preferredSlot] ?? `${formatSlot(lead.preferredSlot)} Central Time`}`
              : ''}
            {lead.visitType ? ` · ${VISIT_TYPE_LABELS[lead.visitType] ?? lead.visitType}` : ''}
          </Fact>
        )}
        {lead.openHouseDate && <Fact label="Open house">{dayOf(lead.openHouseDate)}</Fact>}
        {lead.buyingTimeline && (
          <Fact label="Buying timeline">{BUYING_TIMELINE_LABELS[lead.buyingTimeline] ?? lead.buyingTimeline}</Fact>
        )}
        {lead.workingWithAgent !== undefined && (
          <Fact label="Working with an agent">{lead.workingWithAgent ? 'Yes' : 'No'}</Fact>
        )}
        {lead.consentText && <Fact label="Consent given">{lead.consentText}</Fact>}
        {lead.quickFillMs !== undefined && (
          <Fact label="Quick send">
            {quickFillLabel(lead.quickFillMs)} of opening the form (autofill, or typed before the page finished
            loading). Mark it as spam if it is.
          </Fact>
        )}
        {lead.spamReason && <Fact label="Spam reason">{lead.spamReason}</Fact>}
        <Fact label="Last change">{formatDateTime(lead.updatedAt)}</Fact>
      </dl>

      <h3 style={{ margin: '20px 0 8px', fontSize: '1rem' }}>Message</h3>
      <p className="admin-message-text">{lead.message}</p>
    </>
  );
}
