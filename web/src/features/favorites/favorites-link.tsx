/** The header's Favorites link, with how many items are saved on this device (after hydration). */
import { PrefetchLink } from '../../components/prefetch-link';
import { useFavorites } from './favorites-store';

export function FavoritesLink({ current }: { current: boolean }) {
  const { rows } = useFavorites();
  return (
    <PrefetchLink to="/favorites" aria-current={current ? 'page' : undefined}>
      Favorites
      {rows.length > 0 && (
        <span className="nav-count">
          <span className="visually-hidden">, </span>
          {rows.length}
          <span className="visually-hidden"> saved</span>
        </span>
      )}
    </PrefetchLink>
  );
}
