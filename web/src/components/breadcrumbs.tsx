/** Visible breadcrumbs; the last item is the current page. The same trail feeds the BreadcrumbList JSON-LD. */
import { Link } from 'react-router-dom';

export type Crumb = readonly [label: string, path: string];

export function Breadcrumbs({ items, className }: { items: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`breadcrumbs ${className ?? ''}`}>
      <ol>
        {items.map(([label, path], index) =>
          index === items.length - 1 ? (
            <li key={path} aria-current="page">
              {label}
            </li>
          ) : (
            <li key={path}>
              <Link to={path}>{label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
