/**
 * The inbox's filters (DESIGN §6): search (applied after a short pause, replacing the history entry instead of
 * adding one per key), status (not in the spam view), interest, community, source and date range, and 'Clear
 * filters'. Every value lives in the URL; a back/forward navigation puts its search text in the box.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_INTERESTS, INTEREST_LABELS, LEAD_SOURCES, LEAD_STATUSES } from '@domain/constants';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { FilterFields, type DateFilterSpec, type FilterOption, type SelectFilterSpec } from '../shared/filter-fields';
import { SOURCE_LABELS, STATUS_LABELS } from './lead-labels';
import type { LeadFilterValues, ParamChanges } from './use-lead-filter';

const SEARCH_DEBOUNCE_MS = 300;

type SelectFilter = SelectFilterSpec<'status' | 'interest' | 'communityId' | 'source' | 'owner'>;

const STATUS_OPTIONS: FilterOption[] = LEAD_STATUSES.filter((status) => status !== 'SPAM').map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));
const INTEREST_OPTIONS: FilterOption[] = CONTACT_INTERESTS.map((interest) => ({
  value: interest,
  label: INTEREST_LABELS[interest],
}));
const SOURCE_OPTIONS: FilterOption[] = LEAD_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }));
const STATUS_SELECT: SelectFilter = {
  param: 'status',
  id: 'lead-status',
  label: 'Status',
  anyLabel: 'All (except spam)',
  options: STATUS_OPTIONS,
};

export function LeadFilterForm({
  filter,
  spamView,
  hasFilters,
  communities,
  owners,
  updateParams,
}: {
  filter: LeadFilterValues;
  spamView: boolean;
  hasFilters: boolean;
  communities: { id: string; name: string }[];
  owners: LeadOwner[];
  updateParams: (changes: ParamChanges, options?: { replace?: boolean }) => void;
}) {
  const [search, setSearch] = useState(filter.q ?? '');

  // The URL is the truth: a back/forward navigation puts its search text in the box.
  useEffect(() => setSearch(filter.q ?? ''), [filter.q]);

  // Typing searches after a short pause, replacing the history entry instead of adding one per key.
  useEffect(() => {
    if (search.trim() === (filter.q ?? '')) return;
    const timer = setTimeout(
      () => updateParams({ q: search.trim() || undefined }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filter.q, updateParams]);

  const unknownCommunity =
    filter.communityId && !communities.some((community) => community.id === filter.communityId)
      ? [{ value: filter.communityId, label: filter.communityId }]
      : [];
  const communityOptions = [
    ...unknownCommunity,
    ...communities.map((community) => ({ value: community.id, label: community.name })),
  ];
  const selects: SelectFilter[] = [
    ...(spamView ? [] : [STATUS_SELECT]),
    { param: 'interest', id: 'lead-interest', label: 'Interest', anyLabel: 'Any interest', options: INTEREST_OPTIONS },
    {
      param: 'communityId',
      id: 'lead-community',
      label: 'Community',
      anyLabel: 'Any community',
      options: communityOptions,
    },
    { param: 'source', id: 'lead-source', label: 'Source', anyLabel: 'Any source', options: SOURCE_OPTIONS },
    {
      param: 'owner',
      id: 'lead-owner',
      label: 'Owner',
      anyLabel: 'Anyone',
      options: [
        { value: 'me', label: 'Assigned to me' },
        { value: 'unassigned', label: 'Unassigned (open leads)' },
        ...owners.map((owner) => ({ value: owner.id, label: owner.email })),
      ],
    },
  ];

  const dates: DateFilterSpec<'from' | 'to'>[] = [
    { param: 'from', id: 'lead-from', label: 'From', max: filter.to },
    { param: 'to', id: 'lead-to', label: 'To', min: filter.from },
  ];

  return (
    <section className="admin-card" aria-label="Filters">
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field admin-filters__search">
          <label htmlFor="lead-search">Search</label>
          <input
            id="lead-search"
            type="search"
            placeholder="Name, email, phone, message…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <FilterFields
          selects={selects}
          dates={dates}
          values={filter}
          // A new status may leave the lead shown out of the list: the detail panel closes.
          onChange={(param, value) =>
            updateParams({ [param]: value, ...(param === 'status' ? { lead: undefined } : {}) })
          }
        />
        {hasFilters && (
          <div>
            <Link
              className="button button--ghost button--small"
              to={spamView ? '/admin/contacts?status=SPAM' : '/admin/contacts'}
              onClick={() => setSearch('')}
            >
              Clear filters
            </Link>
          </div>
        )}
      </form>
    </section>
  );
}
