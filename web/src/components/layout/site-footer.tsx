/** Footer (SPEC §2). Minimal version; the full footer is built on top of it. */
import { Link } from 'react-router-dom';

export function SiteFooter({ withCallToAction = false }: { withCallToAction?: boolean }) {
  return (
    <footer className="site-footer" data-with-cta={withCallToAction || undefined}>
      <p>Discover exceptional homes in Houston&apos;s premier communities.</p>
      <Link to="/">Home</Link>
    </footer>
  );
}
