/**
 * The inbox's views (issue 18): everything, the signed-in admin's leads, open leads without an owner and overdue
 * next steps (each with its count, so nothing waits unseen), and spam (SPEC: never hidden without a count).
 */
import { Link } from 'react-router-dom';
import type { LeadFilterValues } from './use-lead-filter';

type ViewName = 'inbox' | 'mine' | 'unassigned' | 'overdue' | 'spam';

/** Which view a filter is (a filter set by hand beside a view still counts as that view). */
export function viewOf(filter: LeadFilterValues): ViewName {
  if (filter.status === 'SPAM') return 'spam';
  if (filter.overdue === 'true') return 'overdue';
  if (filter.owner === 'me') return 'mine';
  if (filter.owner === 'unassigned') return 'unassigned';
  return 'inbox';
}

/** A view's count: a number, null while it loads, or 'unavailable' when the server did not give it. */
export type ViewCount = number | null | 'unavailable';

function CountBadge({ count, testId }: { count: ViewCount; testId: string }) {
  if (count === null) return null;
  if (count === 'unavailable') {
    // Not nothing: the Spam view's count is what says the inbox leaves something out.
    return (
      <span className="admin-count-badge" data-testid={testId} title="The count could not be loaded">
        ?<span className="admin-visually-hidden"> (the count could not be loaded)</span>
      </span>
    );
  }
  return (
    <span className="admin-count-badge" data-testid={testId}>
      {count}
    </span>
  );
}

export function LeadViews({
  filter,
  counts,
}: {
  filter: LeadFilterValues;
  counts: { spam: ViewCount; unassigned: ViewCount; overdue: ViewCount };
}) {
  const view = viewOf(filter);
  const current = (name: ViewName) => (view === name ? { 'aria-current': 'page' as const } : {});
  return (
    <nav className="admin-view-switch" aria-label="Lead views">
      <Link to="/admin/contacts" {...current('inbox')}>
        Inbox
      </Link>
      <Link to="/admin/contacts?owner=me" {...current('mine')}>
        Mine
      </Link>
      <Link to="/admin/contacts?owner=unassigned" {...current('unassigned')}>
        Unassigned
        <CountBadge count={counts.unassigned} testId="unassigned-count" />
      </Link>
      <Link to="/admin/contacts?overdue=true" {...current('overdue')}>
        Overdue
        <CountBadge count={counts.overdue} testId="overdue-count" />
      </Link>
      <Link to="/admin/contacts?status=SPAM" {...current('spam')}>
        Spam
        <CountBadge count={counts.spam} testId="spam-count" />
      </Link>
    </nav>
  );
}
