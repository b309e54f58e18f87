/**
 * The payment calculator (loaded when its section nears the viewport): price, down payment, rate and term, and
 * the community's tax (base + MUD), HOA and insurance defaults, all editable; the monthly breakdown updates as
 * the visitor types. The arithmetic is domain/payment-estimate.ts.
 */
import { useId, useMemo, useState } from 'react';
import {
  DEFAULT_ANNUAL_RATE_PERCENT,
  DEFAULT_DOWN_PAYMENT_PERCENT,
  DEFAULT_OWNERSHIP_COSTS,
  DEFAULT_TERM_YEARS,
  estimatePayment,
  LOAN_TERMS_YEARS,
} from '@domain/payment-estimate';
import type { PaymentEstimateProps } from './lazy-payment-estimate';
import { FIELDS, inputNumber, type InputKey } from './payment-inputs';
import './payment.css';
import { formatUsd } from '@/utils/format';

const money = (amount: number) => formatUsd(amount, { cents: true });

export default function PaymentCalculator({ price, costs = DEFAULT_OWNERSHIP_COSTS }: PaymentEstimateProps) {
  const id = useId();
  const [inputs, setInputs] = useState<Record<InputKey, string>>({
    price: String(price),
    downPaymentPercent: String(DEFAULT_DOWN_PAYMENT_PERCENT),
    annualRatePercent: String(DEFAULT_ANNUAL_RATE_PERCENT),
    propertyTaxRatePercent: String(costs.propertyTaxRatePercent),
    mudRatePercent: String(costs.mudRatePercent),
    hoaDuesMonthly: String(costs.hoaDuesMonthly),
    insuranceAnnual: String(costs.insuranceAnnual),
  });
  const [termYears, setTermYears] = useState<number>(DEFAULT_TERM_YEARS);
  const estimate = useMemo(
    () =>
      estimatePayment({
        price: inputNumber(inputs, 'price'),
        downPaymentPercent: inputNumber(inputs, 'downPaymentPercent'),
        annualRatePercent: inputNumber(inputs, 'annualRatePercent'),
        termYears,
        propertyTaxRatePercent: inputNumber(inputs, 'propertyTaxRatePercent'),
        mudRatePercent: inputNumber(inputs, 'mudRatePercent'),
        hoaDuesMonthly: inputNumber(inputs, 'hoaDuesMonthly'),
        insuranceAnnual: inputNumber(inputs, 'insuranceAnnual'),
      }),
    [inputs, termYears],
  );
  const rows: [string, number, string][] = [
    ['Principal & interest', estimate.principalAndInterest, 'principal-interest'],
    ['Property tax (incl. MUD)', estimate.propertyTax, 'property-tax'],
    ['HOA dues', estimate.hoaDues, 'hoa'],
    ['Home insurance', estimate.insurance, 'insurance'],
  ];

  return (
    <div className="payment-calculator">
      <form className="payment-calculator__inputs" onSubmit={(event) => event.preventDefault()} noValidate>
        {FIELDS.map((field) => (
          <div key={field.key} className="field">
            <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
            <input
              id={`${id}-${field.key}`}
              name={field.key}
              type="number"
              inputMode="decimal"
              min={0}
              max={field.max}
              step={field.step}
              value={inputs[field.key]}
              aria-invalid={Number(inputs[field.key]) > field.max || undefined}
              onChange={(event) => setInputs((current) => ({ ...current, [field.key]: event.target.value }))}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-term`}>Loan term</label>
          <select
            id={`${id}-term`}
            name="termYears"
            value={termYears}
            onChange={(event) => setTermYears(Number(event.target.value))}
          >
            {LOAN_TERMS_YEARS.map((years) => (
              <option key={years} value={years}>
                {years} years
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="payment-calculator__result">
        {/* Only the total is announced, whole, as it changes ("Estimated monthly payment $2,345.67"): the whole
            block read bare figures on every keystroke. */}
        <p className="payment-calculator__total" aria-live="polite" aria-atomic="true">
          <span>Estimated monthly payment</span>
          <strong data-testid="payment-total">{money(estimate.total)}</strong>
        </p>
        <dl className="payment-calculator__breakdown">
          {rows.map(([label, amount, key]) => (
            <div key={key} data-line={key}>
              <dt>{label}</dt>
              <dd>{money(amount)}</dd>
            </div>
          ))}
        </dl>
        <p className="payment-calculator__loan">
          Loan amount {formatUsd(estimate.loanAmount)} after a {formatUsd(estimate.downPayment)} down payment.
        </p>
      </div>
      <p className="payment-calculator__disclaimer">
        This estimate is for information only and is not a loan offer or a commitment to lend. It leaves out mortgage
        insurance, closing costs and fees; tax rates, MUD rates, HOA dues and insurance premiums change and differ by
        home. Ask a licensed lender for a quote.
      </p>
    </div>
  );
}
