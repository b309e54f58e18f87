/**
 * The listing page's payment estimate section. The server renders the heading and a short note; the calculator
 * loads once the section comes near the viewport, at the first key pressed (a keyboard user Tabs towards it), or
 * when the started page renders its sections ahead while the visitor reads (app/render-ahead.ts), so the page's
 * start does not pay for it (DESIGN §7).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { OwnershipCosts } from '@domain/schemas/sales-office';
import { RENDER_AHEAD_EVENT } from '@/utils/app-ready-event';

const PaymentCalculator = lazy(() => import('./payment-calculator'));

export interface PaymentEstimateProps {
  price: number;
  /** The community's defaults; absent: DEFAULT_OWNERSHIP_COSTS. */
  costs?: OwnershipCosts | undefined;
}

export function LazyPaymentEstimate(props: PaymentEstimateProps) {
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    // Every browser the build targets (ES2022) has IntersectionObserver.
    const load = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: '400px 0px',
    });
    const element = section.current!;
    observer.observe(element);
    // Or once the page renders its sections ahead, while the visitor reads (app/render-ahead.ts).
    element.addEventListener(RENDER_AHEAD_EVENT, load);
    // A keyboard user's Tab moves the focus (and the page) past the section faster than the calculator can load
    // once it comes near: their first key loads it, so it is there when the focus gets to it.
    addEventListener('keydown', load);
    return () => {
      observer.disconnect();
      element.removeEventListener(RENDER_AHEAD_EVENT, load);
      removeEventListener('keydown', load);
    };
  }, []);

  const loading = <p className="payment-estimate__loading">Loading the calculator…</p>;
  return (
    <section
      ref={section}
      className="payment-estimate render-when-near render-when-near--short"
      aria-labelledby="payment-estimate-title"
    >
      <h2 id="payment-estimate-title">Estimate Your Monthly Payment</h2>
      {near ? (
        <Suspense fallback={loading}>
          <PaymentCalculator {...props} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
