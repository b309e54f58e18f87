/**
 * The dashboard (SPEC §2): the day first (new leads, leads without owner, overdue follow-ups, visits of today and
 * tomorrow, the sync queue: day-overview.tsx), then counts of communities, listings and properties and their
 * total, recent activity (the last 3 of each type, merged and cut to 5), a refresh button, the last-updated time,
 * quick links and an empty-state welcome. Communities, listings and properties load together.
 */
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DASHBOARD_RECENT_MAX, DASHBOARD_RECENT_PER_TYPE } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { Community } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import type { Property } from '@domain/schemas/property';
import { RetryAlert } from '../shared/admin-alert';
import { recordsQuery } from '../shared/admin-queries';
import { formatDateTime, formatTime } from '../shared/date-time-format';
import { OfflineBanner } from '../shared/offline-banner';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';
import { DayTiles, VisitsCard } from './day-overview';
import { useDayOverview } from './use-day-overview';

interface DashboardData {
  communities: Community[];
  listings: Listing[];
  properties: Property[];
  offline: boolean;
}

type ActivityType = 'Community' | 'Listing' | 'Property';

export interface ActivityItem {
  key: string;
  type: ActivityType;
  title: string;
  at: string;
  action: 'Created' | 'Updated';
  to: string;
}

const timeOf = (record: { createdAt?: string; updatedAt?: string }) => record.updatedAt || record.createdAt || '';

/** The last `perType` of each type by their latest change, merged newest first and cut to `max`. */
export function recentActivity(
  data: Pick<DashboardData, 'communities' | 'listings' | 'properties'>,
  perType = DASHBOARD_RECENT_PER_TYPE,
  max = DASHBOARD_RECENT_MAX,
): ActivityItem[] {
  const newestFirst = <T extends { createdAt?: string; updatedAt?: string }>(records: T[]) =>
    records
      .slice()
      .sort((a, b) => timeOf(b).localeCompare(timeOf(a)))
      .slice(0, perType);
  const action = (record: { createdAt?: string; updatedAt?: string }): ActivityItem['action'] =>
    record.updatedAt && record.createdAt && record.updatedAt !== record.createdAt ? 'Updated' : 'Created';
  const itemsOf = <T extends { id: string; createdAt?: string; updatedAt?: string }>(
    type: ActivityType,
    records: T[],
    title: (record: T) => string,
    to: string,
  ): ActivityItem[] =>
    newestFirst(records).map((record) => ({
      key: `${type.toLowerCase()}-${record.id}`,
      type,
      title: title(record),
      at: timeOf(record),
      action: action(record),
      to,
    }));
  const items = [
    ...itemsOf('Community', data.communities, (community) => community.name, '/admin/communities'),
    ...itemsOf('Listing', data.listings, (listing) => listing.title, '/admin/listings'),
    ...itemsOf('Property', data.properties, (property) => property.title, '/admin/properties'),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, max);
}

const TYPE_TONE: Record<ActivityType, string> = { Community: 'blue', Listing: 'green', Property: 'purple' };

/**
 * The three lists, loaded together (SPEC §2), with the day's leads and visits: the data once all three lists have
 * answered, the time of the last load that brought all three, and whether the last load of any list failed.
 */
function useDashboardData() {
  const lists = useQueries({
    queries: [recordsQuery('communities'), recordsQuery('listings'), recordsQuery('properties')],
  });
  const [communities, listings, properties] = lists.map((list) => list.data);
  const day = useDayOverview(communities?.records as Community[] | undefined);
  const data: DashboardData | null =
    communities && listings && properties
      ? {
          communities: communities.records as Community[],
          listings: listings.records as Listing[],
          properties: properties.records as Property[],
          offline: communities.offline || listings.offline || properties.offline,
        }
      : null;
  const loading = lists.some((list) => list.isFetching) || day.loading;
  return {
    data,
    day,
    loading,
    // Like each load before it, a new load clears the last one's error.
    failed: !loading && lists.some((list) => list.isError),
    updatedAt: data ? new Date(Math.min(...lists.map((list) => list.dataUpdatedAt))) : null,
    refresh: () => {
      for (const list of lists) void list.refetch();
      day.refetch();
    },
  };
}

