/** NEW leads for the sidebar badge: counted on load, on every page change, when a page says leads changed, each minute. */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { countNewLeads } from '@/data/repositories/admin/leads';
import { onLeadsChanged } from '../shared/events';

const REFRESH_MS = 60_000;

export function useNewLeadsCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const refresh = () => {
      countNewLeads().then(
        (value) => active && setCount(value),
        // Offline or a failed call: keep the last known count.
        () => undefined,
      );
    };
    refresh();
    const stop = onLeadsChanged(refresh);
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      active = false;
      stop();
      clearInterval(timer);
    };
  }, [enabled, pathname]);

  return count;
}
