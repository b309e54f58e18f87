/** Login, verify, password change and admin users (SPEC §6, §7, §8; DESIGN §4 "Auth"). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain';
import type { Transaction } from '../storage/storage';
import { ADMIN, communityBody, createTestApp, SUPER_ADMIN, type TestApp } from '../../tests/support/api';

/** The validation details an answer gives for one field. */
function fieldDetails(response: { json: () => { details?: { path: string; message: string }[] } }, path: string) {
  return (response.json().details ?? []).filter((detail) => detail.path === path);
}

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

  it('keeps the audit of a flood of refused logins from one address bounded, and lets the owner in from another', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { loginRateLimit: 10 } });
    const auditBefore = await t.storage.count('audit');
    const attacker = { remoteAddress: '203.0.113.7' };
    const flood = [];
    for (let i = 0; i < 3_000; i += 1) {
      flood.push(
        t.request({
          method: 'POST',
          url: '/api/admin/login',
          json: { email: SUPER_ADMIN.email, password: `guess-${i}` },
          ...attacker,
        }),
      );
      // A correct password from the owner's own address in the middle of the flood.
      if (i === 1_500) {
        flood.push(
          t.request({
            method: 'POST',
            url: '/api/admin/login',
            json: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
            remoteAddress: '198.51.100.20',
          }),
        );
      }
    }
    const answers = await Promise.all(flood);
    const owner = answers.splice(1_501, 1)[0]!;
    expect(owner.statusCode).toBe(200);
    const statuses = answers.map((answer) => answer.statusCode);
    // Parallel guesses are counted before their password is checked: at most the limit are ever checked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2_990);
    const written = await t.storage.list('audit');
    const added = written.length - auditBefore;
    // Each wrong password checked, the first 429 of the address and the owner's sign-in; the rest is counted.
    expect(added).toBeLessThanOrEqual(13);
    const lines = written.slice(auditBefore);
    expect(lines.filter((entry) => entry.detail === 'wrong password').length).toBe(
      statuses.filter((status) => status === 401).length,
    );
    expect(lines.filter((entry) => entry.detail === 'rate limited')).toHaveLength(1);
    expect(Buffer.byteLength(JSON.stringify(written.slice(auditBefore)))).toBeLessThan(12_000);
    // The counted refusals are reported in one summary line when the server stops (or every 5 minutes).
    await t.app.close();
    const summary = (await t.storage.list('audit')).at(-1)!;
    expect(summary).toMatchObject({ action: 'admin.login', outcome: 'failure', ip: '203.0.113.7' });
    expect(summary.detail).toMatch(/^\d+ more refused attempts since .*rate limited ×\d+/);
  }, 60_000);

  it('counts failures only: a sales office behind one address signs in many times', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { loginRateLimit: 10 } });
    const office = { remoteAddress: '192.0.2.50' };
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (
          await t.request({
            method: 'POST',
            url: '/api/admin/login',
            json: { email: ADMIN.email, password: 'typo' },
            ...office,
          })
        ).statusCode,
      );
    }
    for (let i = 0; i < 15; i += 1) {
      statuses.push(
        (
          await t.request({
            method: 'POST',
            url: '/api/admin/login',
            json: {
              email: i % 2 ? ADMIN.email : SUPER_ADMIN.email,
              password: i % 2 ? ADMIN.password : SUPER_ADMIN.password,
            },
            ...office,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(200)]);
  });

  it('does not lock the owner out: ten failures slow the email, and a right password from a good address gets in', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { loginRateLimit: 10 } });
    const tryLogin = (password: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/login',
        json: { email: SUPER_ADMIN.email, password },
        remoteAddress,
      });
    // Ten wrong passwords from ten addresses (a distributed guesser): the email is over its limit.
    for (let i = 0; i < 10; i += 1) expect((await tryLogin('wrong-guess', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    // An address that keeps failing is refused.
    for (let i = 0; i < 2; i += 1) expect((await tryLogin('wrong-guess', '203.0.113.1')).statusCode).toBe(401);
    const refused = await tryLogin(SUPER_ADMIN.password, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address that is not failing, gets in after a delay.
    const started = Date.now();
    const owner = await tryLogin(SUPER_ADMIN.password, '198.51.100.20');
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
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

  it('shares the login limits (429 with Retry-After) and audits every wrong current password', async () => {
    await t.close();
    t = await createTestApp({ seed: false, config: { loginRateLimit: 3 } });
    const change = (currentPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/change-password',
        token: t.adminToken,
        json: { currentPassword, newPassword: 'a-brand-new-pass' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await change(`guess-${i}`)).statusCode);
    const refused = await change(ADMIN.password);
    expect(statuses).toEqual([400, 400, 400]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const audit = await t.storage.list('audit');
    expect(
      audit
        .filter((entry) => entry.action === 'admin.confirm-password')
        .map((entry) => [entry.actorId, entry.outcome, entry.detail]),
    ).toEqual([
      [t.admin.id, 'failure', 'wrong password (change password)'],
      [t.admin.id, 'failure', 'wrong password (change password)'],
      [t.admin.id, 'failure', 'wrong password (change password)'],
      [t.admin.id, 'failure', 'rate limited'],
    ]);
  });

  it.each([
    [{ currentPassword: '', newPassword: 'long-enough-1' }, 'currentPassword', MESSAGES.currentPasswordRequired],
    [{ currentPassword: ADMIN.password, newPassword: '' }, 'newPassword', MESSAGES.newPasswordRequired],
    [{ currentPassword: ADMIN.password, newPassword: 'short' }, 'newPassword', MESSAGES.newPasswordTooShort],
  ])('validates %o', async (json, path, message) => {
    const response = await t.request({ method: 'POST', url: '/api/admin/change-password', token: t.adminToken, json });
    expect(response.statusCode).toBe(400);
    // One message per field: a blank password is "required", not also "too short".
    expect(fieldDetails(response, path)).toEqual([{ path, message }]);
  });
});

describe('token revocation (credential version)', () => {
  const verify = (token: string) => t.request({ method: 'GET', url: '/api/admin/verify', token });

  it('refuses a token signed before a password change, and accepts a new sign-in', async () => {
    const before = (await login(ADMIN.email, ADMIN.password)).json().token as string;
    const changed = await t.request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: before,
      json: { currentPassword: ADMIN.password, newPassword: 'a-brand-new-pass' },
    });
    expect(changed.statusCode).toBe(200);
    for (const stale of [before, t.adminToken]) {
      const response = await verify(stale);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatch(/sign in again/);
    }
    const after = (await login(ADMIN.email, 'a-brand-new-pass')).json().token as string;
    expect((await verify(after)).statusCode).toBe(200);
  });

  it('refuses a token signed before a role change or a deactivation', async () => {
    await t.storage.transact((tx) => tx.update('adminUsers', t.admin.id, { role: 'SUPER_ADMIN' }));
    expect((await verify(t.adminToken)).statusCode).toBe(401);
    const superToken = t.app.signToken((await t.storage.get('adminUsers', t.admin.id))!);
    expect((await verify(superToken)).statusCode).toBe(200);
    await t.storage.transact((tx) => tx.update('adminUsers', t.admin.id, { isActive: false }));
    await t.storage.transact((tx) => tx.update('adminUsers', t.admin.id, { isActive: true }));
    expect((await verify(superToken)).statusCode).toBe(401);
  });

  /**
   * The admin loses access after their request passed `authenticate` and before its write's transaction runs (the
   * request was hashing a password meanwhile): the next transaction on the storage deactivates them first.
   */
  function deactivateBeforeNextWrite(adminId: string): void {
    beforeNextWrite((tx) => tx.update('adminUsers', adminId, { isActive: false }));
  }

  /** Commits `change` just before the next transaction on the storage (a change landing while a request runs). */
  function beforeNextWrite(change: (tx: Transaction) => unknown): void {
    const transact = t.storage.transact.bind(t.storage);
    t.storage.transact = (async (body: Parameters<typeof transact>[0]) => {
      t.storage.transact = transact;
      await transact(change);
      return transact(body);
    }) as typeof transact;
  }

  it('refuses a write whose admin was deleted while the request was under way, and stores nothing', async () => {
    deactivateBeforeNextWrite(t.superAdmin.id);
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: 'backdoor@example.com', password: 'backdoor-pass', role: 'SUPER_ADMIN' },
    });
    expect(created.statusCode).toBe(401);
    expect(created.json().error).toBe('This account no longer has access');
    expect(await t.storage.findOne('adminUsers', 'email', 'backdoor@example.com')).toBeUndefined();
    const audit = await t.storage.list('audit');
    expect(audit.filter((entry) => entry.action === 'admin-user.create')).toEqual([]);
  });

  it('lets only one of two password changes sent at once with one token through: the other is signed out', async () => {
    const change = (newPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/change-password',
        token: t.adminToken,
        json: { currentPassword: ADMIN.password, newPassword },
      });
    const answers = await Promise.all([change('alpha-pass-1'), change('bravo-pass-2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const refused = answers.find((answer) => answer.statusCode === 401)!;
    expect(refused.json().error).toMatch(/sign in again/);
    // The password that was said to be changed is the one that works.
    const winner = answers[0]!.statusCode === 200 ? 'alpha-pass-1' : 'bravo-pass-2';
    const loser = winner === 'alpha-pass-1' ? 'bravo-pass-2' : 'alpha-pass-1';
    expect((await login(ADMIN.email, winner)).statusCode).toBe(200);
    expect((await login(ADMIN.email, loser)).statusCode).toBe(401);
  });

  it('logout ends that token, on every route and for writes, and no other session of the admin', async () => {
    const tablet = (await login(ADMIN.email, ADMIN.password)).json().token as string;
    const phone = (await login(ADMIN.email, ADMIN.password)).json().token as string;
    const loggedOut = await t.request({ method: 'POST', url: '/api/admin/logout', token: tablet });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.headers['cache-control']).toBe('no-store');

    const refused = await verify(tablet);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('You signed out. Please sign in again.');
    const write = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: tablet,
      json: { title: 'Written after logout', address: '1 Main St', price: 1, status: 'AVAILABLE' },
    });
    expect(write.statusCode).toBe(401);
    expect(await t.storage.list('properties')).toEqual([]);
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token: tablet })).statusCode).toBe(401);
    expect((await verify(phone)).statusCode).toBe(200);

    // Kept until the token would have expired anyway, then swept; audited as the login is.
    const [revoked] = await t.storage.list('revokedTokens');
    const { exp } = t.app.jwt.decode<{ exp: number }>(tablet)!;
    expect(revoked).toMatchObject({ adminId: t.admin.id, expiresAt: new Date(exp * 1000).toISOString() });
    expect(await t.storage.deleteExpired('revokedTokens', new Date(exp * 1000 - 1000))).toBe(0);
    expect(await t.storage.deleteExpired('revokedTokens', new Date(exp * 1000))).toBe(1);
    const audit = await t.storage.list('audit', { action: 'admin.logout' });
    expect(audit).toEqual([expect.objectContaining({ actorId: t.admin.id, entity: 'session', outcome: 'success' })]);
  });

  it('refuses a write whose token was logged out while the request was under way, and stores nothing', async () => {
    const token = (await login(ADMIN.email, ADMIN.password)).json().token as string;
    const { jti, exp } = t.app.jwt.decode<{ jti: string; exp: number }>(token)!;
    beforeNextWrite((tx) =>
      tx.insert('revokedTokens', { id: jti, adminId: t.admin.id, expiresAt: new Date(exp * 1000).toISOString() }),
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/communities',
      token,
      json: communityBody({ name: 'Logged Out Lakes' }),
    });
    expect(created.statusCode).toBe(401);
    expect(await t.storage.findOne('communities', 'slug', 'logged-out-lakes')).toBeUndefined();
  });

  it('refuses a genuine token that carries no credential version', async () => {
    const unversioned = t.app.jwt.sign({ sub: t.admin.id, role: 'ADMIN' } as never);
    expect((await verify(unversioned)).statusCode).toBe(401);
  });
});

