/**
 * The audit log's filters: who (everyone the trail names, deleted admins too), record kind and a day range. Every
 * value lives in the URL (use-audit-filter.ts); "Clear filters" goes back to the whole trail. Days are Central days,
 * as the rows show their times and as the leads' From/To count them (docs/decisions.md).
 */
import { Link } from 'react-router-dom';
import type { AuditActor } from '@/data/repositories/admin/audit';
import { FilterFields, type DateFilterSpec, type SelectFilterSpec } from '../shared/filter-fields';
import { ENTITY_OPTIONS } from './audit-labels';
import type { AuditFilterValues } from './use-audit-filter';

export function AuditFilterForm({
  filter,
  actors,
  hasFilters,
  setFilter,
}: {
  filter: AuditFilterValues;
  actors: AuditActor[];
  hasFilters: boolean;
  setFilter: (changes: AuditFilterValues) => void;
}) {
  const selects: SelectFilterSpec<keyof AuditFilterValues>[] = [
    {
      param: 'actor',
      id: 'audit-actor',
      label: 'User',
      anyLabel: 'Any user',
      options: actors.map((actor) => ({ value: actor.id, label: actor.email ?? actor.id })),
    },
    { param: 'kind', id: 'audit-kind', label: 'Record kind', anyLabel: 'Any kind', options: ENTITY_OPTIONS },
  ];
  const dates: DateFilterSpec<keyof AuditFilterValues>[] = [
    { param: 'from', id: 'audit-from', label: 'From', max: filter.to },
    { param: 'to', id: 'audit-to', label: 'To', min: filter.from },
  ];
  return (
    <section className="admin-card" aria-label="Filters">
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <FilterFields
          selects={selects}
          dates={dates}
          values={filter}
          onChange={(param, value) => setFilter({ [param]: value })}
        />
        {hasFilters && (
          <div>
            <Link className="button button--ghost button--small" to="/admin/audit">
              Clear filters
            </Link>
          </div>
        )}
      </form>
    </section>
  );
}
