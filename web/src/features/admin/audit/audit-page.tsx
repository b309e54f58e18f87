/**
 * The audit log (SUPER_ADMIN): who did what to which record, when, and whether it worked; an update's changes
 * field by field. Newest first, paged (?page=N), filtered by user, record kind and day range, all in the URL.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminAlert } from '../shared/admin-alert';
import { auditQuery } from '../shared/admin-queries';
import { ColumnHeads } from '../shared/column-heads';
import { errorMessage, isAuthError } from '../shared/error-checks';
import { AdminPageHeader } from '../shared/page-header';
import { AuditEntryRow } from './audit-entry-row';
import { AuditFilterForm } from './audit-filter-form';
import { AUDIT_PAGE_SIZE, auditRequestFor, useAuditFilter } from './use-audit-filter';
import './audit.css';

export function AuditPage() {
  const { filter, page, hasFilters, setFilter, pageLink } = useAuditFilter();
  const audit = useQuery({
    ...auditQuery(auditRequestFor(filter, page)),
    // The page shown stays while the next one (or the next filter) loads.
    placeholderData: keepPreviousData,
  });
  const data = audit.data ?? null;
  const loading = audit.isFetching;
  // A 401 sends the admin to login (the admin shell): no error text for it here.
  const error =
    audit.error && !isAuthError(audit.error) ? errorMessage(audit.error, 'Failed to load the audit log') : null;

  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  // A page past the end (an old link, fewer entries under a filter) goes to the last one, as the record tables do:
  // it read "401–45 of 45" and "Page 9 of 1".
  const navigate = useNavigate();
  const pastTheEnd = Boolean(data && !audit.isPlaceholderData && page > pages);
  const lastPage = pageLink(pages);
  useEffect(() => {
    if (pastTheEnd) void navigate(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, navigate]);
  const first = data && data.total > 0 ? (page - 1) * AUDIT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(data.total, page * AUDIT_PAGE_SIZE) : 0;

  return (
    <>
      <AdminPageHeader
        title="Audit Log"
        description="Every admin change and sign-in attempt, newest first."
        actions={
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void audit.refetch()}
            disabled={loading}
          >
            {loading ? 'Loading…' : 'Refresh'}
          </button>
        }
      />
      <AuditFilterForm filter={filter} actors={data?.actors ?? []} hasFilters={hasFilters} setFilter={setFilter} />
      {error && <AdminAlert tone="error">{error}</AdminAlert>}
      {data && data.entries.length === 0 && !loading && (
        <div className="admin-card admin-empty" role="status">
          {hasFilters ? (
            <p>
              No audit entries match these filters. <Link to="/admin/audit">Show all entries</Link>
            </p>
          ) : (
            <p>No audit entries{page > 1 ? ' on this page' : ' yet'}.</p>
          )}
        </div>
      )}
      {data && data.entries.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">
              Audit entries {first} to {last} of {data.total}
            </caption>
            <ColumnHeads labels={['When', 'Who', 'What', 'Record', 'Outcome', 'IP']} />
            <tbody>
              {data.entries.map((entry) => (
                <AuditEntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <nav className="admin-pager" aria-label="Audit log pages">
          <span className="admin-muted admin-small">
            {first}–{last} of {data.total}
          </span>
          <span style={{ display: 'flex', gap: 8 }}>
            {page > 1 ? (
              <Link className="button button--ghost button--small" to={pageLink(page - 1)}>
                ← Newer
              </Link>
            ) : null}
            <span className="admin-small" style={{ alignSelf: 'center' }}>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link className="button button--ghost button--small" to={pageLink(page + 1)}>
                Older →
              </Link>
            ) : null}
          </span>
        </nav>
      )}
      {!data && loading && (
        <p className="admin-loading" role="status">
          Loading the audit log…
        </p>
      )}
    </>
  );
}
