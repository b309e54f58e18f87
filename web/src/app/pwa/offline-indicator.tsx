/**
 * A small status pill: "Available offline" for a moment once the offline pack is stored, and "Offline — showing
 * saved pages" while the device is offline. A polite live region, so screen readers hear the change.
 */
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { OfflineStatus } from './offline-pack-schedule';
import type { Store } from './store';

const STORED_NOTICE_MS = 6000;

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

export function OfflineIndicator({ store }: { store: Store<OfflineStatus> }) {
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [showStored, setShowStored] = useState(false);

  useEffect(() => {
    if (!status.storedAt) return;
    setShowStored(true);
    const timer = window.setTimeout(() => setShowStored(false), STORED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [status.storedAt]);

  return (
    <div role="status" aria-live="polite">
      {!status.online || status.fromShell ? (
        <span style={offlineStyle}>Offline — showing saved pages</span>
      ) : showStored ? (
        <span style={readyStyle}>
          <span aria-hidden="true">✓</span> Available offline
        </span>
      ) : null}
    </div>
  );
}
