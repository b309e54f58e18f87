/**
 * The inbox's filter, kept in the URL (DESIGN §6): status, interest, source, community, owner (me, unassigned, an
 * admin), overdue, search text and date range, and the spam view (status=SPAM). The lead shown in the detail
 * panel has its own address, /admin/leads/:id, with the list's filter in its query, so a link or a reload opens
 * it and closing it returns to the same list (/admin/contacts?lead=id, the earlier form, still opens it).
 */
import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { filterValuesFrom } from '../shared/filter-fields';

export const FILTER_KEYS = [
  'status',
  'interest',
  'source',
  'communityId',
  'owner',
  'overdue',
  'q',
  'from',
  'to',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type LeadFilterValues = Partial<Record<FilterKey, string>>;
/** URL parameters to set (a value) or remove (undefined). */
export type ParamChanges = Record<string, string | undefined>;

/** The filter as the URL holds it; empty values are left out. */
export const filterFromParams = (params: URLSearchParams): LeadFilterValues => filterValuesFrom(params, FILTER_KEYS);

function withChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The list's address (no lead) or a lead's own, with the query `params` holds (its `lead` parameter dropped). */
export function leadsPath(params: URLSearchParams, leadId: string | undefined): string {
  const query = new URLSearchParams(params);
  query.delete('lead');
  const search = query.toString();
  const path = leadId ? `/admin/leads/${encodeURIComponent(leadId)}` : '/admin/contacts';
  return search ? `${path}?${search}` : path;
}

export function useLeadFilter() {
  const [params, setParams] = useSearchParams();
  const { leadId } = useParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const spamView = filter.status === 'SPAM';

  /** Changes the URL: a new history entry, or (`replace`) the current one. */
  const updateParams = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => {
      setParams((current) => withChanges(current, changes), { replace: options.replace ?? false });
    },
    [setParams],
  );

  const selectedId = leadId ?? params.get('lead');

  /** A link's `to` for this view with some parameters changed; `lead` opens (an id) or closes (undefined) a lead. */
  const linkTo = (changes: ParamChanges) => {
    const next = withChanges(params, changes);
    return leadsPath(next, 'lead' in changes ? changes.lead : (selectedId ?? undefined));
  };

  return {
    filter,
    selectedId,
    spamView,
    /** Filters other than the view itself (the spam view's status) are set. */
    hasFilters: FILTER_KEYS.some((key) => key !== 'status' && filter[key]) || (!spamView && Boolean(filter.status)),
    updateParams,
    linkTo,
  };
}
