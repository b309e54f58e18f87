/**
 * Admin Users (SPEC §2 "Admin Users page", §6, §8): the logged-in admin (from the stored admin user), Add Admin,
 * the active admins with a count, a create modal and a delete confirmation. Delete is hidden for Super Admin
 * accounts and for the current user. The list reloads after every change.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_DELETE_ERROR_MS, SUCCESS_MESSAGE_MS } from '@domain/constants';
import { adminCreatedMessage, adminDeleteFailedMessage, MESSAGES } from '@domain/messages';
import type { AdminUser } from '@domain/schemas/admin-user';
import { Modal } from '@/components/modal';
import { deleteAdminUser } from '@/data/repositories/admin/users';
import { AdminActionError } from '@/data/repositories/admin/errors';
import { formatLongDate } from '@/utils/format';
import { errorMessage } from '../shared/error-checks';
import { AdminAlert, RetryAlert, TimedMessageAlert } from '../shared/admin-alert';
import { adminKeys, adminUsersQuery } from '../shared/admin-queries';
import { AdminPageHeader } from '../shared/page-header';
import { useAdminSession } from '../shared/use-session';
import { useTimedMessage } from '../shared/use-timed-message';
import { CreateAdminModal } from './create-admin-modal';

export const roleLabel = (role: string) => (role.toUpperCase() === 'SUPER_ADMIN' ? 'Super Admin' : 'Admin');

/** SPEC §8: the delete error texts by what the server said. */
export function deleteErrorMessage(message: string): string {
  if (message.includes(MESSAGES.superAdminRequired)) return MESSAGES.adminDeleteNotSuperAdmin;
  if (message.includes(MESSAGES.cannotDeleteOwnAccount)) return MESSAGES.adminDeleteOwnAccount;
  return adminDeleteFailedMessage(message);
}

const activeOnly = (users: AdminUser[]) => users.filter((admin) => admin.isActive !== false);

function RoleBadge({ role }: { role: string }) {
  const superAdmin = role.toUpperCase() === 'SUPER_ADMIN';
  return (
    <span className="admin-badge" data-tone={superAdmin ? 'purple' : 'blue'}>
      {roleLabel(role)}
    </span>
  );
}

function DeleteAdminModal({
  admin,
  deleting,
  onCancel,
  onConfirm,
}: {
  admin: AdminUser;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal titleId="delete-admin-title" title="Delete Admin User" onClose={onCancel}>
      <p className="admin-confirm__message">
        Are you sure you want to delete <strong>{admin.email}</strong>?
      </p>
      <div className="admin-alert" data-tone="error" style={{ marginTop: 14 }}>
        <p>This action is permanent and cannot be undone. The admin's access is revoked immediately.</p>
      </div>
      <div className="admin-modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={deleting}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onConfirm}
          disabled={deleting}
          ref={(element) => element?.setAttribute('autofocus', '')}
        >
          {deleting ? 'Deleting…' : 'Delete Admin'}
        </button>
      </div>
    </Modal>
  );
}

