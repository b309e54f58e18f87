/** The default error page for unexpected routing failures (SPEC §8): 'Unexpected Application Error!'. */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { loadingLabel } from '@/components/layout/navigation-status';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="route-error">
      {/* The alert is inside the page's main landmark, which cannot carry the role itself. */}
      <div role="alert">
        <h1>{PUBLIC_MESSAGES.unexpectedApplicationError}</h1>
        <p>{detail}</p>
      </div>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </main>
  );
}

/** While the first page's data loads on the client (offline shell, admin), a quiet loading state. */
export function HydrateFallback() {
  return (
    <div className="hydrate-fallback" role="status" aria-live="polite">
      {loadingLabel(window.location.pathname)}
    </div>
  );
}
