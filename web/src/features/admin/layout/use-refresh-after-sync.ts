/**
 * Screens show the server's copy once this device's queued changes reach it. A list read online and then edited
 * offline holds the device's view (queued changes applied, a lead's note marked "Waiting to sync"); nothing else
 * would read it again when the sync worker delivers, so every admin query is invalidated after each delivery
 * (the outbox's lastSyncAt moves), once a burst of deliveries has settled. Open editors keep their unsaved edits:
 * they take a newer copy only when nothing was edited.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminKeys } from '../shared/admin-queries';

/** Deliveries closer together than this are one refresh (a queue of 30 edits is not 30 refetches). */
const SETTLE_MS = 400;

export function useRefreshAfterSync(lastSyncAt: number | null): void {
  const queryClient = useQueryClient();
  // Deliveries before this screen opened are already in what it read (the same device's clock stamps both).
  const [openedAt] = useState(Date.now);
  useEffect(() => {
    if (lastSyncAt === null || lastSyncAt < openedAt) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: adminKeys.all }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [lastSyncAt, openedAt, queryClient]);
}
