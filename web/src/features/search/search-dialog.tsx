/**
 * The header's search dialog (DESIGN §6): instant results over communities and listings, read once from the
 * device (IndexedDB, data/search-source) so it works offline. ARIA combobox pattern: the input owns a listbox of
 * grouped options; ArrowDown/ArrowUp move the active option (aria-activedescendant, wrapping), Enter opens it (or,
 * with none active, the /search page for the words typed), Escape closes and focus returns to the search button
 * (Modal). Loaded on the first click of the button (lazy-search-dialog), never with the page.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '@/components/modal';
import { formatUsd } from '@/utils/format';
import { statusBadge } from '@/components/listing-labels';
import { foundText, instantSearch, NO_RESULTS, type CommunityHit, type ListingHit } from './instant-search';
import type { SearchRecords } from '@/data/search-source';

type Load = { state: 'loading' } | { state: 'ready'; records: SearchRecords } | { state: 'error' };

export interface SearchDialogProps {
  onClose: () => void;
}

export function SearchDialog({ onClose }: SearchDialogProps) {
  const navigate = useNavigate();
  const baseId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    import('@/data/search-source')
      .then((source) => source.loadSearchRecords())
      .then(
        (records) => current && setLoad({ state: 'ready', records }),
        (error: unknown) => {
          console.warn('Search records unavailable', error);
          if (current) setLoad({ state: 'error' });
        },
      );
    return () => {
      current = false;
    };
  }, [attempt]);

  const results = useMemo(
    () => (load.state === 'ready' ? instantSearch(query, load.records.communities, load.records.listings) : NO_RESULTS),
    [load, query],
  );
  const options: (CommunityHit | ListingHit)[] = [...results.communities, ...results.listings];
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const listboxId = `${baseId}-results`;
  const hasQuery = query.trim() !== '';
  const expanded = load.state === 'ready' && hasQuery && options.length > 0;
  const searchPageHref = `/search?${new URLSearchParams({ q: query.trim() }).toString()}`;

  // Keep the active option visible in a scrolled list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const open = (href: string) => {
    onClose();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) =>
        index < 0 && step < 0 ? options.length - 1 : (index + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) open(chosen.href);
      else if (hasQuery) open(searchPageHref);
    }
  };

  const status =
    load.state === 'loading'
      ? 'Loading communities and homes…'
      : load.state === 'error'
        ? ''
        : !hasQuery
          ? ''
          : options.length === 0
            ? `No communities or homes match "${query.trim()}".`
            : foundText(results);

  const renderOption = (hit: CommunityHit | ListingHit, index: number) => (
    <li
      key={hit.href}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className="search-option"
      // Keep focus in the input: the click must not blur it before it navigates.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => open(hit.href)}
      onMouseMove={() => setActive(index)}
    >
      {hit.kind === 'community' ? (
        <>
          <span className="search-option__title">{hit.name}</span>
          <span className="search-option__meta">
            {hit.location}
            {hit.matchedAmenity && ` · ${hit.matchedAmenity}`}
          </span>
        </>
      ) : (
        <>
          <span className="search-option__title">{hit.title}</span>
          <span className="search-option__meta">
            {formatUsd(hit.price)} · {statusBadge(hit.status).label} · {hit.address}
            {hit.communityName && ` · ${hit.communityName}`}
          </span>
        </>
      )}
    </li>
  );

  return (
    <Modal titleId={`${baseId}-title`} title="Search" onClose={onClose}>
      <div className="search-dialog">
        <div className="field">
          <label htmlFor={`${baseId}-input`}>Communities and homes</label>
          <input
            id={`${baseId}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder="Name, city, amenity or address"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={`${baseId}-status`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <p id={`${baseId}-status`} className="search-dialog__status" role="status">
          {status}
        </p>
        {load.state === 'error' && (
          <div className="search-dialog__empty">
            <p>Search could not read the communities and homes. Check your connection, then try again.</p>
            <button type="button" className="button button--primary" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </button>
          </div>
        )}
        {load.state === 'ready' && !hasQuery && (
          <p className="search-dialog__hint">
            Try a community such as “Indigo”, a city such as “Katy”, an amenity such as “pool”, or a street.
          </p>
        )}
        <ul id={listboxId} role="listbox" aria-label="Search results" className="search-results" hidden={!expanded}>
          {results.communities.length > 0 && (
            <li role="presentation">
              <p className="search-results__heading" id={`${baseId}-communities`} aria-hidden="true">
                Communities
              </p>
              <ul role="group" aria-labelledby={`${baseId}-communities`}>
                {results.communities.map((hit, index) => renderOption(hit, index))}
              </ul>
            </li>
          )}
          {results.listings.length > 0 && (
            <li role="presentation">
              <p className="search-results__heading" id={`${baseId}-listings`} aria-hidden="true">
                Homes
              </p>
              <ul role="group" aria-labelledby={`${baseId}-listings`}>
                {results.listings.map((hit, index) => renderOption(hit, results.communities.length + index))}
              </ul>
            </li>
          )}
        </ul>
        {load.state === 'ready' && hasQuery && (
          <p className="search-dialog__more">
            <Link to={options.length === 0 ? '/search' : searchPageHref} onClick={onClose}>
              {options.length === 0 ? 'Browse all homes with filters' : 'See all matching homes with filters'}
            </Link>
          </p>
        )}
      </div>
    </Modal>
  );
}
