/** The header's Favorites link, with how many items are saved on this device (shown after hydration). */
import { Link } from 'react-router-dom';
import { useFavorites } from './favorites-store';

export function FavoritesLink({ current }: { current: boolean }) {
  const count = useFavorites().rows.length;
  return (
    <Link to="/favorites" aria-current={current ? 'page' : undefined}>
      Favorites
      {count > 0 && (
        <span className="nav-count">
          <span className="visually-hidden">, </span>
          {count}
          <span className="visually-hidden"> saved</span>
        </span>
      )}
    </Link>
  );
}
