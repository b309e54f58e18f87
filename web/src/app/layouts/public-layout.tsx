/** The shared public wrapper (SPEC §2): the site chrome with the closing call to action around each page. */
import { Outlet } from 'react-router-dom';
import { PublicShell } from './public-shell';
// Not for a value: this module must reach the route table, as it did when it registered the table's loader for link
// prefetch. Without that import, rolldown moves React's JSX runtime, the router and the site constants out of the entry
// chunk into shared chunks (every public page 1.3 KB heavier: see the note on the re-export below).
import '../route-modules';

export function PublicLayout() {
  return (
    <PublicShell withCallToAction>
      <Outlet />
    </PublicShell>
  );
}

/**
 * Re-exported for the community page's not-found state. Page chunks import the shell from here: with this import
 * the bundler (rolldown) keeps React and the router in the entry chunk instead of splitting them out.
 */
export { PublicShell } from './public-shell';
