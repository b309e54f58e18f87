/** The audit log (SUPER_ADMIN): who did what, when, and whether it worked; newest first, paged (?page=N). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@/data/repositories/admin/audit';
import { AdminAlert } from '../shared/admin-alert';
import { auditQuery } from '../shared/admin-queries';
import { errorMessage, isAuthError } from '../shared/error-checks';
import { formatDateTime } from '../shared/date-time-format';
import { AdminPageHeader } from '../shared/page-header';

export const AUDIT_PAGE_SIZE = 50;

/** "contact.update" → "Contact update"; "admin.login" → "Admin login". */
export function actionLabel(action: string): string {
  const text = action.replace(/[._-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function OutcomeBadge({ outcome }: { outcome: string }) {
  const ok = outcome === 'success';
  return (
    <span className="admin-badge" data-tone={ok ? 'green' : 'red'}>
      {ok ? 'Success' : 'Failure'}
    </span>
  );
}

export function AuditPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const audit = useQuery({
    ...auditQuery({ limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
  const data = audit.data ?? null;
  const loading = audit.isFetching;
  // A 401 sends the admin to login (the admin shell): no error text for it here.
  const error =
    audit.error && !isAuthError(audit.error) ? errorMessage(audit.error, 'Failed to load the audit log') : null;

  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;
  const first = data && data.total > 0 ? (page - 1) * AUDIT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(data.total, page * AUDIT_PAGE_SIZE) : 0;

  const entity = (entry: AuditEntry) =>
    [entry.entity, entry.entityId ? entry.entityId.slice(0, 8) : ''].filter(Boolean).join(' · ');

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
      {error && <AdminAlert tone="error">{error}</AdminAlert>}
      {data && data.entries.length === 0 && !loading && (
        <div className="admin-card admin-empty">
          <p>No audit entries{page > 1 ? ' on this page' : ' yet'}.</p>
        </div>
      )}
      {data && data.entries.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">
              Audit entries {first} to {last} of {data.total}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
                <th scope="col">Outcome</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at ?? entry.createdAt)}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>
                    {entry.actorEmail ?? <span className="admin-muted">—</span>}
                  </td>
                  <td>
                    {actionLabel(entry.action)}
                    {entry.detail && <div className="admin-muted admin-small">{entry.detail}</div>}
                  </td>
                  <td className="admin-small">{entity(entry) || '—'}</td>
                  <td>
                    <OutcomeBadge outcome={entry.outcome} />
                  </td>
                  <td className="admin-small admin-muted">{entry.ip ?? '—'}</td>
                </tr>
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
              <Link className="button button--ghost button--small" to={page === 2 ? '?' : `?page=${page - 1}`}>
                ← Newer
              </Link>
            ) : null}
            <span className="admin-small" style={{ alignSelf: 'center' }}>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link className="button button--ghost button--small" to={`?page=${page + 1}`}>
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
