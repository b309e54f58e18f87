/**
 * The fields of the community modal's "Sales office & costs" part: each weekday's opening hours (the visit
 * booking's time slots, Central Time) and the payment estimate's defaults (tax rate, MUD rate, HOA, insurance).
 */
import { get, useFormState } from 'react-hook-form';
import type { OwnershipCosts, WeekdayKey } from '@domain/index';
import { InputField, useCommunityForm, useField } from './community-part';
import { firstErrorMessage } from './record-fields';
import { WEEKDAYS_IN_ORDER, type OfficeDayRow } from './sales-office-form';
import './sales-office.css';

const COST_FIELDS: { key: keyof OwnershipCosts; label: string; step: string }[] = [
  { key: 'propertyTaxRatePercent', label: 'Property tax rate (% per year, without MUD)', step: '0.01' },
  { key: 'mudRatePercent', label: 'MUD tax rate (% per year)', step: '0.01' },
  { key: 'hoaDuesMonthly', label: 'HOA dues ($ per month)', step: '1' },
  { key: 'insuranceAnnual', label: 'Home insurance ($ per year)', step: '50' },
];

export function SalesOfficeFields() {
  return (
    <>
      <fieldset className="sales-office-hours">
        <legend>Sales office hours (Central Time)</legend>
        <p className="content-hint">
          Visitors can book a visit that starts on the hour from opening until an hour before closing.
        </p>
        {WEEKDAYS_IN_ORDER.map(({ key, label }) => (
          <OfficeDay key={key} day={key} label={label} />
        ))}
      </fieldset>
      <p className="content-hint">
        Defaults of the payment estimate on this community&apos;s listing pages; visitors can change them there.
      </p>
      <div className="form__row">
        {COST_FIELDS.map(({ key, label, step }) => (
          <InputField
            key={key}
            name={`office.costs.${key}`}
            errorPath={`ownershipCosts.${key}`}
            id={`community-cost-${key}`}
            label={label}
            type="number"
            inputMode="decimal"
            min={0}
            step={step}
          />
        ))}
      </div>
    </>
  );
}

const TIMES = [
  { key: 'from', text: 'Opens' },
  { key: 'to', text: 'Closes' },
] as const;

/** One weekday: open or closed, opening and closing time; the day's errors are the schema's `salesOfficeHours.<day>`. */
function OfficeDay({ day, label }: { day: WeekdayKey; label: string }) {
  const path = `salesOfficeHours.${day}`;
  const { value: row, onChange } = useField(`office.hours.${day}`, path);
  const { control } = useCommunityForm();
  const { errors } = useFormState({ control });
  const error = firstErrorMessage(get(errors, `${path}.close`)) ?? firstErrorMessage(get(errors, `${path}.open`));
  const errorId = `community-hours-${day}-error`;
  const change = (patch: Partial<OfficeDayRow>) => onChange({ ...row, ...patch });
  return (
    <div className="sales-office-hours__day" data-invalid={error ? 'true' : undefined}>
      <div className="checkbox-field">
        <input
          id={`community-hours-${day}-open`}
          type="checkbox"
          checked={row.open}
          onChange={(event) => change({ open: event.target.checked })}
        />
        <label htmlFor={`community-hours-${day}-open`}>Open on {label}</label>
      </div>
      {TIMES.map(({ key, text }) => (
        <label key={key} className="sales-office-hours__time">
          <span>{text}</span>
          <input
            id={`community-hours-${day}-${key}`}
            type="time"
            step={900}
            aria-label={`${label} ${text.toLowerCase()}`}
            value={row[key]}
            disabled={!row.open}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => change({ [key]: event.target.value })}
          />
        </label>
      ))}
      {error && (
        <p className="field__error" id={errorId}>
          {label}: {error}
        </p>
      )}
    </div>
  );
}
