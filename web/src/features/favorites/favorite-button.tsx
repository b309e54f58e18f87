/**
 * Save to Favorites (listing and community pages): a toggle button (aria-pressed) whose label says the state.
 * It saves on this device only, so it works offline; when the browser refuses storage the visitor is told why.
 */
import { useState } from 'react';
import { Icon } from '@/components/icon';
import { toggleFavorite, useFavorites, type FavoriteItem } from './favorites-store';
import { StorageProblem } from './storage-problem';

const HEART =
  '<path d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78L12 21.23l8.84-8.84a5.5 5.5 0 0 0 0-7.78z"/>';

/** `iconOnly`: the heart alone (a listing card), named "Save {label}" whatever the state, which aria-pressed tells. */
export function FavoriteButton({
  item,
  className,
  iconOnly = false,
}: {
  item: FavoriteItem;
  className: string;
  iconOnly?: boolean;
}) {
  const saved = useFavorites().rows.some((row) => row.kind === item.kind && row.id === item.id);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={`${className} favorite-button`}
        aria-pressed={saved}
        onClick={() => void toggleFavorite(item).then(setProblem)}
        aria-label={iconOnly ? `Save ${item.label}` : undefined}
      >
        <Icon svg={HEART} size={18} />
        {!iconOnly && ` ${saved ? 'Saved to Favorites' : 'Save to Favorites'}`}
      </button>
      <StorageProblem problem={problem} />
    </>
  );
}
