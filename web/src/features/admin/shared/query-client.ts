/**
 * The back office's one QueryClient (provided by the admin app root, app/routes/admin/admin-app.tsx), with the
 * defaults that keep the admin's read rules (SPEC §4 "Admin reads", DESIGN §5):
 * - the repositories decide what happens offline (this device's copy answers, flagged `offline`), so queries run
 *   whatever the connection (networkMode 'always') and are never retried: an error is shown at once, as it comes;
 * - a query whose answer came from this device's copy is fetched again when TanStack's onlineManager says the
 *   connection is back; no refetch on window focus;
 * - a list lives as long as a screen shows it (gcTime 0): a page opened again loads again, as it always has.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';

/** True for a repository answer read from this device's copy because the server could not be reached. */
export function isDeviceCopy(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { offline?: unknown }).offline === true;
}

export function createAdminQueryClient(): QueryClient {
  // onlineManager assumes "online" until an 'offline' event; a back office opened offline starts offline, so the
  // 'online' event that follows counts as a reconnection.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
    onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: (query) => isDeviceCopy(query.state.data),
        gcTime: 0,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
