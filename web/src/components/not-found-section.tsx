/** The body of a Not Found page: heading, a sentence, and the ways back (home and all communities). */
import { Link } from 'react-router-dom';

export function NotFoundSection({ title, text }: { title: string; text: string }) {
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container">
        <h1 id="not-found-title">{title}</h1>
        <p>{text}</p>
        <div className="button-row button-row--center">
          <Link to="/" className="button button--primary">
            Back to Home
          </Link>
          <Link to="/communities" className="button button--secondary">
            Browse Communities
          </Link>
        </div>
      </div>
    </section>
  );
}
