/**
 * The lead inbox at /admin/contacts (DESIGN §6, issue 18): every contact request newest first, with search and
 * filters for status, interest, community, source, owner, overdue and date range, all kept in the URL; views for
 * the signed-in admin's leads, unassigned and overdue ones (with counts) and spam; a detail panel at the lead's own
 * address (/admin/leads/:id), opened even when the lead is outside the list's filter; CSV export of the current
 * filter; the offline banner when this is the device's copy.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { RetryAlert } from '../shared/admin-alert';
import { leadOwnersQuery, leadQuery, recordsQuery } from '../shared/admin-queries';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';
import { LeadDetail } from './lead-detail';
import { LeadFilterForm } from './lead-filter-form';
import { LeadList } from './lead-list';
import { LeadViews } from './lead-views';
import { useLeadFilter } from './use-lead-filter';
import { useLeads } from './use-leads';
import { useLeadsCsvExport } from './use-leads-csv-export';
import './leads.css';

const NO_COMMUNITIES: Community[] = [];
const NO_OWNERS: LeadOwner[] = [];

export function LeadsPage() {
  const navigate = useNavigate();
  const { filter, selectedId, spamView, hasFilters, updateParams, linkTo } = useLeadFilter();
  const leads = useLeads(filter);
  const { exporting, exportCsv } = useLeadsCsvExport(filter, spamView);
  const myId = useAdminSession().user?.id;
  // Names for the community filter and the detail panel; without them the ids show.
  const communities = useQuery(recordsQuery('communities')).data?.records ?? NO_COMMUNITIES;
  const owners = useQuery(leadOwnersQuery()).data?.owners ?? NO_OWNERS;

  const communityName = useCallback(
    (id: string) => communities.find((community) => community.id === id || community.slug === id)?.name,
    [communities],
  );
  const inList = leads.records?.find((record) => record.id === selectedId) ?? null;
  // A lead outside the list's filter (a link, the dashboard, the audit log) is read on its own.
  const single = useQuery({
    ...leadQuery(selectedId ?? ''),
    enabled: Boolean(selectedId) && !inList && !leads.loading,
  });
  const selected = inList ?? single.data?.record ?? null;
  const closeTo = linkTo({ lead: undefined });

  return (
    <>
      <AdminPageHeader
        title="Leads"
        description="Contact requests from the site, newest first."
        actions={
          <>
            <LeadViews
              filter={filter}
              counts={{ spam: leads.spamCount, unassigned: leads.unassignedCount, overdue: leads.overdueCount }}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void exportCsv()}
              disabled={exporting}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </>
        }
      />
      <OfflineBanner offline={leads.offline} />
      <LeadFilterForm
        filter={filter}
        spamView={spamView}
        hasFilters={hasFilters}
        communities={communities}
        owners={owners}
        updateParams={updateParams}
      />
      {leads.error && <RetryAlert text={leads.error} onRetry={leads.reload} />}

      <div className="admin-leads" data-has-detail={selected ? 'true' : 'false'}>
        <LeadList
          // A new filter starts the list from its first leads again.
          key={JSON.stringify(filter)}
          records={leads.records}
          loading={leads.loading}
          spamView={spamView}
          hasFilters={hasFilters}
          selectedId={selectedId}
          owners={owners}
          linkTo={linkTo}
        />
        {selected ? (
          <LeadDetail
            key={selected.id}
            lead={selected}
            communityName={communityName}
            owners={owners}
            myId={myId}
            backTo={closeTo}
            onReload={leads.reload}
            onSaved={leads.saved}
            onDeleted={(id) => {
              leads.deleted(id);
              void navigate(closeTo, { replace: true });
            }}
          />
        ) : (
          <section className="admin-card admin-empty admin-leads__placeholder" aria-label="Lead details">
            {selectedId && !single.isFetching && !leads.loading ? (
              <p>This lead was not found. It may have been deleted.</p>
            ) : (
              <p>Choose a lead to see the whole request.</p>
            )}
          </section>
        )}
      </div>
    </>
  );
}
