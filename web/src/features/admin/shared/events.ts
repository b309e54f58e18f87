/** Page-to-shell signals inside the admin (for example: a lead's status changed, so the sidebar recounts NEW leads). */
const LEADS_CHANGED = 'admin:leads-changed';

export function notifyLeadsChanged(): void {
  window.dispatchEvent(new Event(LEADS_CHANGED));
}

export function onLeadsChanged(listener: () => void): () => void {
  window.addEventListener(LEADS_CHANGED, listener);
  return () => window.removeEventListener(LEADS_CHANGED, listener);
}
