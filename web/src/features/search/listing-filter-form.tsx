/**
 * The listing filter form of the /search page and the community page: community (search page only), words
 * (search page only), price range, bedrooms, bathrooms, type, status and sort. Choices apply as soon as they
 * change (the page keeps them in the URL); words apply after a short pause in typing or on Enter. It is also a
 * plain GET form, so a server-rendered page filters before its script runs.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LISTING_STATUS_BADGES, LISTING_TYPES } from '@domain/constants';
import { formatUsd } from '@/utils/format';
import { LISTING_TYPE_LABELS } from '@/components/listing-labels';
import {
  BATH_STEPS,
  listingFiltersToParams,
  parseListingFilters,
  SEARCH_PAGE_DEFAULTS,
  PRICE_STEPS,
  ROOM_STEPS,
  SORT_LABELS,
  SORT_ORDERS,
  type ListingFilters,
  type ListingStatus,
  type ListingType,
  type SortOrder,
} from './listing-filters';

/** Typing pause before the words are applied (each application is a navigation). */
const QUERY_DEBOUNCE_MS = 400;

interface ListingFilterFormProps {
  /** Prefix of the field ids (two forms never share a page, but ids must be unique). */
  idPrefix: string;
  filters: ListingFilters;
  /** Where the plain form submits (the page's own path). */
  action: string;
  onChange: (next: ListingFilters) => void;
  /** The community choice; left out on a community's own page. */
  communities?: readonly { slug: string; name: string }[];
  /** The words field; left out on a community's own page. */
  withQuery?: boolean;
  /** What an unset choice means on this page (the community page shows available homes by default). */
  defaults?: ListingFilters;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** The form's text entries as the browser holds them (a plain GET form has no files). */
const formEntries = (form: HTMLFormElement): [string, string][] =>
  [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]);

export function ListingFilterForm({
  idPrefix,
  filters,
  action,
  onChange,
  communities,
  withQuery = false,
  defaults = SEARCH_PAGE_DEFAULTS,
}: ListingFilterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [query, setQuery] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(filters);
  latest.current = filters;

  // The URL changed from elsewhere (back button, a shared link, Clear filters): show its words (adjusted while
  // rendering, as in community-listing-filters.tsx, so mounting renders once).
  const [queryFrom, setQueryFrom] = useState(filters.q);
  if (filters.q !== queryFrom) {
    setQueryFrom(filters.q);
    setQuery(filters.q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  // The server renders this form, so a visitor may change it before the app has started (a slow phone), and the
  // browser restores a form's choices on a back navigation. Hydration leaves those choices on screen: apply them
  // once, on mount, so what the form shows is what the page lists (issue 12).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const shown = parseListingFilters(new URLSearchParams(formEntries(form)), defaults);
    const asParams = (value: ListingFilters) => listingFiltersToParams(value, defaults).toString();
    if (asParams(shown) === asParams(latest.current)) return;
    setQuery(shown.q);
    onChange(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only: later changes arrive through the fields' own handlers.
  }, []);

  const change = (patch: Partial<ListingFilters>) => onChange({ ...filters, ...patch });
  const applyQuery = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== latest.current.q) onChange({ ...latest.current, q: value.trim() });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyQuery(query);
  };
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form ref={formRef} className="listing-filters" method="get" action={action} role="search" onSubmit={onSubmit}>
      {withQuery && (
        <div className="field listing-filters__query">
          <label htmlFor={id('q')}>Keywords</label>
          <input
            id={id('q')}
            name="q"
            type="text"
            placeholder="Title, address or community"
            value={query}
            maxLength={100}
            onChange={(event) => {
              setQuery(event.target.value);
              clearTimeout(timer.current);
              const value = event.target.value;
              timer.current = setTimeout(() => applyQuery(value), QUERY_DEBOUNCE_MS);
            }}
          />
        </div>
      )}
      {communities && (
        <div className="field">
          <label htmlFor={id('community')}>Community</label>
          <select
            id={id('community')}
            name="community"
            value={filters.community}
            onChange={(event) => change({ community: event.target.value })}
          >
            <option value="">All communities</option>
            {communities.map((community) => (
              <option key={community.slug} value={community.slug}>
                {community.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={id('min-price')}>Min price</label>
        <select
          id={id('min-price')}
          name="minPrice"
          value={filters.minPrice ?? ''}
          onChange={(event) => change({ minPrice: numberOrNull(event.target.value) })}
        >
          <option value="">No min</option>
          {PRICE_STEPS.map((price) => (
            <option key={price} value={price}>
              {formatUsd(price)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('max-price')}>Max price</label>
        <select
          id={id('max-price')}
          name="maxPrice"
          value={filters.maxPrice ?? ''}
          onChange={(event) => change({ maxPrice: numberOrNull(event.target.value) })}
        >
          <option value="">No max</option>
          {PRICE_STEPS.map((price) => (
            <option key={price} value={price}>
              {formatUsd(price)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('beds')}>Beds</label>
        <select
          id={id('beds')}
          name="beds"
          value={filters.beds ?? ''}
          onChange={(event) => change({ beds: numberOrNull(event.target.value) })}
        >
          <option value="">Any</option>
          {ROOM_STEPS.map((beds) => (
            <option key={beds} value={beds}>
              {beds}+
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('baths')}>Baths</label>
        <select
          id={id('baths')}
          name="baths"
          value={filters.baths ?? ''}
          onChange={(event) => change({ baths: numberOrNull(event.target.value) })}
        >
          <option value="">Any</option>
          {BATH_STEPS.map((baths) => (
            <option key={baths} value={baths}>
              {baths}+
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('type')}>Type</label>
        <select
          id={id('type')}
          name="type"
          value={filters.type?.toLowerCase() ?? ''}
          onChange={(event) => change({ type: (event.target.value.toUpperCase() as ListingType | '') || null })}
        >
          <option value="">Any type</option>
          {LISTING_TYPES.map((type) => (
            <option key={type} value={type.toLowerCase()}>
              {LISTING_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('status')}>Status</label>
        <select
          id={id('status')}
          name="status"
          value={filters.status.toLowerCase()}
          onChange={(event) => change({ status: event.target.value.toUpperCase() as ListingStatus | 'ANY' })}
        >
          <option value="any">Any status</option>
          {(Object.keys(LISTING_STATUS_BADGES) as ListingStatus[]).map((status) => (
            <option key={status} value={status.toLowerCase()}>
              {LISTING_STATUS_BADGES[status].label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('sort')}>Sort by</label>
        <select
          id={id('sort')}
          name="sort"
          value={filters.sort}
          onChange={(event) => change({ sort: event.target.value as SortOrder })}
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {SORT_LABELS[order]}
            </option>
          ))}
        </select>
      </div>
      {/* For the words field (Enter) and for a page whose script has not run; the choices apply on change. */}
      {withQuery && (
        <button type="submit" className="button button--primary listing-filters__apply">
          Apply
        </button>
      )}
    </form>
  );
}
