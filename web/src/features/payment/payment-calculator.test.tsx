/** What a screen reader hears as the estimate changes: the total, whole, not every figure of the breakdown. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PaymentCalculator from './payment-calculator';

describe('PaymentCalculator live region', () => {
  it('announces only the total, as one sentence', () => {
    const html = renderToString(<PaymentCalculator price={400000} />);
    const live = [...html.matchAll(/<(\w+)[^>]*aria-live="polite"[^>]*>/g)];
    expect(live).toHaveLength(1);
    expect(live[0]![0]).toContain('payment-calculator__total');
    expect(live[0]![0]).toContain('aria-atomic="true"');
    const region = html.slice(live[0]!.index!, html.indexOf('</p>', live[0]!.index!));
    expect(
      region
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toMatch(/^Estimated monthly payment \$[\d,]+\.\d\d$/);
  });
});
