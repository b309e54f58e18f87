/**
 * The Table / Cards choice an admin made last, kept on this device: choosing Cards on a wide screen (or Table on a
 * narrow one) sticks across the three content pages and the sidebar's links, which carry no `view` parameter. A
 * `view` in the URL still wins (a shared link names its view). localStorage may be unusable (private modes): then
 * only the screen width and the URL decide.
 */
import type { TableView } from './table-model';

export const VIEW_PREFERENCE_KEY = 'admin-record-view';

export function readViewPreference(): TableView | undefined {
  try {
    const stored = localStorage.getItem(VIEW_PREFERENCE_KEY);
    return stored === 'table' || stored === 'cards' ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function saveViewPreference(view: TableView): void {
  try {
    localStorage.setItem(VIEW_PREFERENCE_KEY, view);
  } catch {
    // Not kept: the choice still holds through the URL for this page.
  }
}
