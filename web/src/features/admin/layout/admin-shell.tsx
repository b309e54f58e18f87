/**
 * The back office's shell, the component of the protected /admin layout route (app/routes/admin/admin-layout.tsx):
 * the toast, confirm and unsaved-changes providers, the session gate, and the top bar, sidebar (with the sync
 * indicator) and main area around the page (SPEC §2, DESIGN §5 "Session"): without a stored token and user it redirects to
 * /admin/login; otherwise it shows the stored session at once and verifies the token when online (a failed
 * verification logs out). A 401 anywhere clears the session (http-client) and this layout then sends the user to
 * login with 'Authentication expired. Please login again.'; queued changes stay in the outbox.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LOGOUT_REDIRECT_MS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { AdminUser } from '@domain/schemas/admin-user';
import { Icon } from '@/components/icon';
import { focusablesIn, wrapTab } from '@/components/modal';
import { logout } from '@/data/repositories/admin/auth';
import { ConfirmProvider, useConfirm } from '../shared/confirm-dialog';
import { ToastProvider } from '../shared/toast-stack';
import { hasUnsavedChanges, UnsavedChangesBlocker, UNSAVED_CHANGES_MESSAGE } from '../shared/use-unsaved-changes';
import { useAdminSession } from '../shared/use-session';
import * as icons from './nav-icons';
import { SyncIndicator, syncState } from './sync-indicator';
import { useNewLeadsCount } from './use-new-leads-count';
import { useRefreshAfterSync } from './use-refresh-after-sync';
import { useSyncStatus } from './use-sync-status';
import { useTokenVerification } from './use-token-verification';

/** What the login page reads from the location state after a redirect. */
export interface LoginRedirectState {
  from?: string;
  notice?: string;
}

interface NavItem {
  to: string;
  label: string;
  icon: string;
  superAdminOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: icons.DASHBOARD },
  { to: '/admin/communities', label: 'Communities', icon: icons.COMMUNITIES },
  { to: '/admin/listings', label: 'Listings', icon: icons.LISTINGS },
  { to: '/admin/properties', label: 'Properties', icon: icons.PROPERTIES },
  { to: '/admin/contacts', label: 'Leads', icon: icons.LEADS },
  { to: '/admin/settings', label: 'Settings', icon: icons.SETTINGS },
  { to: '/admin/admin-users', label: 'Admin Users', icon: icons.USERS, superAdminOnly: true },
  { to: '/admin/audit', label: 'Audit Log', icon: icons.AUDIT, superAdminOnly: true },
  { to: '/admin/sync', label: 'Sync', icon: icons.SYNC },
];

const roleLabel = (role: AdminUser['role']) => (role === 'SUPER_ADMIN' ? 'Super Admin' : 'Admin');

