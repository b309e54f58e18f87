/** The body of a Not Found page: heading, a sentence, and the ways back (home and all communities). */
import { PrefetchLink } from './prefetch-link';

export function NotFoundSection({ title, text }: { title: string; text: string }) {
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container">
        <h1 id="not-found-title">{title}</h1>
        <p>{text}</p>
        <div className="button-row button-row--center">
          <PrefetchLink to="/" className="button button--primary">
            Back to Home
          </PrefetchLink>
          <PrefetchLink to="/communities" className="button button--secondary">
            Browse Communities
          </PrefetchLink>
        </div>
      </div>
    </section>
  );
}
