/**
 * Whether this device is online, as TanStack's onlineManager tells it (the same signal that refetches, on
 * reconnection, the lists read from this device's copy; see query-client.ts). It follows the browser's 'online'
 * and 'offline' events from navigator.onLine at start: false is reliable, true only means "maybe".
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
