/**
 * The whole back office behind one lazy route (`/admin/*`), with its own descendant routes: the public entry
 * bundle then carries a single route object for the admin instead of its whole table (DESIGN §7: admin code
 * never loads on public pages, and the public JS budget is tight). Each admin page is still its own chunk.
 * The back office's one QueryClient is provided here, so TanStack Query loads with the admin and never on a
 * public page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { createAdminQueryClient } from '@/features/admin/shared/query-client';
import type { RouteHandle } from '../../head';

const page = (importer: () => Promise<{ Component: ComponentType }>) =>
  lazy(async () => ({ default: (await importer()).Component }));

const Login = page(() => import('./login'));
const Layout = page(() => import('./admin-layout'));
const Dashboard = page(() => import('./dashboard'));
const Communities = page(() => import('./communities'));
const Listings = page(() => import('./listings'));
const Properties = page(() => import('./properties'));
const Settings = page(() => import('./settings'));
const AdminUsers = page(() => import('./admin-users'));
const Contacts = page(() => import('./contacts'));
const Audit = page(() => import('./audit'));
const Sync = page(() => import('./sync'));

const TITLES: Record<string, string> = {
  '': 'Dashboard',
  dashboard: 'Dashboard',
  login: 'Login',
  communities: 'Communities',
  listings: 'Property Listings',
  properties: 'Properties',
  settings: 'Settings',
  'admin-users': 'Admin Users',
  contacts: 'Leads',
  leads: 'Leads',
  audit: 'Audit Log',
  sync: 'Sync',
};

/** A record's own address ("communities/<id>", "leads/<id>"): its title says which kind of page it is. */
const RECORD_TITLES: Record<string, { new?: string; one: string }> = {
  communities: { new: 'New Community', one: 'Edit Community' },
  listings: { new: 'New Listing', one: 'Edit Listing' },
  properties: { new: 'New Property', one: 'Edit Property' },
  leads: { one: 'Lead' },
};

/** The page's title: the section, or the record page within it (a screen reader and the history tell them apart). */
export function adminPageTitle(pathname: string): string {
  const [section = '', record] = pathname.replace(/^\/admin\/?/, '').split('/');
  const kinds = record ? RECORD_TITLES[section] : undefined;
  if (kinds) return record === 'new' && kinds.new ? kinds.new : kinds.one;
  return TITLES[section] ?? 'Back Office';
}

export const handle: RouteHandle = {
  head: (_data, { pathname, settings }) => {
    return {
      title: `${adminPageTitle(pathname)} | Admin | ${settings.general.siteName}`,
      description: `${settings.general.siteName} back office`,
      canonicalPath: pathname,
      robots: 'noindex',
    };
  },
};

export function Component() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense
        fallback={
          <div className="admin-loading" role="status">
            Loading…
          </div>
        }
      >
        <Routes>
          <Route path="login" element={<Login />} />
          <Route element={<Layout />}>
            <Route index element={<Dashboard />} />
            <Route path="dashboard" element={<Dashboard />} />
            {/* A record's editor has its own address (issue 18): the same page, so the list stays as it is. */}
            <Route path="communities/:recordId?" element={<Communities />} />
            <Route path="listings/:recordId?" element={<Listings />} />
            <Route path="properties/:recordId?" element={<Properties />} />
            <Route path="settings" element={<Settings />} />
            <Route path="admin-users" element={<AdminUsers />} />
            {/* The dashboard's quick link points here (SPEC §2); DESIGN §6 resolves it to Admin Users. */}
            <Route path="users" element={<Navigate to="/admin/admin-users" replace />} />
            <Route path="contacts" element={<Contacts />} />
            {/* A lead's own address (issue 18): the inbox with that lead open, from a link or after a reload. */}
            <Route path="leads/:leadId" element={<Contacts />} />
            <Route path="audit" element={<Audit />} />
            <Route path="sync" element={<Sync />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </QueryClientProvider>
  );
}
