/**
 * The fields of the community modal's "Sales office & costs" part: each weekday's opening hours (the visit
 * booking's time slots, Central Time) and the payment estimate's defaults (tax rate, MUD rate, HOA, insurance).
 */
import type { OwnershipCosts, WeekdayKey } from '../../../../../domain';
import { Field } from '../../../components/field';
import type { FieldErrors } from './save-errors';
import { WEEKDAYS_IN_ORDER, type OfficeDayRow, type SalesOfficeFormState } from './sales-office-form';
import './sales-office.css';

interface SalesOfficeFieldsProps {
  value: SalesOfficeFormState;
  errors: FieldErrors;
  onDayChange: (day: WeekdayKey, patch: Partial<OfficeDayRow>) => void;
  onCostChange: (field: keyof OwnershipCosts, text: string) => void;
}

const COST_FIELDS: { key: keyof OwnershipCosts; label: string; step: string }[] = [
  { key: 'propertyTaxRatePercent', label: 'Property tax rate (% per year, without MUD)', step: '0.01' },
  { key: 'mudRatePercent', label: 'MUD tax rate (% per year)', step: '0.01' },
  { key: 'hoaDuesMonthly', label: 'HOA dues ($ per month)', step: '1' },
  { key: 'insuranceAnnual', label: 'Home insurance ($ per year)', step: '50' },
];

export function SalesOfficeFields({ value, errors, onDayChange, onCostChange }: SalesOfficeFieldsProps) {
  return (
    <>
      <fieldset className="sales-office-hours">
        <legend>Sales office hours (Central Time)</legend>
        <p className="content-hint">
          Visitors can book a visit that starts on the hour from opening until an hour before closing.
        </p>
        {WEEKDAYS_IN_ORDER.map(({ key, label }) => {
          const row = value.hours[key];
          const error = errors[`salesOfficeHours.${key}.close`] ?? errors[`salesOfficeHours.${key}.open`];
          const errorId = `community-hours-${key}-error`;
          return (
            <div key={key} className="sales-office-hours__day" data-invalid={error ? 'true' : undefined}>
              <div className="checkbox-field">
                <input
                  id={`community-hours-${key}-open`}
                  type="checkbox"
                  checked={row.open}
                  onChange={(event) => onDayChange(key, { open: event.target.checked })}
                />
                <label htmlFor={`community-hours-${key}-open`}>Open on {label}</label>
              </div>
              <label className="sales-office-hours__time">
                <span>Opens</span>
                <input
                  id={`community-hours-${key}-from`}
                  type="time"
                  step={900}
                  aria-label={`${label} opens`}
                  value={row.from}
                  disabled={!row.open}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onDayChange(key, { from: event.target.value })}
                />
              </label>
              <label className="sales-office-hours__time">
                <span>Closes</span>
                <input
                  id={`community-hours-${key}-to`}
                  type="time"
                  step={900}
                  aria-label={`${label} closes`}
                  value={row.to}
                  disabled={!row.open}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onDayChange(key, { to: event.target.value })}
                />
              </label>
              {error && (
                <p className="field__error" id={errorId}>
                  {label}: {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <p className="content-hint">
        Defaults of the payment estimate on this community&apos;s listing pages; visitors can change them there.
      </p>
      <div className="form__row">
        {COST_FIELDS.map(({ key, label, step }) => (
          <Field key={key} id={`community-cost-${key}`} label={label} error={errors[`ownershipCosts.${key}`]}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="decimal"
                min={0}
                step={step}
                value={value.costs[key]}
                onChange={(event) => onCostChange(key, event.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
    </>
  );
}
