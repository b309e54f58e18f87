/**
 * What the dashboard's "Today" section shows: the lead counts of GET /api/contacts/counts (new, without owner,
 * overdue), the visits of today and tomorrow from the visit requests, and this device's sync queue. The leads
 * come through the repositories, so offline they are counted from this device's copy (flagged `offline`).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Community } from '@domain/schemas/community';
import type { LeadFilter } from '@/data/repositories/admin/leads';
import { useSyncStatus } from '../layout/use-sync-status';
import { adminKeys, leadListQuery, leadsByStatusQuery } from '../shared/admin-queries';
import { upcomingVisits, type UpcomingVisits } from './upcoming-visits';

/** Every open visit request is read; the days are picked here, in Central Time. */
const VISIT_REQUESTS: LeadFilter = { interest: 'visit' };

export interface DayCounts {
  newLeads: number;
  unassigned: number;
  overdue: number;
}

export function useDayOverview(communities: readonly Community[] | undefined) {
  const queryClient = useQueryClient();
  const counts = useQuery(leadsByStatusQuery());
  const visitRequests = useQuery(leadListQuery(VISIT_REQUESTS));
  const sync = useSyncStatus();

  const communityNames = useMemo(
    () => new Map((communities ?? []).map((community) => [community.id, community.name])),
    [communities],
  );
  const visitLeads = visitRequests.data?.records;
  // "Today" is the day of the last load (like the "Last updated" time), so a render never reads the clock and a
  // refresh after midnight moves the days on.
  const loadedAt = visitRequests.dataUpdatedAt;
  const visits: UpcomingVisits | null = useMemo(
    () => (visitLeads ? upcomingVisits(visitLeads, new Date(loadedAt), communityNames) : null),
    [visitLeads, loadedAt, communityNames],
  );

  const dayCounts: DayCounts | null = counts.data
    ? {
        newLeads: counts.data.byStatus.NEW,
        unassigned: counts.data.unassigned,
        overdue: counts.data.overdue,
      }
    : null;
  return {
    counts: dayCounts,
    countsFailed: counts.isError,
    visits,
    visitsFailed: visitRequests.isError,
    sync,
    offline: Boolean(counts.data?.offline || visitRequests.data?.offline),
    loading: counts.isFetching || visitRequests.isFetching,
    // Every lead query on screen loads again: these two and the sidebar's count of new leads.
    refetch: () => void queryClient.invalidateQueries({ queryKey: adminKeys.leads }),
  };
}
