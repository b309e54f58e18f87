/** The shared public wrapper (SPEC §2): the site chrome with the closing call to action around each page. */
import { Outlet } from 'react-router-dom';
import { PublicShell } from './public-shell';
import { registerRouteModuleLoader } from '@/components/prefetch-link';
import { routeModules } from '../route-modules';

// PrefetchLink loads page code through the route table, which only the app shell imports (see prefetch-link).
registerRouteModuleLoader((id) => routeModules[id]());

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
