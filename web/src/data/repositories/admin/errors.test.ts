import { describe, expect, it } from 'vitest';
import { ApiError, NetworkUnreachableError } from '../../http-errors';
import { AdminActionError, SaveConflictError, toAdminActionError } from './errors';
import { adminDeleteErrorText } from './users';

describe('toAdminActionError', () => {
  it('uses the server’s message, else the SPEC fallback, and keeps status and details', () => {
    const details = [{ path: 'email', message: 'Already in use' }];
    const refused = toAdminActionError(
      new ApiError('Network error: Duplicate', 409, { serverMessage: 'Duplicate', details }),
      'Failed to create admin',
    );
    expect(refused).toMatchObject({ message: 'Duplicate', status: 409, details, offline: false });
    const bare = toAdminActionError(
      new ApiError('Network error: HTTP error! status: 500', 500, { serverMessage: 'HTTP error! status: 500' }),
      'Failed to create admin',
    );
    expect(bare).toMatchObject({ message: 'Failed to create admin', status: 500 });
  });

  it('keeps the HTTP client’s text for a 401', () => {
    const expired = toAdminActionError(new ApiError('Authentication expired. Please login again.', 401), 'x');
    expect(expired).toMatchObject({ message: 'Authentication expired. Please login again.', status: 401 });
  });

  it('says why when the server could not be reached', () => {
    const offline = toAdminActionError(new NetworkUnreachableError('offline'), 'Login failed');
    expect(offline).toBeInstanceOf(AdminActionError);
    expect(offline).toMatchObject({
      message: 'Login failed. You are offline. Try again once the connection is back.',
      offline: true,
      status: undefined,
    });
    expect(toAdminActionError(new NetworkUnreachableError('timeout'), 'Login failed').message).toBe(
      'Login failed. The server did not answer in time. Try again in a moment.',
    );
  });

  it('a save conflict is an ApiError 412 with the current record and the parked entry', () => {
    const conflict = new SaveConflictError('entry-1', 'Changed by someone else', { id: 'x', version: 4 });
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({
      status: 412,
      entryId: 'entry-1',
      current: { version: 4 },
      message: 'Network error: Changed by someone else',
    });
  });
});

describe('adminDeleteErrorText (SPEC §8 admins)', () => {
  it('maps the two known refusals and wraps anything else', () => {
    expect(adminDeleteErrorText(new Error('Super admin access required'))).toBe(
      'Only Super Admins can delete admin users. You do not have sufficient permissions.',
    );
    expect(adminDeleteErrorText(new Error('Cannot delete your own account'))).toBe(
      'You cannot delete your own account. Please contact another Super Admin.',
    );
    expect(adminDeleteErrorText(new Error('Not found'))).toBe('Failed to delete admin: Not found');
  });
});
