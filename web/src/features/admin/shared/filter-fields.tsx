/**
 * The fields of the back office's filter bars (lead inbox, audit log): a select whose first option means "no
 * filter", and a date. Each reports `undefined` for an empty value, so the URL drops the parameter.
 */

export interface FilterOption {
  value: string;
  label: string;
}

export function FilterSelect(props: {
  id: string;
  label: string;
  /** The first option, for no filter. */
  anyLabel: string;
  value: string | undefined;
  options: FilterOption[];
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

export function DateFilter(props: {
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

/** A select of a filter bar, and the URL parameter it sets. */
export interface SelectFilterSpec<P extends string> {
  param: P;
  id: string;
  label: string;
  /** The first option, for no filter. */
  anyLabel: string;
  options: FilterOption[];
}

/** A date of a filter bar (a range's end bounds the other), and the URL parameter it sets. */
export interface DateFilterSpec<P extends string> {
  param: P;
  id: string;
  label: string;
  min?: string | undefined;
  max?: string | undefined;
}

/** A filter bar's selects, then its dates, each showing `values[param]` and reporting a change of its parameter. */
export function FilterFields<P extends string>({
  selects,
  dates,
  values,
  onChange,
}: {
  selects: readonly SelectFilterSpec<P>[];
  dates: readonly DateFilterSpec<P>[];
  values: Partial<Record<P, string>>;
  onChange: (param: P, value: string | undefined) => void;
}) {
  return (
    <>
      {selects.map(({ param, ...select }) => (
        <FilterSelect key={select.id} {...select} value={values[param]} onChange={(value) => onChange(param, value)} />
      ))}
      {dates.map(({ param, ...date }) => (
        <DateFilter key={date.id} {...date} value={values[param]} onChange={(value) => onChange(param, value)} />
      ))}
    </>
  );
}

/** The values of `keys` the URL holds, trimmed; empty ones are left out. */
export function filterValuesFrom<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  return values;
}
