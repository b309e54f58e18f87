/** The closing call to action above the footer (SPEC §2), texts exactly as specified. */
import { Link } from 'react-router-dom';
import { StaticPart } from '../static-part';

export function ClosingCallToAction() {
  return (
    <StaticPart as="section" className="closing-cta" aria-labelledby="closing-cta-title">
      <div className="container closing-cta__inner render-when-near render-when-near--short">
        <h2 id="closing-cta-title">Ready to Find Your Perfect Houston Community?</h2>
        <p>Start your journey today and discover the ideal neighborhood for your lifestyle.</p>
        <div className="button-row button-row--center">
          <Link to="/communities" className="button button--light">
            Explore Communities
          </Link>
          <Link to="/contact" className="button button--outline-light">
            Contact Us
          </Link>
        </div>
      </div>
    </StaticPart>
  );
}
