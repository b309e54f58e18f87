/**
 * "New version available" with a Reload button (DESIGN §5 "Service worker"). Reload is offered only when no form
 * holds unsaved input and no sync drain runs; otherwise the button says what it waits for.
 */
import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Store } from './store';

export interface UpdateState {
  /** A new version is installed (waiting), or already took over in another tab. */
  available: boolean;
  /** The user chose Reload: the update is being applied. */
  applying: boolean;
  dismissed: boolean;
  dirty: boolean;
  draining: boolean;
}

export const initialUpdateState: UpdateState = {
  available: false,
  applying: false,
  dismissed: false,
  dirty: false,
  draining: false,
};

/** Why the update cannot be applied now, or null when it can. */
export function updateBlocker(state: Pick<UpdateState, 'dirty' | 'draining'>): string | null {
  if (state.dirty) return 'Save or discard your changes first';
  if (state.draining) return 'Waiting for sync to finish';
  return null;
}

const boxStyle: CSSProperties = {
  position: 'fixed',
  right: 12,
  bottom: 12,
  zIndex: 1000,
  maxWidth: 'calc(100vw - 24px)',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  padding: '10px 12px',
  background: '#ffffff',
  color: '#1f2937',
  border: '1px solid #d1d5db',
  borderRadius: 8,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.15)',
  font: '14px/1.4 system-ui, sans-serif',
};
const buttonStyle: CSSProperties = {
  font: 'inherit',
  padding: '6px 12px',
  borderRadius: 6,
  border: '1px solid #0b3d91',
  cursor: 'pointer',
};

export function UpdatePrompt({
  store,
  onReload,
  onLater,
}: {
  store: Store<UpdateState>;
  onReload: () => void;
  onLater: () => void;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!state.available || state.dismissed) return null;
  const blocker = updateBlocker(state);
  return (
    <div role="region" aria-label="App update" style={boxStyle}>
      <p role="status" style={{ margin: 0 }}>
        New version available
        {blocker ? <span style={{ display: 'block', fontSize: 12, color: '#4b5563' }}>{blocker}</span> : null}
      </p>
      <button
        type="button"
        onClick={onReload}
        disabled={Boolean(blocker) || state.applying}
        style={{ ...buttonStyle, background: '#0b3d91', color: '#ffffff', opacity: blocker ? 0.6 : 1 }}
      >
        {state.applying ? 'Reloading…' : 'Reload'}
      </button>
      <button type="button" onClick={onLater} style={{ ...buttonStyle, background: '#ffffff', color: '#0b3d91' }}>
        Later
      </button>
    </div>
  );
}
