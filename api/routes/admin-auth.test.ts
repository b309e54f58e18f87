/** Login, verify, password change and admin users (SPEC §6, §7, §8; DESIGN §4 "Auth"). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain';
import { ADMIN, createTestApp, SUPER_ADMIN, type TestApp } from '../../tests/support/api';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/admin/login', json: { email, password } });

describe('login', () => {
  it('answers a token and the admin without any password hash', async () => {
    const response = await login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.admin).toMatchObject({ email: SUPER_ADMIN.email, role: 'SUPER_ADMIN', isActive: true });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    expect(JSON.stringify(body)).not.toContain('$argon2');
    const verify = await t.request({ method: 'GET', url: '/api/admin/verify', token: body.token });
    expect(verify.json()).toMatchObject({ valid: true, admin: { email: SUPER_ADMIN.email } });
  });

  it('accepts the email in any case', async () => {
    expect((await login(SUPER_ADMIN.email.toUpperCase(), SUPER_ADMIN.password)).statusCode).toBe(200);
  });

  it('says only "Invalid email or password" for a wrong password or an unknown email', async () => {
    for (const [email, password] of [
      [SUPER_ADMIN.email, 'wrong-password'],
      ['nobody@example.com', 'whatever1'],
    ]) {
      const response = await login(email!, password!);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: MESSAGES.invalidCredentials });
    }
  });

  it('requires email and password with the spec messages', async () => {
    const response = await t.request({ method: 'POST', url: '/api/admin/login', json: { email: '', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MESSAGES.emailRequired },
        { path: 'password', message: MESSAGES.passwordRequired },
      ]),
    );
  });

  it('answers 429 with Retry-After after too many attempts, even with the right password', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { loginRateLimit: 3 } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await login(SUPER_ADMIN.email, 'wrong-password')).statusCode);
    const blocked = await login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect(statuses).toEqual([401, 401, 401]);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('audits every attempt with its outcome', async () => {
    await login(SUPER_ADMIN.email, 'wrong-password');
    await login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const audit = (await t.request({ method: 'GET', url: '/api/audit', token: t.superToken })).json();
    const logins = audit.entries.filter((entry: { action: string }) => entry.action === 'admin.login');
    expect(logins.map((entry: { outcome: string; detail?: string }) => [entry.outcome, entry.detail])).toEqual([
      ['success', undefined],
      ['failure', 'wrong password'],
    ]);
  });

  it('refuses a deactivated admin', async () => {
    await t.request({ method: 'DELETE', url: `/api/admin/users/${t.admin.id}`, token: t.superToken });
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('changes it when the current password is right', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: t.adminToken,
      json: { currentPassword: ADMIN.password, newPassword: 'a-brand-new-pass' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.passwordChanged);
    expect((await login(ADMIN.email, 'a-brand-new-pass')).statusCode).toBe(200);
    expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(401);
  });

  it('answers 400 (not 401, which would sign the admin out) for a wrong current password', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: t.adminToken,
      json: { currentPassword: 'nope-nope', newPassword: 'a-brand-new-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.currentPasswordWrong);
  });

  it.each([
    [{ currentPassword: '', newPassword: 'long-enough-1' }, 'currentPassword', MESSAGES.currentPasswordRequired],
    [{ currentPassword: ADMIN.password, newPassword: '' }, 'newPassword', MESSAGES.newPasswordRequired],
    [{ currentPassword: ADMIN.password, newPassword: 'short' }, 'newPassword', MESSAGES.newPasswordTooShort],
  ])('validates %o', async (json, path, message) => {
    const response = await t.request({ method: 'POST', url: '/api/admin/change-password', token: t.adminToken, json });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
  });
});

describe('admin users', () => {
  it('lists active admins without hashes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/users', token: t.superToken });
    const users = response.json();
    expect(users.map((user: { email: string }) => user.email).sort()).toEqual([ADMIN.email, SUPER_ADMIN.email].sort());
    expect(Object.keys(users[0]).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'isActive',
      'role',
      'updatedAt',
      'version',
    ]);
  });

  it('creates an admin, taking the lower-case role "admin" as ADMIN and defaulting to ADMIN', async () => {
    const lower = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: 'New.Agent@Example.com', password: 'agent-password', role: 'admin' },
    });
    expect(lower.statusCode).toBe(201);
    expect(lower.json()).toMatchObject({ email: 'new.agent@example.com', role: 'ADMIN', isActive: true });
    const noRole = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: 'b@example.com', password: 'agent-password' },
    });
    expect(noRole.json().role).toBe('ADMIN');
    const superRole = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: 'c@example.com', password: 'agent-password', role: 'super_admin' },
    });
    expect(superRole.json().role).toBe('SUPER_ADMIN');
    const stored = await t.storage.findOne('adminUsers', 'email', 'new.agent@example.com');
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ email: '', password: 'agent-password' }, 'email', MESSAGES.emailRequired],
    [{ email: 'x@example.com', password: '' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'x@example.com', password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [
      { email: 'x@example.com', password: 'agent-password', role: 'OWNER' },
      'role',
      'Role must be ADMIN or SUPER_ADMIN',
    ],
  ])('validates %o and stores nothing', async (json, path, message) => {
    const response = await t.request({ method: 'POST', url: '/api/admin/users', token: t.superToken, json });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
    expect(await t.storage.count('adminUsers')).toBe(2);
  });

  it('refuses a duplicate active email with 409', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: ADMIN.email, password: 'agent-password' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('deactivates on delete: the user disappears from the list and their token stops working', async () => {
    const response = await t.request({ method: 'DELETE', url: `/api/admin/users/${t.admin.id}`, token: t.superToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.adminDeleted);
    const list = (await t.request({ method: 'GET', url: '/api/admin/users', token: t.superToken })).json();
    expect(list.map((user: { email: string }) => user.email)).toEqual([SUPER_ADMIN.email]);
    expect((await t.request({ method: 'GET', url: '/api/communities', token: t.adminToken })).statusCode).toBe(401);
  });

  it('refuses deleting your own account with the text the client matches on', async () => {
    const response = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${t.superAdmin.id}`,
      token: t.superToken,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(MESSAGES.cannotDeleteOwnAccount);
  });

  it('refuses deleting the last active super admin', async () => {
    const second = (
      await t.request({
        method: 'POST',
        url: '/api/admin/users',
        token: t.superToken,
        json: { email: 'second@example.com', password: 'second-password', role: 'SUPER_ADMIN' },
      })
    ).json();
    const secondToken = t.app.signToken((await t.storage.get('adminUsers', second.id))!);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/users/${t.superAdmin.id}`, token: secondToken }))
        .statusCode,
    ).toBe(200);
    // `second` is now the only active super admin; nobody else can remove them, and they cannot remove themselves.
    const self = await t.request({ method: 'DELETE', url: `/api/admin/users/${second.id}`, token: secondToken });
    expect(self.statusCode).toBe(403);
  });

  it('reactivates a deleted admin when re-created with the same email', async () => {
    await t.request({ method: 'DELETE', url: `/api/admin/users/${t.admin.id}`, token: t.superToken });
    const again = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: ADMIN.email, password: 'fresh-password-1' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(t.admin.id);
    expect((await login(ADMIN.email, 'fresh-password-1')).statusCode).toBe(200);
  });
});
