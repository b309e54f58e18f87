/**
 * The lead inbox at /admin/contacts (DESIGN §6): every contact request newest first, with search and filters for
 * status, interest, community, source and date range, all kept in the URL; a detail panel (?lead=id); a spam
 * view (status=SPAM); CSV export of the current filter; the offline banner when this is the device's copy.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { Community } from '@domain/schemas/community';
import { RetryAlert } from '../shared/admin-alert';
import { recordsQuery } from '../shared/admin-queries';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { LeadDetail } from './lead-detail';
import { LeadFilterForm } from './lead-filter-form';
import { LeadList } from './lead-list';
import { useLeadFilter } from './use-lead-filter';
import { useLeads } from './use-leads';
import { useLeadsCsvExport } from './use-leads-csv-export';

const NO_COMMUNITIES: Community[] = [];
const current = (yes: boolean) => (yes ? { 'aria-current': 'page' as const } : {});

export function LeadsPage() {
  const { filter, selectedId, spamView, hasFilters, updateParams, linkTo } = useLeadFilter();
  const leads = useLeads(filter);
  const { exporting, exportCsv } = useLeadsCsvExport(filter, spamView);
  // Names for the community filter and the detail panel; without them the ids show.
  const communities = useQuery(recordsQuery('communities')).data?.records ?? NO_COMMUNITIES;

  const communityName = useCallback(
    (id: string) => communities.find((community) => community.id === id || community.slug === id)?.name,
    [communities],
  );
  const selected = leads.records?.find((record) => record.id === selectedId) ?? null;

  return (
    <>
      <AdminPageHeader
        title="Leads"
        description="Contact requests from the site, newest first."
        actions={
          <>
            <nav className="admin-view-switch" aria-label="Lead views">
              <Link to="/admin/contacts" {...current(!spamView)}>
                Inbox
              </Link>
              <Link to="/admin/contacts?status=SPAM" {...current(spamView)}>
                Spam
                {leads.spamCount !== null && (
                  <span className="admin-count-badge" data-testid="spam-count">
                    {leads.spamCount}
                  </span>
                )}
              </Link>
            </nav>
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
        updateParams={updateParams}
      />
      {leads.error && <RetryAlert text={leads.error} onRetry={leads.reload} />}

      <div className="admin-leads" data-has-detail={selected ? 'true' : 'false'}>
        <LeadList
          records={leads.records}
          loading={leads.loading}
          spamView={spamView}
          hasFilters={hasFilters}
          selectedId={selectedId}
          linkTo={linkTo}
        />
        {selected ? (
          <LeadDetail
            key={selected.id}
            lead={selected}
            communityName={communityName}
            backTo={linkTo({ lead: undefined })}
            onReload={leads.reload}
            onSaved={leads.saved}
            onDeleted={(id) => {
              leads.deleted(id);
              updateParams({ lead: undefined }, { replace: true });
            }}
          />
        ) : (
          <section className="admin-card admin-empty admin-leads__placeholder" aria-label="Lead details">
            {selectedId && leads.records && !leads.loading ? (
              <p>This lead is not in the current view. It may have been deleted or filtered out.</p>
            ) : (
              <p>Choose a lead to see the whole request.</p>
            )}
          </section>
        )}
      </div>
    </>
  );
}
