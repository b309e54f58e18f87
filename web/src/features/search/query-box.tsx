/**
 * The /search page's words field: "4 bed under 400k", a community, a street. The words apply after a short pause
 * in typing or at once on Enter, and stay as typed (the page reads filters out of them). A plain GET form too,
 * carrying the other filters along, so a server-rendered page searches before its script runs.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { listingFiltersToParams, type ListingFilters } from './listing-filters';

/** Typing pause before the words are applied (each application is a navigation). */
const QUERY_DEBOUNCE_MS = 400;

interface QueryBoxProps {
  raw: ListingFilters;
  onQuery: (q: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function QueryBox({ raw, onQuery, inputRef }: QueryBoxProps) {
  const [query, setQuery] = useState(raw.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(raw.q);
  latest.current = raw.q;
  // The URL changed from elsewhere (a chip removed, Clear filters, back): show its words.
  const [queryFrom, setQueryFrom] = useState(raw.q);
  if (raw.q !== queryFrom) {
    setQueryFrom(raw.q);
    setQuery(raw.q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== latest.current) onQuery(value.trim());
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(query);
  };
  const others = [...listingFiltersToParams({ ...raw, q: '' }).entries()];

  return (
    <form
      className="query-box"
      method="get"
      action="/search"
      role="search"
      aria-label="Search homes"
      onSubmit={onSubmit}
    >
      <div className="field">
        <label htmlFor="search-q">Keywords</label>
        <input
          ref={inputRef}
          id="search-q"
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="Try “4 bed under 400k” or “townhome katy”"
          value={query}
          maxLength={100}
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(value), QUERY_DEBOUNCE_MS);
          }}
        />
      </div>
      {others.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--primary query-box__submit">
        Find homes
      </button>
    </form>
  );
}
