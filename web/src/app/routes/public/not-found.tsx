/** Any unknown public path: a 404 page. */
import { Link } from 'react-router-dom';
import type { RouteHandle } from '../../head';

export function loader() {
  return { notFound: true };
}

export const handle: RouteHandle = {
  head: (_data, { pathname }) => ({
    title: 'Page Not Found',
    description: 'This page does not exist.',
    canonicalPath: pathname,
    robots: 'noindex',
  }),
};

export function Component() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </section>
  );
}
