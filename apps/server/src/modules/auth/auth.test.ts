import {
  Ability,
  ERROR_MESSAGES,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  ResponseCode,
  encodeCredential,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, credentials } from '../../test/factories.js';
import { api, expectCode, login } from '../../test/http.js';
import { hashPassword, verifyPassword } from './password.js';
import { hashToken } from './token.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong username or password.';

function signIn(url: string, body: Record<string, string>, multipart = false) {
  return api<Record<string, unknown>>(t.app, {
    method: 'POST',
    url,
    ...(multipart ? { multipart: body } : { body }),
  });
}

describe('passwords', () => {
  it('hashes with scrypt and a per-user salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('secret-1'), hashPassword('secret-1')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret-1', a)).toBe(true);
    expect(await verifyPassword('secret-2', a)).toBe(false);
    expect(await verifyPassword('secret-1', 'garbage')).toBe(false);
  });
});

describe('POST /user/login and /svc/sys/user/login', () => {
  it('signs in with JSON on the account route and answers token, id, expiresAt', async () => {
    const user = await buildUser(t.db);
    const result = await signIn('/user/login', credentials(user.username, user.password));
    expectCode(result, 200, 200);
    expect(result.body.msg).toBe('success');
    expect(result.body.data).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      id: user.id,
      expiresAt: expect.any(String),
    });
    const expiresAt = Date.parse(String(result.body.data.expiresAt));
    expect(expiresAt - Date.now()).toBeGreaterThan(11 * 3_600_000);
    // Only the hash of the token is stored.
    const token = String(result.body.data.token);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ kind: 'admin', userId: user.id, revokedAt: null });
  });

  it('signs in with multipart on the service route and answers access_token', async () => {
    const user = await buildUser(t.db);
    const result = await signIn(
      '/svc/sys/user/login',
      credentials(user.username, user.password),
      true,
    );
    expectCode(result, 200, 200);
    expect(result.body.data).toEqual({
      access_token: expect.any(String),
      id: user.id,
      expiresAt: expect.any(String),
    });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(String(result.body.data.access_token))));
    expect(row?.kind).toBe('service');
  });

  it('accepts multipart on the account route and JSON on the service route too', async () => {
    const user = await buildUser(t.db);
    expectCode(
      await signIn('/user/login', credentials(user.username, user.password), true),
      200,
      200,
    );
    expectCode(
      await signIn('/svc/sys/user/login', credentials(user.username, user.password)),
      200,
      200,
    );
  });

  it('compares usernames trimmed and case-insensitively', async () => {
    const user = await buildUser(t.db);
    const result = await signIn(
      '/user/login',
      credentials(`  ${user.username.toUpperCase()} `, user.password),
    );
    expectCode(result, 200, 200);
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const user = await buildUser(t.db);
    const wrong = await signIn('/user/login', credentials(user.username, 'not-the-password'));
    expectCode(wrong, ResponseCode.validation, 400);
    expect(wrong.body).toEqual({ code: -120, msg: WRONG, data: null });
    const unknown = await signIn('/user/login', credentials('nobody_here_at_all', 'whatever1'));
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(400);
  });

  it('names the field of a too-short username', async () => {
    const result = await signIn('/user/login', credentials('ab', 'whatever1'));
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.msg).toBe('username: Too small: expected string to have >=3 characters');
    expect(result.body.data).toEqual({
      fields: [{ path: 'username', message: 'Too small: expected string to have >=3 characters' }],
    });
  });

  it('names the field of a value that is not encoded', async () => {
    const result = await signIn('/user/login', {
      username: encodeCredential('admin'),
      password: 'adloom123',
    });
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.msg).toMatch(/^password: /);
    expect(result.body.data).toEqual({
      fields: [{ path: 'password', message: expect.any(String) }],
    });
  });

  it('names missing fields from the schema, for JSON and multipart', async () => {
    const json = await signIn('/user/login', { username: encodeCredential('admin') });
    expectCode(json, ResponseCode.validation, 400);
    expect(json.body.data).toEqual({ fields: [{ path: 'password', message: expect.any(String) }] });
    const form = await signIn('/svc/sys/user/login', { password: encodeCredential('x') }, true);
    expectCode(form, ResponseCode.validation, 400);
    expect(form.body.msg).toMatch(/^username: /);
  });

  it('refuses a disabled account that knows its password', async () => {
    const user = await buildUser(t.db, { status: 1 });
    const result = await signIn('/user/login', credentials(user.username, user.password));
    expect(result.body).toEqual({ code: -120, msg: 'This account is disabled.', data: null });
  });

  it('refuses an account without the login ability', async () => {
    const user = await buildUser(t.db, { ability: Ability.adManage });
    const result = await signIn('/user/login', credentials(user.username, user.password));
    expectCode(result, ResponseCode.validation, 400);
  });
});