function Sidebar({
  id,
  user,
  onLogout,
  onClose,
  newLeads,
  children,
}: {
  id: string;
  user: AdminUser;
  onLogout: () => void;
  onClose: () => void;
  newLeads: number | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => !item.superAdminOnly || user.role === 'SUPER_ADMIN');
  return (
    <aside className="admin-sidebar" id={id} aria-label="Admin">
      <button type="button" className="admin-sidebar__close" onClick={onClose}>
        Close menu
      </button>
      <Link to="/admin/dashboard" className="admin-sidebar__brand">
        <span className="admin-sidebar__mark" aria-hidden="true">
          <Icon svg={icons.PROPERTIES} size={20} />
        </span>
        <span>
          Back Office
          <small>Admin</small>
        </span>
      </Link>
      <nav className="admin-nav" aria-label="Admin sections">
        <ul>
          {items.map((item) => {
            // The index route /admin shows the dashboard.
            const current = item.to === '/admin/dashboard' && (pathname === '/admin' || pathname === '/admin/');
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="admin-nav__link"
                  {...(current ? { 'aria-current': 'page' as const } : {})}
                >
                  <Icon svg={item.icon} />
                  <span>{item.label}</span>
                  {item.to === '/admin/contacts' && newLeads !== null && newLeads > 0 && (
                    <span className="admin-nav__badge">
                      {newLeads}
                      <span className="admin-visually-hidden"> new</span>
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-sidebar__footer">
        {children}
        <div className="admin-sidebar__user">
          <strong>{user.email}</strong>
          {roleLabel(user.role)}
        </div>
        <button type="button" className="button button--small admin-logout" onClick={onLogout}>
          <Icon svg={icons.LOGOUT} size={18} />
          Logout
        </button>
      </div>
    </aside>
  );
}

function SignedInShell({
  user,
  onLogout,
  sessionEnded = false,
}: {
  user: AdminUser;
  onLogout: () => void;
  /** The session ended while a form held unsaved changes: the page stays, with a way to sign in again. */
  sessionEnded?: boolean;
}) {
  const sidebarId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const syncStatus = useSyncStatus();
  useRefreshAfterSync(syncStatus.lastSyncAt);
  const newLeads = useNewLeadsCount();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Closed by Escape or "Close menu": the focus goes back to the Menu button once the page is no longer inert.
  const refocusMenuButton = useRef(false);
  const closeMenu = useCallback((refocus: boolean) => {
    refocusMenuButton.current = refocus;
    setMenuOpen(false);
  }, []);

  // A navigation closes the menu on narrow screens. A link followed inside the open drawer is hidden with it, which
  // would drop the focus to <body>: the focus goes to the new page's content instead.
  const menuOpenNow = useRef(menuOpen);
  menuOpenNow.current = menuOpen;
  const focusMainOnClose = useRef(false);
  useEffect(() => {
    if (!menuOpenNow.current) return;
    focusMainOnClose.current = true;
    setMenuOpen(false);
  }, [pathname, search]);

  // The open drawer (narrow screens) is modal: the rest of the shell is inert (see the render), the focus moves into
  // it (its first link; the open state shows it at once, admin.css), Tab and Shift+Tab wrap inside it, and Escape
  // closes it. A window widened past the drawer's breakpoint closes it, as the sidebar is then part of the page.
  useEffect(() => {
    if (!menuOpen) {
      if (refocusMenuButton.current) menuButton.current?.focus();
      else if (focusMainOnClose.current) document.getElementById('admin-main')?.focus();
      refocusMenuButton.current = false;
      focusMainOnClose.current = false;
      return;
    }
    const sidebar = document.getElementById(sidebarId);
    if (!sidebar) return;
    sidebar.querySelector<HTMLElement>('a[href]')?.focus();
    const wide = window.matchMedia('(min-width: 900px)');
    const closeWhenWide = () => {
      if (wide.matches) closeMenu(false);
    };
    closeWhenWide();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
      else if (event.key === 'Tab' && !sidebar.contains(document.activeElement)) {
        event.preventDefault();
        focusablesIn(sidebar)[0]?.focus();
      } else wrapTab(sidebar, event);
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', closeWhenWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [menuOpen, sidebarId, closeMenu]);

  const state = syncState(syncStatus);
  return (
    <div className="admin-shell" data-menu-open={menuOpen ? 'true' : 'false'}>
      <a className="admin-skip-link" href="#admin-main" inert={menuOpen}>
        Skip to content
      </a>
      <header className="admin-topbar" inert={menuOpen}>
        <button
          ref={menuButton}
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon svg={icons.MENU} />
          Menu
          {newLeads !== null && newLeads > 0 && (
            <span className="admin-nav__badge">
              {newLeads}
              {/* Read "Menu, 7 new leads", not "Menu 7". */}
              <span className="admin-visually-hidden"> new leads</span>
            </span>
          )}
        </button>
        {state !== 'ok' && (
          <Link to="/admin/sync" className="admin-topbar__sync">
            {syncStatus.conflicts > 0
              ? `${syncStatus.conflicts} conflict${syncStatus.conflicts === 1 ? '' : 's'}`
              : syncStatus.failed > 0
                ? `${syncStatus.failed} refused`
                : syncStatus.pausedForAuth
                  ? 'Sync paused'
                  : syncStatus.waitingForStorage > 0
                    ? 'Storage not answering'
                    : `${syncStatus.pending} pending`}
          </Link>
        )}
        <Link to="/admin/dashboard" className="admin-sidebar__brand">
          Back Office
        </Link>
      </header>
      {menuOpen && (
        <button
          type="button"
          className="admin-scrim"
          aria-label="Close menu"
          tabIndex={-1}
          onClick={() => setMenuOpen(false)}
        />
      )}
      <Sidebar id={sidebarId} user={user} onLogout={onLogout} onClose={() => closeMenu(true)} newLeads={newLeads}>
        <SyncIndicator status={syncStatus} />
      </Sidebar>
      <main className="admin-main" id="admin-main" tabIndex={-1} inert={menuOpen}>
        <div className="admin-content">
          {sessionEnded && (
            <p className="notice notice--error" role="alert">
              Your session has ended. Your unsaved changes are still on this page:{' '}
              <a href="/admin/login" target="_blank" rel="noopener">
                sign in again in a new tab
              </a>
              , then save them here.
            </p>
          )}
          <Outlet />
        </div>
      </main>
    </div>
  );
}

function ProtectedLayout() {
  const { user } = useAdminSession();
  const location = useLocation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [loggingOut, setLoggingOut] = useState(false);
  const loggingOutRef = useRef(false);
  const hadUser = useRef(false);
  const lastUser = useRef<AdminUser | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useTokenVerification(user !== null);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const handleLogout = useCallback(async () => {
    if (hasUnsavedChanges()) {
      const leave = await confirm(UNSAVED_CHANGES_MESSAGE, {
        title: 'Unsaved changes',
        confirmLabel: 'Logout',
        danger: true,
      });
      if (!leave) return;
    }
    loggingOutRef.current = true;
    setLoggingOut(true);
    logout();
    redirectTimer.current = setTimeout(() => void navigate('/admin/login', { replace: true }), LOGOUT_REDIRECT_MS);
  }, [confirm, navigate]);

  // One state object per address: <Navigate> navigates again whenever its props change, and a new object on every
  // render (the router re-renders while the login page's chunk loads) would restart the navigation in a loop.
  const from = `${location.pathname}${location.search}`;
  const expired = hadUser.current;
  const redirectState = useMemo<LoginRedirectState>(
    () => ({ from, ...(expired ? { notice: MESSAGES.authExpired } : {}) }),
    [from, expired],
  );

  if (loggingOut || loggingOutRef.current) {
    return (
      <p className="admin-loading" role="status" style={{ padding: 32 }}>
        Signing out…
      </p>
    );
  }
  if (!user) {
    // Cleared while the shell was showing: a 401, a failed verification or a logout in another tab. A form with
    // unsaved changes stays on the page (the redirect would unmount it and lose them, with no question asked): a
    // sign-in in another tab stores a new session, which this tab picks up, and the form can then be saved.
    if (lastUser.current && hasUnsavedChanges()) {
      return <SignedInShell user={lastUser.current} onLogout={() => void handleLogout()} sessionEnded />;
    }
    return <Navigate to="/admin/login" replace state={redirectState} />;
  }
  hadUser.current = true;
  lastUser.current = user;
  return <SignedInShell user={user} onLogout={() => void handleLogout()} />;
}

export function AdminShell() {
  return (
    <div className="admin-root">
      <ToastProvider>
        <ConfirmProvider>
          <UnsavedChangesBlocker />
          <ProtectedLayout />
        </ConfirmProvider>
      </ToastProvider>
    </div>
  );
}
