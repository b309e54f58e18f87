/**
 * The audit log's filter and page, kept in the URL (like the lead inbox): ?actor=<id>&kind=<record kind>
 * &from=YYYY-MM-DD&to=YYYY-MM-DD&page=N. Changing a filter goes back to the first page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditRequest } from '@/data/repositories/admin/audit';
import { filterValuesFrom } from '../shared/filter-fields';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilterValues {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}
const FILTER_KEYS = ['actor', 'kind', 'from', 'to'] as const;

/** The filter as the URL holds it; empty values are left out. */
export const auditFilterFromParams = (params: URLSearchParams): AuditFilterValues =>
  filterValuesFrom(params, FILTER_KEYS);

/** The API request for this filter and page (an unknown kind in the URL is sent, so the server says what is wrong). */
export function auditRequestFor(filter: AuditFilterValues, page: number): AuditRequest {
  return {
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
    ...(filter.actor ? { actorId: filter.actor } : {}),
    ...(filter.kind ? { entity: filter.kind as AuditRequest['entity'] } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

export function useAuditFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => auditFilterFromParams(params), [params]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  /** Sets (a value) or clears (undefined) filters; a new filter starts again at the first page. */
  const setFilter = useCallback(
    (changes: AuditFilterValues) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  /** A link's `to` for another page of this filter. */
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  return {
    filter,
    page,
    hasFilters: FILTER_KEYS.some((key) => filter[key]),
    setFilter,
    pageLink,
  };
}