describe('lockout', () => {
  it(`locks after ${LOGIN_MAX_FAILURES} failures, even for the right password`, async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      const result = await signIn('/user/login', credentials(user.username, 'wrong-password'));
      expect(result.body.msg).toBe(WRONG);
    }
    const last = await signIn('/user/login', credentials(user.username, 'wrong-password'));
    expectCode(last, ResponseCode.locked, 423);
    expect(last.body.msg).toBe(
      `${ERROR_MESSAGES.locked.en} Try again in ${LOGIN_LOCK_MINUTES} minutes, or ask a user manager to unlock it.`,
    );
    const right = await signIn('/svc/sys/user/login', credentials(user.username, user.password));
    expectCode(right, ResponseCode.locked, 423);
    expect(right.body.msg).toMatch(
      /Try again in \d+ minutes?, or ask a user manager to unlock it\./,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(
      Date.now() + (LOGIN_LOCK_MINUTES - 1) * 60_000,
    );
  });

  it('lets the user in again once the lock has expired', async () => {
    const user = await buildUser(t.db);
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expectCode(await signIn('/user/login', credentials(user.username, user.password)), 200, 200);
  });

  it('resets the failure count on success', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      await signIn('/user/login', credentials(user.username, 'wrong-password'));
    }
    expectCode(await signIn('/user/login', credentials(user.username, user.password)), 200, 200);
    const next = await signIn('/user/login', credentials(user.username, 'wrong-password'));
    expect(next.body.msg).toBe(WRONG);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ failedLogins: 1, lockedUntil: null });
  });
});

describe('sessions', () => {
  it('accepts the token in X-Token and in Authorization: Bearer', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const url = '/svc/sys/user/currentUser';
    expectCode(await api(t.app, { url, token }), 200, 200);
    expectCode(await api(t.app, { url, token, bearer: true }), 200, 200);
    // Either live token authenticates, whatever the other header holds.
    expectCode(
      await api(t.app, { url, token, bearer: true, headers: { 'x-token': 'stale' } }),
      200,
      200,
    );
  });

  it('answers -100 without a token, or with an unknown one', async () => {
    const url = '/svc/sys/user/currentUser';
    const none = await api(t.app, { url });
    expect(none).toMatchObject({
      status: 401,
      body: { code: -100, msg: 'Log in timeout, please resign.', data: null },
    });
    expectCode(await api(t.app, { url, token: 'made-up-token' }), -100, 401);
    expectCode(await api(t.app, { url, headers: { authorization: 'Basic abc' } }), -100, 401);
  });

  it('refuses an expired token', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expectCode(await api(t.app, { url: '/svc/sys/user/currentUser', token }), -100, 401);
  });

  it('refuses the token of a user disabled after signing in', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    await t.db.update(users).set({ status: 1 }).where(eq(users.id, user.id));
    expectCode(await api(t.app, { url: '/svc/sys/user/currentUser', token }), -100, 401);
  });

  it('logout revokes every token the request carries, and only those', async () => {
    const user = await buildUser(t.db);
    const admin = await login(t.app, user.username, user.password);
    const service = await api<{ access_token: string }>(t.app, {
      method: 'POST',
      url: '/svc/sys/user/login',
      body: credentials(user.username, user.password),
    });
    const serviceToken = service.body.data.access_token;
    const other = await login(t.app, user.username, user.password);

    const out = await api(t.app, {
      method: 'POST',
      url: '/user/logout',
      headers: { 'x-token': admin, authorization: `Bearer ${serviceToken}` },
    });
    expect(out.body).toEqual({ code: 200, msg: 'success', data: null });

    const url = '/svc/sys/user/currentUser';
    expectCode(await api(t.app, { url, token: admin }), -100, 401);
    expectCode(await api(t.app, { url, token: serviceToken, bearer: true }), -100, 401);
    expectCode(await api(t.app, { url, token: other }), 200, 200);
    // Logging out again with a dead token is itself refused.
    expectCode(await api(t.app, { method: 'POST', url: '/user/logout', token: admin }), -100, 401);
  });
});

describe('rate limit', () => {
  it('answers -170 with HTTP 429 past the per-minute limit of the sign-in routes', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const body = credentials('nobody_here_at_all', 'whatever1');
      for (let i = 0; i < 3; i += 1) {
        const result = await api(limited.app, { method: 'POST', url: '/user/login', body });
        expect(result.body.code).toBe(ResponseCode.validation);
      }
      const refused = await api(limited.app, { method: 'POST', url: '/user/login', body });
      expectCode(refused, ResponseCode.tooManyRequests, 429);
      expect(refused.body.msg).toMatch(/^Too many attempts, please retry in /);
      expect(refused.body.data).toBeNull();
      // Other routes are not limited.
      expectCode(await api(limited.app, { url: '/svc/sys/user/currentUser' }), -100, 401);
    } finally {
      await limited.close();
    }
  });
});
