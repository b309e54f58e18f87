/**
 * The inbox's reads (TanStack Query): the leads of the current filter, newest first (the rows already shown stay
 * while another filter loads), and the count of each status for the Spam view's badge. A lead saved or deleted
 * here is changed in the list on screen as it is, and every other lead query (counts, the sidebar's NEW badge,
 * other filters) is invalidated.
 */
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Lead } from '@domain/schemas/lead';
import type { LeadFilter, LeadListResult } from '@/data/repositories/admin/leads';
import { adminKeys, leadListQuery, leadsByStatusQuery } from '../shared/admin-queries';
import { errorMessage, isAuthError } from '../shared/error-checks';
import { newestFirst } from './lead-time';
import type { LeadFilterValues } from './use-lead-filter';
import type { ViewCount } from './lead-views';

const sortNewestFirst = (result: LeadListResult): LeadListResult => ({
  ...result,
  records: newestFirst(result.records),
});

export function useLeads(values: LeadFilterValues) {
  const queryClient = useQueryClient();
  const filter = values as LeadFilter;
  const list = useQuery({ ...leadListQuery(filter), select: sortNewestFirst, placeholderData: keepPreviousData });
  const counts = useQuery(leadsByStatusQuery());
  const listHash = hashKey(adminKeys.leadList(filter));

  /** Loads the list and the counts again. */
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.leads });
  }, [queryClient]);

  const changeList = (change: (records: Lead[]) => Lead[]) => {
    queryClient.setQueryData<LeadListResult>(adminKeys.leadList(filter), (current) =>
      current ? { ...current, records: change(current.records) } : current,
    );
    void queryClient.invalidateQueries({
      queryKey: adminKeys.leads,
      predicate: (query) => query.queryHash !== listHash,
    });
  };

  // A count the server did not give is 'unavailable', not absent: the Spam view's count is what says the inbox
  // hides something (SPEC: never hidden without a count).
  const countOf = (pick: (data: NonNullable<typeof counts.data>) => number): ViewCount =>
    counts.data ? pick(counts.data) : counts.isError ? 'unavailable' : null;
  // A 401 sends the admin to login (the admin shell): no error text for it here.
  const error = list.error && !isAuthError(list.error) ? list.error : null;
  return {
    records: list.data?.records ?? null,
    offline: list.data?.offline ?? false,
    loading: list.isFetching,
    error: error ? errorMessage(error, 'Failed to load leads. Please try again.') : null,
    spamCount: countOf((data) => data.byStatus.SPAM),
    unassignedCount: countOf((data) => data.unassigned),
    overdueCount: countOf((data) => data.overdue),
    reload,
    saved: (lead: Lead) => changeList((records) => records.map((item) => (item.id === lead.id ? lead : item))),
    deleted: (id: string) => changeList((records) => records.filter((item) => item.id !== id)),
  };
}
