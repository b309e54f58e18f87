/**
 * The top of the dashboard, the day first (issue 18): tiles for new leads, leads without owner, overdue
 * follow-ups, today's visits and this device's sync queue, each a link to the view listing those records, then
 * the visits of today and tomorrow by time, each linking to its lead.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatVisitDate } from '@domain/visit-slots';
import type { SyncStatus } from '@/data/repositories/admin/sync-center';
import type { UpcomingVisit, UpcomingVisits } from './upcoming-visits';
import type { DayCounts } from './use-day-overview';
import './dashboard.css';

/** The leads inbox's filters (URL parameters the server reads, domain/schemas/lead-filter.ts). */
export const DAY_LINKS = {
  newLeads: '/admin/contacts?status=NEW',
  unassigned: '/admin/contacts?owner=unassigned',
  overdue: '/admin/contacts?overdue=true',
  // The inbox has no date filter: the visit requests are the closest list, and today's come first in the card.
  visits: '/admin/contacts?interest=visit',
  sync: '/admin/sync',
} as const;

/** A short list: the rest of a busy day is one link away. */
export const VISITS_SHOWN_PER_DAY = 5;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Tile({
  to,
  label,
  value,
  note,
  attention = false,
}: {
  to: string;
  label: string;
  value: ReactNode;
  note?: string;
  attention?: boolean;
}) {
  return (
    <Link to={to} className="admin-stat" data-tone={attention ? 'attention' : undefined}>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value">{value}</span>
      {note && <span className="admin-stat__note">{note}</span>}
    </Link>
  );
}

export function DayTiles({
  counts,
  countsFailed,
  visits,
  visitsFailed,
  sync,
}: {
  counts: DayCounts | null;
  countsFailed: boolean;
  visits: UpcomingVisits | null;
  visitsFailed: boolean;
  sync: SyncStatus;
}) {
  // '—' when the count could not be loaded (as the dashboard always showed for new leads), '…' while it loads.
  const count = (value: number | undefined, failed: boolean) => (failed ? '—' : (value ?? '…'));
  const countFailed = countsFailed || !counts;
  return (
    <section aria-labelledby="dashboard-today">
      <h2 id="dashboard-today" className="dashboard-heading">
        Today
      </h2>
      <div className="admin-stats dashboard-day-tiles">
        <Tile to={DAY_LINKS.newLeads} label="New leads" value={count(counts?.newLeads, countsFailed)} />
        <Tile to={DAY_LINKS.unassigned} label="Leads without owner" value={count(counts?.unassigned, countsFailed)} />
        <Tile
          to={DAY_LINKS.overdue}
          label="Overdue follow-ups"
          value={count(counts?.overdue, countsFailed)}
          attention={!countFailed && counts.overdue > 0}
        />
        <Tile
          to={DAY_LINKS.visits}
          label="Visits today"
          value={count(visits?.todayVisits.length, visitsFailed)}
          note={visits && !visitsFailed ? `${visits.tomorrowVisits.length} tomorrow` : undefined}
        />
        <Tile
          to={DAY_LINKS.sync}
          label="Waiting to sync"
          value={sync.pending}
          note={sync.failed > 0 ? `${plural(sync.failed, 'change', 'changes')} refused` : undefined}
          attention={sync.failed > 0}
        />
        <Tile to={DAY_LINKS.sync} label="Sync conflicts" value={sync.conflicts} attention={sync.conflicts > 0} />
      </div>
    </section>
  );
}

function VisitDay({ title, date, visits }: { title: string; date: string; visits: UpcomingVisit[] }) {
  const headingId = `dashboard-visits-${title.toLowerCase()}`;
  const hidden = visits.length - VISITS_SHOWN_PER_DAY;
  return (
    <div className="dashboard-visit-day">
      <h3 id={headingId} className="dashboard-visit-day__title">
        {title} <span className="admin-muted">· {formatVisitDate(date)}</span>{' '}
        <span className="admin-badge" data-tone="blue">
          {plural(visits.length, 'visit', 'visits')}
        </span>
      </h3>
      {visits.length === 0 ? (
        <p className="admin-muted admin-small">No visits {title.toLowerCase()}</p>
      ) : (
        <ul className="admin-list" aria-labelledby={headingId}>
          {visits.slice(0, VISITS_SHOWN_PER_DAY).map((visit) => (
            <li key={visit.id}>
              <Link to={`/admin/leads/${encodeURIComponent(visit.id)}`} className="dashboard-visit">
                <span className="dashboard-visit__time">{visit.slotLabel}</span>
                <strong className="dashboard-visit__name">{visit.name}</strong>
                {visit.communityName && <span className="admin-muted">{visit.communityName}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <Link to={DAY_LINKS.visits} className="admin-small">
          {plural(hidden, 'more visit', 'more visits')} {title.toLowerCase()}
        </Link>
      )}
    </div>
  );
}

export function VisitsCard({ visits, failed }: { visits: UpcomingVisits | null; failed: boolean }) {
  const none = visits && visits.todayVisits.length === 0 && visits.tomorrowVisits.length === 0;
  return (
    <section className="admin-card" aria-labelledby="dashboard-visits">
      <h2 id="dashboard-visits">Visits today and tomorrow</h2>
      {failed ? (
        <p className="admin-muted">The visits could not be loaded. Use Refresh to try again.</p>
      ) : !visits ? (
        <p className="admin-muted" role="status">
          Loading visits…
        </p>
      ) : none ? (
        <p className="admin-muted">No visits today or tomorrow</p>
      ) : (
        <div className="dashboard-visit-days">
          <VisitDay title="Today" date={visits.today} visits={visits.todayVisits} />
          <VisitDay title="Tomorrow" date={visits.tomorrow} visits={visits.tomorrowVisits} />
        </div>
      )}
    </section>
  );
}
