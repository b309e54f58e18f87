/**
 * Save to Favorites (listing and community pages): a toggle button (aria-pressed) whose label says the state.
 * It saves on this device only, so it works offline; when the browser refuses storage the visitor is told why.
 */
import { useState } from 'react';
import { Icon } from '../../components/icon';
import { isSaved, toggleFavorite, useFavorites, type FavoriteItem } from './favorites-store';

export const HEART =
  '<path d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78L12 21.23l8.84-8.84a5.5 5.5 0 0 0 0-7.78z"/>';

export const SAVE_LABEL = 'Save to Favorites';
export const SAVED_LABEL = 'Saved to Favorites';
export const STORAGE_BLOCKED_MESSAGE =
  'This browser does not let the site save on this device. Allow site data (or leave private browsing) and try again.';

export function FavoriteButton({ item, className }: { item: FavoriteItem; className: string }) {
  const { rows } = useFavorites();
  const [failed, setFailed] = useState(false);
  const saved = isSaved(rows, item);
  const toggle = () =>
    toggleFavorite(item).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  return (
    <>
      <button type="button" className={`${className} favorite-button`} aria-pressed={saved} onClick={toggle}>
        <Icon svg={HEART} size={18} /> {saved ? SAVED_LABEL : SAVE_LABEL}
      </button>
      {failed && (
        <p className="field__error" role="alert">
          {STORAGE_BLOCKED_MESSAGE}
        </p>
      )}
    </>
  );
}
