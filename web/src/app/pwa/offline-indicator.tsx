/**
 * A small status pill: "Available offline" for a moment once the offline pack is stored, "Offline — showing
 * saved pages" while the device is offline or the server cannot be reached (connection-watch.ts), how many
 * visitors' messages wait on this device to be sent and how many the server refused after they were queued, and
 * "Sent: the team has your message" for a moment when a visitor's queued request reaches the server. A polite
 * live region, so screen readers hear the change.
 */
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { showsOffline } from './connection-watch';
import type { VisitorQueue } from '@/data/visitor-queue';
import type { OfflineStatus } from './offline-pack-schedule';
import type { Store } from './store';

const STORED_NOTICE_MS = 6000;
export const DELIVERED_TEXT = 'Sent: the team has your message';

/** Bottom left; a layout with something of its own there moves it (the back office: admin.css). */
const pillStyle: CSSProperties = {
  position: 'fixed',
  left: 'var(--offline-pill-left, 12px)',
  bottom: 12,
  zIndex: 'var(--offline-pill-z, 999)',
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

const messages = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

/**
 * Visitors' messages kept on this device: those not yet sent (a popup that said "saved" has closed, the server
 * asked to wait) and those the server refused once they were queued (kept on the device, never sent on their own:
 * the visitor has to reach the team again). Always counted in sight, never only in a dialog (null when none).
 */
export function visitorQueueText({ waiting, refused }: VisitorQueue): string | null {
  const parts = [
    waiting > 0 ? `${messages(waiting)} waiting to send` : '',
    refused > 0 ? `${messages(refused)} could not be sent: please contact us again` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** The moment after a pack is stored: all of it, or what it could not keep (never "Available offline" alone then). */
export function packStoredText(photosMissing: number): string {
  return photosMissing > 0
    ? `Available offline, but ${photosMissing} ${photosMissing === 1 ? 'photo' : 'photos'} could not be saved on this device`
    : 'Available offline';
}

export function OfflineIndicator({ store }: { store: Store<OfflineStatus> }) {
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const showStored = useMoment(status.storedAt);
  const showDelivered = useMoment(status.deliveredAt);

  const queueText = visitorQueueText(status);

  return (
    <div role="status" aria-live="polite">
      {showDelivered && !status.waiting ? (
        <span style={readyStyle}>
          <span aria-hidden="true">✓</span> {DELIVERED_TEXT}
          {queueText && ` · ${queueText}`}
        </span>
      ) : showsOffline(status) ? (
        <span style={offlineStyle}>Offline — showing saved pages{queueText && ` · ${queueText}`}</span>
      ) : queueText ? (
        <span style={offlineStyle}>{queueText}</span>
      ) : showStored ? (
        <span style={status.photosMissing ? offlineStyle : readyStyle}>
          {!status.photosMissing && <span aria-hidden="true">✓ </span>}
          {packStoredText(status.photosMissing)}
        </span>
      ) : null}
    </div>
  );
}
