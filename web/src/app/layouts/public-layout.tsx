/** The shared public wrapper: main top bar, page, closing call to action and footer (SPEC §2). */
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';

export function PublicLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter withCallToAction />
    </>
  );
}
