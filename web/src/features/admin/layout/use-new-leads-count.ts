/**
 * NEW leads for the sidebar badge: counted on load, on every page change, after a lead is saved or deleted (the
 * lead queries are invalidated) and each minute. A failed count keeps the last known one.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { newLeadCountQuery } from '../shared/admin-queries';

const REFRESH_MS = 60_000;

export function useNewLeadsCount(): number | null {
  const { pathname } = useLocation();
  const { data, refetch } = useQuery({ ...newLeadCountQuery(), refetchInterval: REFRESH_MS });
  // A page change counts again (joining the first count instead of starting another).
  useEffect(() => {
    void refetch({ cancelRefetch: false });
  }, [pathname, refetch]);
  return data ?? null;
}
