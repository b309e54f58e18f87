/**
 * The lead inbox at /admin/contacts (DESIGN §6): every contact request newest first, with search and filters for
 * status, interest, community, source and date range, all kept in the URL; a detail panel (?lead=id); a spam
 * view (status=SPAM); CSV export of the current filter; the offline banner when this is the device's copy.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONTACT_INTERESTS, INTEREST_LABELS, LEAD_SOURCES, LEAD_STATUSES } from '@domain/constants';
import type { ContactRequest } from '@domain/schemas/contact';
import { listAdmin } from '@/data/repositories/admin/content';
import {
  countLeadsByStatus,
  downloadLeadsCsv,
  leadsCsvFilename,
  listLeads,
  type LeadFilter,
} from '@/data/repositories/admin/leads';
import { errorMessage, isAuthError } from '../shared/errors';
import { formatDateTime } from '../shared/format';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useToast } from '../shared/toast';
import {
  interestLabel,
  quickFillLabel,
  SOURCE_LABELS,
  sourceLabel,
  STATUS_LABELS,
  STATUS_TONES,
  statusLabel,
} from './lead-labels';
import { LeadDetail } from './lead-detail';

export const FILTER_KEYS = ['status', 'interest', 'source', 'communityId', 'q', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type LeadFilterValues = Partial<Record<FilterKey, string>>;

/** The filter as the URL holds it; empty values are left out. */
export function filterFromParams(params: URLSearchParams): LeadFilterValues {
  const filter: LeadFilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

const SEARCH_DEBOUNCE_MS = 300;

/** When the request arrived: submittedAt when the form sent one (it may have waited offline), else createdAt. */
export const receivedAt = (lead: ContactRequest): string => lead.submittedAt ?? lead.createdAt;

/** Newest first by when they arrived (the order is stable for equal times). */
export function newestFirst(leads: readonly ContactRequest[]): ContactRequest[] {
  return leads.slice().sort((a, b) => receivedAt(b).localeCompare(receivedAt(a)));
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function LeadsPage() {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const filterKey = JSON.stringify(filter);
  const selectedId = params.get('lead');
  const spamView = filter.status === 'SPAM';

  const [records, setRecords] = useState<ContactRequest[] | null>(null);
  const [offline, setOffline] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [communities, setCommunities] = useState<{ id: string; name: string; slug?: string }[]>([]);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(filter.q ?? '');
  const [spamCount, setSpamCount] = useState<number | null>(null);
  const request = useRef(0);

  // Read with every load, and after a lead is saved or deleted here, so it follows what the admin does.
  const refreshSpamCount = useCallback(() => {
    countLeadsByStatus().then(
      (counts) => setSpamCount(counts.byStatus.SPAM),
      () => undefined,
    );
  }, []);

  const load = useCallback(
    async (values: LeadFilterValues) => {
      const id = ++request.current;
      setLoading(true);
      refreshSpamCount();
      try {
        const result = await listLeads(values as LeadFilter);
        if (id !== request.current) return;
        setRecords(newestFirst(result.records));
        setOffline(result.offline);
        setError(null);
      } catch (loadError) {
        if (id !== request.current || isAuthError(loadError)) return;
        setError(errorMessage(loadError, 'Failed to load leads. Please try again.'));
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [refreshSpamCount],
  );

  useEffect(() => {
    void load(JSON.parse(filterKey) as LeadFilterValues);
  }, [filterKey, load]);

  // Showing this device's copy: load again as soon as the connection is back.
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void load(JSON.parse(filterKey) as LeadFilterValues);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, filterKey, load]);

  useEffect(() => {
    let active = true;
    listAdmin('communities').then(
      (result) => active && setCommunities(result.records.map(({ id, name, slug }) => ({ id, name, slug }))),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  // The URL is the truth: a back/forward navigation puts its search text in the box.
  useEffect(() => setSearch(filter.q ?? ''), [filter.q]);

  const updateParams = useCallback(
    (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  // Typing searches after a short pause, replacing the history entry instead of adding one per key.
  useEffect(() => {
    if (search.trim() === (filter.q ?? '')) return;
    const timer = setTimeout(
      () => updateParams({ q: search.trim() || undefined }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filter.q, updateParams]);

  const communityName = useCallback(
    (id: string) => communities.find((community) => community.id === id || community.slug === id)?.name,
    [communities],
  );

  const selected = records?.find((record) => record.id === selectedId) ?? null;
  const linkTo = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const blob = await downloadLeadsCsv(filter as LeadFilter);
      saveBlob(blob, spamView ? leadsCsvFilename().replace('leads-', 'leads-spam-') : leadsCsvFilename());
    } catch (exportError) {
      if (!isAuthError(exportError)) toast.error(errorMessage(exportError, 'Failed to export leads'));
    } finally {
      setExporting(false);
    }
  };

  const hasFilters = FILTER_KEYS.some((key) => key !== 'status' && filter[key]) || (!spamView && filter.status);

  return (
    <>
      <AdminPageHeader
        title="Leads"
        description="Contact requests from the site, newest first."
        actions={
          <>
            <nav className="admin-view-switch" aria-label="Lead views">
              <Link to="/admin/contacts" {...(!spamView ? { 'aria-current': 'page' as const } : {})}>
                Inbox
              </Link>
              <Link to="/admin/contacts?status=SPAM" {...(spamView ? { 'aria-current': 'page' as const } : {})}>
                Spam
                {spamCount !== null && (
                  <span className="admin-count-badge" data-testid="spam-count">
                    {spamCount}
                  </span>
                )}
              </Link>
            </nav>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void onExport()}
              disabled={exporting}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </>
        }
      />
      <OfflineBanner offline={offline} />

      <section className="admin-card" aria-label="Filters">
        <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
          <div className="field admin-filters__search">
            <label htmlFor="lead-search">Search</label>
            <input
              id="lead-search"
              type="search"
              placeholder="Name, email, phone, message…"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {!spamView && (
            <div className="field">
              <label htmlFor="lead-status">Status</label>
              <select
                id="lead-status"
                value={filter.status ?? ''}
                onChange={(event) => updateParams({ status: event.target.value || undefined, lead: undefined })}
              >
                <option value="">All (except spam)</option>
                {LEAD_STATUSES.filter((status) => status !== 'SPAM').map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="lead-interest">Interest</label>
            <select
              id="lead-interest"
              value={filter.interest ?? ''}
              onChange={(event) => updateParams({ interest: event.target.value || undefined })}
            >
              <option value="">Any interest</option>
              {CONTACT_INTERESTS.map((interest) => (
                <option key={interest} value={interest}>
                  {INTEREST_LABELS[interest]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="lead-community">Community</label>
            <select
              id="lead-community"
              value={filter.communityId ?? ''}
              onChange={(event) => updateParams({ communityId: event.target.value || undefined })}
            >
              <option value="">Any community</option>
              {filter.communityId && !communities.some((community) => community.id === filter.communityId) && (
                <option value={filter.communityId}>{filter.communityId}</option>
              )}
              {communities.map((community) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="lead-source">Source</label>
            <select
              id="lead-source"
              value={filter.source ?? ''}
              onChange={(event) => updateParams({ source: event.target.value || undefined })}
            >
              <option value="">Any source</option>
              {LEAD_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_LABELS[source]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="lead-from">From</label>
            <input
              id="lead-from"
              type="date"
              value={filter.from ?? ''}
              max={filter.to}
              onChange={(event) => updateParams({ from: event.target.value || undefined })}
            />
          </div>
          <div className="field">
            <label htmlFor="lead-to">To</label>
            <input
              id="lead-to"
              type="date"
              value={filter.to ?? ''}
              min={filter.from}
              onChange={(event) => updateParams({ to: event.target.value || undefined })}
            />
          </div>
          {hasFilters && (
            <div>
              <Link
                className="button button--ghost button--small"
                to={spamView ? '/admin/contacts?status=SPAM' : '/admin/contacts'}
                onClick={() => setSearch('')}
              >
                Clear filters
              </Link>
            </div>
          )}
        </form>
      </section>

      {error && (
        <div className="admin-alert" data-tone="error" role="alert">
          <p>{error}</p>
          <div className="admin-alert__actions">
            <button type="button" className="button button--small button--ghost" onClick={() => void load(filter)}>
              Try again
            </button>
          </div>
        </div>
      )}

      <div className="admin-leads" data-has-detail={selected ? 'true' : 'false'}>
        <section className="admin-card admin-leads__list" aria-labelledby="lead-list-title" style={{ padding: 0 }}>
          <div
            className="admin-page-header"
            style={{ padding: '14px 16px', borderBottom: '1px solid var(--admin-border)' }}
          >
            <h2 id="lead-list-title" className="admin-card__title" style={{ margin: 0 }}>
              {spamView ? 'Spam' : 'Inbox'}
            </h2>
            <span className="admin-muted admin-small" aria-live="polite">
              {loading ? 'Loading…' : records ? `${records.length} ${records.length === 1 ? 'lead' : 'leads'}` : ''}
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
                      {lead.quickFillMs !== undefined && (
                        <span
                          className="admin-badge"
                          data-tone="amber"
                          title="Sent quickly after the form opened: autofill, or typed before the page finished loading"
                        >
                          {quickFillLabel(lead.quickFillMs)}
                        </span>
                      )}
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

        {selected ? (
          <LeadDetail
            key={selected.id}
            lead={selected}
            communityName={communityName}
            backTo={linkTo({ lead: undefined })}
            onReload={() => void load(filter)}
            onSaved={(record) => {
              setRecords((current) => current?.map((item) => (item.id === record.id ? record : item)) ?? current);
              refreshSpamCount();
            }}
            onDeleted={(id) => {
              refreshSpamCount();
              setRecords((current) => current?.filter((item) => item.id !== id) ?? current);
              updateParams({ lead: undefined }, { replace: true });
            }}
          />
        ) : (
          <section className="admin-card admin-empty admin-leads__placeholder" aria-label="Lead details">
            {selectedId && records && !loading ? (
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
