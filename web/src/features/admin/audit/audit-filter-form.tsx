/**
 * The audit log's filters: who (everyone the trail names, deleted admins too), record kind and a day range. Every
 * value lives in the URL (use-audit-filter.ts); "Clear filters" goes back to the whole trail. Days are UTC days, as
 * the server stores and filters them (docs/decisions.md).
 */
import { Link } from 'react-router-dom';
import type { AuditActor } from '@/data/repositories/admin/audit';
import { ENTITY_OPTIONS } from './audit-labels';
import type { AuditFilterValues } from './use-audit-filter';

interface Option {
  value: string;
  label: string;
}

function FilterSelect(props: {
  id: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: Option[];
  onChange: (value: string | undefined) => void;
}) {
  const { id, label, anyLabel, value, options, onChange } = props;
  // A value the list does not offer (an old link) stays selectable, so the select shows what the URL filters by.
  const shown =
    value && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateFilter(props: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { id, label, value, min, max, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

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
