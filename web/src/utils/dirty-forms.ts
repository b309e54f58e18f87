/**
 * Which forms hold unsaved input (DESIGN §5 "Service worker": an update is applied only when no form is dirty).
 * Dependency-free and tiny: a form calls markDirty(id) on its first change and markClean(id) once it is saved,
 * reset or unmounted; the update prompt and the chunk-reload guard ask anyDirty() before reloading the page.
 */
type Listener = () => void;

const dirty = new Set<string>();
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const formDirtyRegistry = {
  markDirty(id: string): void {
    if (dirty.has(id)) return;
    dirty.add(id);
    notify();
  },
  markClean(id: string): void {
    if (dirty.delete(id)) notify();
  },
  anyDirty(): boolean {
    return dirty.size > 0;
  },
  /** Called after every change of anyDirty(); returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const { markDirty, markClean, anyDirty } = formDirtyRegistry;