describe('admin users', () => {
  it('honours If-Match on delete: a stale version answers 412 with the account (no hash) and deletes nothing', async () => {
    const remove = (version: number) =>
      t.request({
        method: 'DELETE',
        url: `/api/admin/users/${t.admin.id}`,
        token: t.superToken,
        headers: { 'if-match': `"${version}"` },
      });
    const stale = await remove(t.admin.version + 5);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: t.admin.id, email: ADMIN.email, isActive: true });
    expect(JSON.stringify(stale.json())).not.toContain('passwordHash');
    expect((await t.storage.get('adminUsers', t.admin.id))?.isActive).toBe(true);
    expect((await remove(t.admin.version)).statusCode).toBe(200);
    expect((await t.storage.get('adminUsers', t.admin.id))?.isActive).toBe(false);
  });

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
    expect(fieldDetails(response, path)).toEqual([{ path, message }]);
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

  it('makes a new account (new id) when the email of a deleted admin is used again; the old tokens stay dead', async () => {
    await t.request({ method: 'DELETE', url: `/api/admin/users/${t.admin.id}`, token: t.superToken });
    const again = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: ADMIN.email, password: 'fresh-password-1' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ email: ADMIN.email, role: 'ADMIN', isActive: true, version: 1 });
    expect(again.json().id).not.toBe(t.admin.id);
    expect((await t.request({ method: 'GET', url: '/api/admin/verify', token: t.adminToken })).statusCode).toBe(401);
    const fresh = await login(ADMIN.email, 'fresh-password-1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().admin.id).toBe(again.json().id);
    const list = (await t.request({ method: 'GET', url: '/api/admin/users', token: t.superToken })).json();
    expect(list.filter((user: { email: string }) => user.email === ADMIN.email)).toHaveLength(1);
    // The old record stays (the audit trail names it), inactive and out of the way of the email.
    const old = await t.storage.get('adminUsers', t.admin.id);
    expect(old).toMatchObject({ isActive: false });
    expect(old!.email).not.toBe(ADMIN.email);
    // Deleting the new account and creating it a third time works the same way.
    await t.request({ method: 'DELETE', url: `/api/admin/users/${again.json().id}`, token: t.superToken });
    const third = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: t.superToken,
      json: { email: ADMIN.email, password: 'fresh-password-2' },
    });
    expect(third.statusCode).toBe(201);
  });
});