export function AdminUsersPage() {
  const { user: currentUser } = useAdminSession();
  const isSuperAdmin = currentUser?.role === 'SUPER_ADMIN';
  const queryClient = useQueryClient();
  const users = useQuery({ ...adminUsersQuery(), select: activeOnly, enabled: isSuperAdmin });
  const admins = users.data ?? null;
  // SPEC's text; offline, the repository's sentence that begins with it and says why (decisions: these screens
  // say they need the network).
  const loadError = users.isError
    ? (users.error as { offline?: boolean }).offline
      ? errorMessage(users.error, MESSAGES.adminUsersLoadFailed)
      : MESSAGES.adminUsersLoadFailed
    : null;
  const loading = users.isFetching;
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [success, showSuccess] = useTimedMessage();
  const [deleteError, showDeleteError, clearDeleteError] = useTimedMessage();

  /** The list reloads after every change (SPEC §4 "Admin users"). */
  const reload = () => void queryClient.invalidateQueries({ queryKey: adminKeys.adminUsers });

  const onCreated = (admin: AdminUser) => {
    setCreating(false);
    showSuccess(adminCreatedMessage(admin.email), 'success', SUCCESS_MESSAGE_MS);
    reload();
  };

  const onDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    clearDeleteError();
    try {
      await deleteAdminUser(toDelete.id);
      setToDelete(null);
      showSuccess(MESSAGES.adminDeleted, 'success', SUCCESS_MESSAGE_MS);
    } catch (error) {
      setToDelete(null);
      const said = error instanceof AdminActionError && error.serverMessage ? error.serverMessage : undefined;
      showDeleteError(deleteErrorMessage(said ?? errorMessage(error, 'Unknown error')), 'error', ADMIN_DELETE_ERROR_MS);
    } finally {
      setDeleting(false);
      reload();
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Admin Users"
        description="People who can sign in to this back office."
        actions={
          isSuperAdmin ? (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              + Add Admin
            </button>
          ) : undefined
        }
      />

      {currentUser && (
        <section className="admin-card" aria-labelledby="current-admin-title">
          <h2 id="current-admin-title" className="admin-card__title">
            Signed in as
          </h2>
          <div className="admin-user-row">
            <span className="admin-avatar" aria-hidden="true">
              {currentUser.email.charAt(0)}
            </span>
            <div className="admin-user-row__main">
              <strong>{currentUser.email}</strong>
            </div>
            <RoleBadge role={currentUser.role} />
          </div>
        </section>
      )}

      <TimedMessageAlert message={success} />
      <TimedMessageAlert message={deleteError} />

      {!isSuperAdmin ? (
        <AdminAlert tone="warning" role="status">
          Super admin access required. Only Super Admins can manage admin users.
        </AdminAlert>
      ) : (
        <section className="admin-card" aria-labelledby="active-admins-title">
          <div className="admin-page-header" style={{ marginBottom: 8 }}>
            <h2 id="active-admins-title" className="admin-card__title" style={{ margin: 0 }}>
              Active Admins
            </h2>
            {admins && (
              <span className="admin-muted" aria-live="polite">
                {admins.length} active {admins.length === 1 ? 'admin' : 'admins'}
              </span>
            )}
          </div>
          {loadError && <RetryAlert text={loadError} onRetry={reload} />}
          {loading && !admins && (
            <p className="admin-loading" role="status">
              Loading admin users…
            </p>
          )}
          {admins && admins.length === 0 && (
            <div className="admin-empty">
              <p>No active admin users found</p>
            </div>
          )}
          {admins && admins.length > 0 && (
            <ul className="admin-list">
              {admins.map((admin) => {
                const canDelete = admin.role !== 'SUPER_ADMIN' && admin.id !== currentUser?.id;
                return (
                  <li key={admin.id}>
                    <div className="admin-user-row" style={{ width: '100%' }}>
                      <span className="admin-avatar" aria-hidden="true">
                        {admin.email.charAt(0)}
                      </span>
                      <div className="admin-user-row__main">
                        <strong>
                          {admin.email}
                          {admin.id === currentUser?.id && <span className="admin-muted"> (you)</span>}
                        </strong>
                        <span className="admin-muted admin-small">Created {formatLongDate(admin.createdAt)}</span>
                      </div>
                      <RoleBadge role={admin.role} />
                      {canDelete && (
                        <button
                          type="button"
                          className="button button--small button--danger-outline"
                          onClick={() => setToDelete(admin)}
                          aria-label={`Delete ${admin.email}`}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      {creating && <CreateAdminModal onClose={() => setCreating(false)} onCreated={onCreated} />}
      {toDelete && (
        <DeleteAdminModal
          admin={toDelete}
          deleting={deleting}
          onCancel={() => !deleting && setToDelete(null)}
          onConfirm={() => void onDelete()}
        />
      )}
    </>
  );
}
