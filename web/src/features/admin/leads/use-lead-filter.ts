/**
 * The inbox's filter, kept in the URL (DESIGN §6): status, interest, source, community, search text and date range,
 * the lead shown in the detail panel (?lead=id), and the spam view (status=SPAM).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const FILTER_KEYS = ['status', 'interest', 'source', 'communityId', 'q', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type LeadFilterValues = Partial<Record<FilterKey, string>>;
/** URL parameters to set (a value) or remove (undefined). */
export type ParamChanges = Record<string, string | undefined>;

/** The filter as the URL holds it; empty values are left out. */
export function filterFromParams(params: URLSearchParams): LeadFilterValues {
  const filter: LeadFilterValues = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

function withChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function useLeadFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const spamView = filter.status === 'SPAM';

  /** Changes the URL: a new history entry, or (`replace`) the current one. */
  const updateParams = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => {
      setParams((current) => withChanges(current, changes), { replace: options.replace ?? false });
    },
    [setParams],
  );

  /** A link's `to` for this view with some parameters changed. */
  const linkTo = (changes: ParamChanges) => {
    const query = withChanges(params, changes).toString();
    return query ? `?${query}` : '?';
  };

  return {
    filter,
    selectedId: params.get('lead'),
    spamView,
    /** Filters other than the view itself (the spam view's status) are set. */
    hasFilters: FILTER_KEYS.some((key) => key !== 'status' && filter[key]) || (!spamView && Boolean(filter.status)),
    updateParams,
    linkTo,
  };
}
