/**
 * A small status pill: "Available offline" for a moment once the offline pack is stored, "Offline — showing
 * saved pages" while the device is offline or the server cannot be reached (connection-watch.ts), how many
 * visitors' messages wait on this device to be sent, and "Sent: the team has your message" for a moment when a
 * visitor's queued request reaches the server. A polite live region, so
 * screen readers hear the change.
 */
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { showsOffline } from './connection-watch';
import type { OfflineStatus } from './offline-pack-schedule';
import type { Store } from './store';

const STORED_NOTICE_MS = 6000;
export const DELIVERED_TEXT = 'Sent: the team has your message';

const pillStyle: CSSProperties = {
  position: 'fixed',
  left: 12,
  bottom: 12,
  zIndex: 999,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '4px 12px',
  borderRadius: 999,
  font: '13px/1.5 system-ui, sans-serif',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.12)',
  pointerEvents: 'none',
};
const readyStyle: CSSProperties = {
  ...pillStyle,
  background: '#ecfdf5',
  color: '#065f46',
  border: '1px solid #6ee7b7',
};
const offlineStyle: CSSProperties = {
  ...pillStyle,
  background: '#fff7ed',
  color: '#7c2d12',
  border: '1px solid #fdba74',
};

/** True for STORED_NOTICE_MS after each new `at` (0: never). */
function useMoment(at: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!at) return;
    setShown(true);
    const timer = window.setTimeout(() => setShown(false), STORED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [at]);
  return shown;
}

/**
 * Visitors' messages kept on this device and not yet sent (a popup that said "saved" has closed, the server asked
 * to wait): always counted in sight, never only in a dialog (null when none).
 */
export function waitingText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? 'message' : 'messages'} waiting to send`;
}

export function OfflineIndicator({ store }: { store: Store<OfflineStatus> }) {
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const showStored = useMoment(status.storedAt);
  const showDelivered = useMoment(status.deliveredAt);

  const waiting = waitingText(status.waiting);

  return (
    <div role="status" aria-live="polite">
      {showDelivered && !waiting ? (
        <span style={readyStyle}>
          <span aria-hidden="true">✓</span> {DELIVERED_TEXT}
        </span>
      ) : showsOffline(status) ? (
        <span style={offlineStyle}>Offline — showing saved pages{waiting && ` · ${waiting}`}</span>
      ) : waiting ? (
        <span style={offlineStyle}>{waiting}</span>
      ) : showStored ? (
        <span style={readyStyle}>
          <span aria-hidden="true">✓</span> Available offline
        </span>
      ) : null}
    </div>
  );
}
