/** The closing call to action above the footer (SPEC §2), texts exactly as specified. */
import { PrefetchLink } from '../prefetch-link';

export function ClosingCallToAction() {
  return (
    <section className="closing-cta" aria-labelledby="closing-cta-title">
      <div className="container closing-cta__inner render-when-near render-when-near--short">
        <h2 id="closing-cta-title">Ready to Find Your Perfect Houston Community?</h2>
        <p>Start your journey today and discover the ideal neighborhood for your lifestyle.</p>
        <div className="button-row button-row--center">
          <PrefetchLink to="/communities" className="button button--light">
            Explore Communities
          </PrefetchLink>
          <PrefetchLink to="/contact" className="button button--outline-light">
            Contact Us
          </PrefetchLink>
        </div>
      </div>
    </section>
  );
}
