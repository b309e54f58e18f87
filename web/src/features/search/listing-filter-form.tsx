/**
 * The listing filter form of the /search page (beside the results, and in the phone's filter sheet) and the
 * community page: community (search page only), price range, bedrooms, bathrooms, type, status and sort. Choices
 * apply as soon as they change (the page keeps them in the URL); the words have their own field (query-box.tsx).
 * It is also a plain GET form, so a server-rendered page filters before its script runs.
 */
import { useEffect, useRef } from 'react';
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

interface ListingFilterFormProps {
  /** Prefix of the field ids (two forms never share a page, but ids must be unique). */
  idPrefix: string;
  filters: ListingFilters;
  /** Where the plain form submits (the page's own path). */
  action: string;
  onChange: (next: ListingFilters) => void;
  /** The community choice; left out on a community's own page. */
  communities?: readonly { id?: string; slug: string; name: string }[];
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
  defaults = SEARCH_PAGE_DEFAULTS,
}: ListingFilterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(filters);
  latest.current = filters;

  // The server renders this form, so a visitor may change it before the app has started (a slow phone), and the
  // browser restores a form's choices on a back navigation. Hydration leaves those choices on screen: apply them
  // once, on mount, so what the form shows is what the page lists (issue 12).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // The form has no words field: the words stay what the page says.
    const shown = { ...parseListingFilters(new URLSearchParams(formEntries(form)), defaults), q: latest.current.q };
    const asParams = (value: ListingFilters) => listingFiltersToParams(value, defaults).toString();
    if (asParams(shown) === asParams(latest.current)) return;
    onChange(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only: later changes arrive through the fields' own handlers.
  }, []);

  const change = (patch: Partial<ListingFilters>) => onChange({ ...filters, ...patch });
  const id = (name: string) => `${idPrefix}-${name}`;
  /** A price bound or room count ("3+" by default): a number, or null for the first choice. */
  const numberChoice = (
    idName: string,
    label: string,
    name: 'minPrice' | 'maxPrice' | 'beds' | 'baths',
    anyLabel: string,
    steps: readonly number[],
    text = (step: number) => `${step}+`,
  ) => {
    const value = filters[name];
    return {
      id: id(idName),
      label,
      name,
      value: value ?? '',
      onChange: (next: string) => change({ [name]: numberOrNull(next) }),
      // A value in force that is not a step ("under 450k", a shared link's beds=6) is offered too: a select cannot
      // show a value it has no option for, and the mount check above would read its first option and drop it.
      options: [
        ['', anyLabel] as const,
        ...(value == null || steps.includes(value) ? steps : [...steps, value].sort((a, b) => a - b)).map(
          (step) => [step, text(step)] as const,
        ),
      ],
    };
  };
  const community = filters.community;

  return (
    <form ref={formRef} className="listing-filters" method="get" action={action} role="search" aria-label="Filters">
      {communities && (
        <Choice
          id={id('community')}
          label="Community"
          name="community"
          value={filters.community}
          onChange={(community) => change({ community })}
          options={[
            ['', 'All communities'],
            ...communities.map(({ slug, name }) => [slug, name] as const),
            // Named by id, or by a slug the site does not know (which lists nothing): kept, as for the numbers.
            ...(community && !communities.some(({ slug }) => slug === community)
              ? [[community, communities.find(({ id }) => id === community)?.name ?? community] as const]
              : []),
          ]}
        />
      )}
      <Choice {...numberChoice('min-price', 'Min price', 'minPrice', 'No min', PRICE_STEPS, formatUsd)} />
      <Choice {...numberChoice('max-price', 'Max price', 'maxPrice', 'No max', PRICE_STEPS, formatUsd)} />
      <Choice {...numberChoice('beds', 'Beds', 'beds', 'Any', ROOM_STEPS)} />
      <Choice {...numberChoice('baths', 'Baths', 'baths', 'Any', BATH_STEPS)} />
      <Choice
        id={id('type')}
        label="Type"
        name="type"
        value={filters.type?.toLowerCase() ?? ''}
        onChange={(value) => change({ type: (value.toUpperCase() as ListingType | '') || null })}
        options={[
          ['', 'Any type'],
          ...LISTING_TYPES.map((type) => [type.toLowerCase(), LISTING_TYPE_LABELS[type]] as const),
        ]}
      />
      <Choice
        id={id('status')}
        label="Status"
        name="status"
        value={filters.status.toLowerCase()}
        onChange={(value) => change({ status: value.toUpperCase() as ListingStatus | 'ANY' })}
        options={[
          ['any', 'Any status'],
          ...(Object.keys(LISTING_STATUS_BADGES) as ListingStatus[]).map(
            (status) => [status.toLowerCase(), LISTING_STATUS_BADGES[status].label] as const,
          ),
        ]}
      />
      <Choice
        id={id('sort')}
        label="Sort by"
        name="sort"
        value={filters.sort}
        onChange={(value) => change({ sort: value as SortOrder })}
        options={SORT_ORDERS.map((order) => [order, SORT_LABELS[order]] as const)}
      />
    </form>
  );
}

interface ChoiceProps {
  id: string;
  label: string;
  name: string;
  value: string | number;
  onChange: (value: string) => void;
  /** [value, label] of each option, in order. */
  options: readonly (readonly [value: string | number, label: string])[];
}

/** One labelled choice of the form; it applies as soon as it changes. */
function Choice({ id, label, name, value, onChange, options }: ChoiceProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
