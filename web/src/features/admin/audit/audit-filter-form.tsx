/**
 * The audit log's filters: who (everyone the trail names, deleted admins too), record kind and a day range. Every
 * value lives in the URL (use-audit-filter.ts); "Clear filters" goes back to the whole trail. Days are UTC days, as
 * the server stores and filters them (docs/decisions.md).
 */
import { Link } from 'react-router-dom';
import type { AuditActor } from '@/data/repositories/admin/audit';
import { DateFilter, FilterSelect } from '../shared/filter-fields';
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
  const actorOptions = actors.map((actor) => ({ value: actor.id, label: actor.email ?? actor.id }));
  return (
    <section className="admin-card" aria-label="Filters">
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          id="audit-actor"
          label="User"
          anyLabel="Any user"
          value={filter.actor}
          options={actorOptions}
          onChange={(actor) => setFilter({ actor })}
        />
        <FilterSelect
          id="audit-kind"
          label="Record kind"
          anyLabel="Any kind"
          value={filter.kind}
          options={ENTITY_OPTIONS}
          onChange={(kind) => setFilter({ kind })}
        />
        <DateFilter
          id="audit-from"
          label="From (UTC)"
          value={filter.from}
          max={filter.to}
          onChange={(from) => setFilter({ from })}
        />
        <DateFilter
          id="audit-to"
          label="To (UTC)"
          value={filter.to}
          min={filter.from}
          onChange={(to) => setFilter({ to })}
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