export function DashboardPage() {
  const { user } = useAdminSession();
  const isSuperAdmin = user?.role === 'SUPER_ADMIN';
  const { data, day, loading, failed, updatedAt, refresh } = useDashboardData();
  const error = failed ? MESSAGES.dashboardLoadFailed : null;

  const total = data ? data.communities.length + data.listings.length + data.properties.length : 0;
  const activity = data ? recentActivity(data) : [];

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={
          <>
            {user ? `Welcome back, ${user.email}.` : 'Welcome back.'}{' '}
            <span aria-live="polite">
              {updatedAt ? `Last updated ${formatTime(updatedAt)}` : loading ? 'Loading…' : ''}
            </span>
          </>
        }
        actions={
          <button type="button" className="button button--ghost button--small" onClick={refresh} disabled={loading}>
            {loading ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      <OfflineBanner offline={Boolean(data?.offline || day.offline)} />
      {error && <RetryAlert text={error} onRetry={refresh} />}

      <DayTiles
        counts={day.counts}
        countsFailed={day.countsFailed}
        visits={day.visits}
        visitsFailed={day.visitsFailed}
        sync={day.sync}
      />
      <VisitsCard visits={day.visits} failed={day.visitsFailed} />

      {data && (
        <section aria-label="Totals" className="admin-stats">
          <Link to="/admin/communities" className="admin-stat">
            <span className="admin-stat__label">Communities</span>
            <span className="admin-stat__value">{data.communities.length}</span>
          </Link>
          <Link to="/admin/listings" className="admin-stat">
            <span className="admin-stat__label">Listings</span>
            <span className="admin-stat__value">{data.listings.length}</span>
          </Link>
          <Link to="/admin/properties" className="admin-stat">
            <span className="admin-stat__label">Properties</span>
            <span className="admin-stat__value">{data.properties.length}</span>
          </Link>
          <div className="admin-stat" data-tone="highlight">
            <span className="admin-stat__label">Total items</span>
            <span className="admin-stat__value">{total}</span>
          </div>
        </section>
      )}

      {data && total === 0 && (
        <section className="admin-card admin-empty" aria-labelledby="dashboard-welcome">
          <h2 id="dashboard-welcome">Welcome to your back office</h2>
          <p>There is no content yet. Start by adding a community, then its listings and properties.</p>
          <Link to="/admin/communities" className="button button--primary">
            Add your first community
          </Link>
        </section>
      )}

      {data && (
        <div className="admin-grid-2">
          <section className="admin-card" aria-labelledby="dashboard-activity">
            <h2 id="dashboard-activity">Recent activity</h2>
            {activity.length === 0 ? (
              <p className="admin-muted">Nothing yet: new and updated items will show here.</p>
            ) : (
              <ul className="admin-list">
                {activity.map((item) => (
                  <li key={item.key} className="admin-activity">
                    <span className="admin-badge" data-tone={TYPE_TONE[item.type]}>
                      {item.type}
                    </span>
                    <span className="admin-activity__text">
                      <Link to={item.to}>{item.title || '(untitled)'}</Link>
                      <span className="admin-muted admin-small">
                        {item.action} {formatDateTime(item.at)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="admin-card" aria-labelledby="dashboard-links">
            <h2 id="dashboard-links">Quick links</h2>
            <nav className="admin-quick-links" aria-labelledby="dashboard-links">
              <Link to="/admin/communities">Manage communities</Link>
              <Link to="/admin/listings">Manage listings</Link>
              <Link to="/admin/properties">Manage properties</Link>
              <Link to="/admin/contacts">Lead inbox</Link>
              {/* Only what the signed-in role may open (SPEC §6): an ADMIN changes their own password there. */}
              {isSuperAdmin ? (
                <>
                  <Link to="/admin/settings">Site settings</Link>
                  <Link to="/admin/users">Admin users</Link>
                  <Link to="/admin/audit">Audit log</Link>
                </>
              ) : (
                <Link to="/admin/settings?tab=password">Change your password</Link>
              )}
              <Link to="/" target="_blank" rel="noopener">
                View the site ↗
              </Link>
            </nav>
          </section>
        </div>
      )}
      {!data && loading && !error && (
        <p className="admin-loading" role="status">
          Loading dashboard…
        </p>
      )}
    </>
  );
}
