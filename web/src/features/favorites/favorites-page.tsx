/**
 * /favorites: what this visitor saved on this device, the side-by-side comparison of 2 to 4 saved homes and
 * 'Send my shortlist to a sales agent'. The server renders only the page's frame (it cannot know a device's
 * favourites); the browser fills it from IndexedDB, and the homes' details come from the public reader (server
 * first, the device's copy offline), so the page works offline too.
 */
import { Link } from 'react-router-dom';
import { useEffect, useState, type ComponentProps } from 'react';
import type { CommunityListItem } from '@domain/schemas/community';
import type { Listing } from '@domain/schemas/listing';
import { publicReader } from '@/data/public-reader';
import { formatUsd } from '@/utils/format';
import { lazyWithPreload } from '@/components/lazy-with-preload';
import { RoomFacts, statusBadge } from '@/components/listing-labels';
import { buildComparison, selectionProblem } from './compare';
import { CompareTable } from './compare-table';
import { STORAGE_BLOCKED_MESSAGE } from './favorites-messages';
import { loadFavoritesNow, removeFavorite, useFavorites, type FavoriteRow } from './favorites-store';
import { SHORTLIST_MAX_LISTINGS } from './shortlist';
import type { ShortlistDialog as ShortlistDialogCode } from './shortlist-dialog';
import { StorageProblem } from './storage-problem';

// The shortlist form (with its validation and the modal) loads when the visitor reaches its button.
const [ShortlistDialog, preloadShortlistDialog, showShortlistDialog] = lazyWithPreload<
  ComponentProps<typeof ShortlistDialogCode>
>(() => import('./shortlist-dialog').then((module) => ({ default: module.ShortlistDialog })));

interface Details {
  status: 'loading' | 'ready' | 'error';
  listings: Map<string, Listing>;
  communities: Map<string, CommunityListItem>;
}

/** The current records of every listing and community (for prices, facts and names), loaded once. */
function useDetails(): Details {
  const [details, setDetails] = useState<Details>({ status: 'loading', listings: new Map(), communities: new Map() });
  useEffect(() => {
    let live = true;
    publicReader()
      .then((reader) => Promise.all([reader.listListings(), reader.listCommunities()]))
      .then(
        ([listings, communities]) =>
          live &&
          setDetails({
            status: 'ready',
            listings: new Map(listings.map((listing) => [listing.id, listing])),
            communities: new Map(communities.map((community) => [community.id, community])),
          }),
        () => live && setDetails((current) => ({ ...current, status: 'error' })),
      );
    return () => {
      live = false;
    };
  }, []);
  return details;
}

const DETAILS_UNAVAILABLE = 'Details are not on this device yet. Open it once online to see them here.';

export function FavoritesPage() {
  const favorites = useFavorites();
  useEffect(loadFavoritesNow, []);
  const details = useDetails();
  const [chosen, setChosen] = useState<string[]>([]);
  const [shortlistOpen, setShortlistOpen] = useState(false);

  if (favorites.status === 'loading')
    return (
      <p className="favorites-status" role="status">
        Loading your favorites...
      </p>
    );
  if (favorites.status === 'unavailable') return <p className="notice notice--error">{STORAGE_BLOCKED_MESSAGE}</p>;
  // Storage that does not answer ('stuck'): never "No favorites yet", the device may hold some it cannot read now.
  const notice = favorites.notice && (
    <p className="notice notice--error" role="alert">
      {favorites.notice}
    </p>
  );
  if (notice && !favorites.rows.length) return notice;

  const savedListings = favorites.rows.filter((row) => row.kind === 'listing');
  const savedCommunities = favorites.rows.filter((row) => row.kind === 'community');
  if (savedListings.length === 0 && savedCommunities.length === 0)
    return (
      <div className="empty-state">
        <h2>No favorites yet</h2>
        <p>
          Tap Save to Favorites on a home or a community to keep it here. Favorites stay on this device, even offline.
        </p>
        <Link to="/communities" className="button button--primary">
          Browse Communities
        </Link>
      </div>
    );

  // Only homes still saved and whose details are known can be compared.
  const comparable = chosen.filter((id) => savedListings.some((row) => row.id === id) && details.listings.has(id));
  const problem = selectionProblem(comparable.length);
  const communityNames = Object.fromEntries([...details.communities].map(([id, community]) => [id, community.name]));
  const toggleChosen = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const shortlist = savedListings.slice(0, SHORTLIST_MAX_LISTINGS).map((row) => {
    const listing = details.listings.get(row.id);
    return { id: row.id, title: listing?.title ?? row.label, address: listing?.address, price: listing?.price };
  });

  return (
    <>
      {notice}
      {details.status === 'error' && (
        <p className="notice notice--error">
          The homes&rsquo; details could not be loaded. Check your connection and reload the page.
        </p>
      )}
      <section className="favorites-section" aria-labelledby="saved-homes-title">
        <h2 id="saved-homes-title">Saved Homes ({savedListings.length})</h2>
        {savedListings.length === 0 ? (
          <p className="empty-state">No saved homes yet. Save a home from its page to compare it here.</p>
        ) : (
          <>
            <ul className="favorites-list" role="list">
              {savedListings.map((row) => (
                <SavedHome
                  key={row.key}
                  row={row}
                  listing={details.listings.get(row.id)}
                  detailsLoading={details.status === 'loading'}
                  chosen={chosen.includes(row.id)}
                  onChoose={(on) => toggleChosen(row.id, on)}
                />
              ))}
            </ul>
            <div className="favorites-shortlist">
              <button
                type="button"
                className="button button--primary"
                onClick={() => showShortlistDialog(() => setShortlistOpen(true))}
                onPointerEnter={preloadShortlistDialog}
                onFocus={preloadShortlistDialog}
              >
                Send my shortlist to a sales agent
              </button>
              {savedListings.length > SHORTLIST_MAX_LISTINGS && (
                <p className="muted">The {SHORTLIST_MAX_LISTINGS} most recently saved homes are sent.</p>
              )}
            </div>
          </>
        )}
      </section>

      {savedListings.length > 0 && (
        <section className="favorites-section" aria-labelledby="compare-title" id="compare">
          <h2 id="compare-title">Compare Homes</h2>
          <p className={problem && comparable.length > 4 ? 'notice notice--error' : 'muted'} role="status">
            {problem ?? 'Side by side: scroll sideways on a small screen.'}
          </p>
          {!problem && (
            <CompareTable
              comparison={buildComparison(
                comparable.map((id) => details.listings.get(id)!),
                communityNames,
              )}
            />
          )}
        </section>
      )}

      <section className="favorites-section" aria-labelledby="saved-communities-title">
        <h2 id="saved-communities-title">Saved Communities ({savedCommunities.length})</h2>
        {savedCommunities.length === 0 ? (
          <p className="empty-state">No saved communities yet.</p>
        ) : (
          <ul className="favorites-list" role="list">
            {savedCommunities.map((row) => {
              const community = details.communities.get(row.id);
              return (
                <li key={row.key} className="favorite-item">
                  <div className="favorite-item__body">
                    <h3 className="card__title">
                      <Link to={community ? `/community/${community.slug}` : row.path}>
                        {community?.name ?? row.label}
                      </Link>
                    </h3>
                    <p className="card__text">
                      {community
                        ? [community.location, community.priceRange].filter(Boolean).join(' · ')
                        : details.status === 'loading'
                          ? 'Loading details...'
                          : DETAILS_UNAVAILABLE}
                    </p>
                  </div>
                  <RemoveButton row={row} name={community?.name ?? row.label} />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {shortlistOpen && <ShortlistDialog homes={shortlist} onClose={() => setShortlistOpen(false)} />}
    </>
  );
}

function SavedHome(props: {
  row: FavoriteRow;
  listing: Listing | undefined;
  detailsLoading: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const { row, listing, detailsLoading, chosen, onChoose } = props;
  const title = listing?.title ?? row.label;
  return (
    <li className="favorite-item">
      <div className="favorite-item__body">
        {listing && <p className="listing-card__price">{formatUsd(listing.price)}</p>}
        <h3 className="card__title">
          <Link to={row.path}>{title}</Link>
        </h3>
        {listing ? (
          <>
            <p className="card__text">
              {listing.address} · {statusBadge(listing.status).label}
            </p>
            <RoomFacts home={listing} />
          </>
        ) : (
          <p className="card__text">{detailsLoading ? 'Loading details...' : DETAILS_UNAVAILABLE}</p>
        )}
      </div>
      <div className="favorite-item__actions">
        <label className="favorite-item__compare">
          <input
            type="checkbox"
            checked={chosen}
            disabled={!listing}
            onChange={(event) => onChoose(event.target.checked)}
          />{' '}
          Compare<span className="visually-hidden"> {title}</span>
        </label>
        <RemoveButton row={row} name={title} />
      </div>
    </li>
  );
}

function RemoveButton({ row, name }: { row: FavoriteRow; name: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  // The row goes with this button, and the focus would fall to the page: it moves to the next row's button (or the
  // previous row's), else to the page's heading. Found before removing: the row may be gone once it is stored.
  const remove = (item: Element | null) => {
    const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('button');
    void removeFavorite(row).then((found) => {
      setProblem(found);
      if (!found) (next ?? document.getElementById('favorites-title'))?.focus();
    });
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={(event) => remove(event.currentTarget.closest('li'))}
      >
        Remove<span className="visually-hidden"> {name} from favorites</span>
      </button>
      <StorageProblem problem={problem} />
    </>
  );
}
