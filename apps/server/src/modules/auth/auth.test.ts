import {
  Ability,
  ResponseCode,
  SIGN_IN_IP_THROTTLE,
  SIGN_IN_THROTTLE,
  encodeCredential,
  normalizeUsername,
} from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, credentials } from '../../test/factories.js';
import { api, expectCode, login } from '../../test/http.js';
import { hashPassword, verifyPassword } from './password.js';
import { claimAttempt, clientAddressKey, countedFailures, delaySeconds } from './throttle.js';
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
    expect(wrong.body).toEqual({
      code: -120,
      msg: WRONG,
      msgCode: 'password.wrongCredentials',
      data: null,
    });
    const unknown = await signIn('/user/login', credentials('nobody_here_at_all', 'whatever1'));
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(400);
  });

  it('names the field of a too-short username', async () => {
    const result = await signIn('/user/login', credentials('ab', 'whatever1'));
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.msg).toBe('username: At least 3 characters');
    expect(result.body.data).toMatchObject({
      fields: [
        {
          path: 'username',
          code: 'input.tooShort',
          params: { min: 3 },
          message: 'At least 3 characters',
        },
      ],
    });
  });

  it('names the field of a value that is not encoded', async () => {
    const result = await signIn('/user/login', {
      username: encodeCredential('admin'),
      password: 'adloom123',
    });
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.msg).toMatch(/^password: /);
    expect(result.body.data).toMatchObject({
      fields: [{ path: 'password', message: expect.any(String) }],
    });
  });

  it('names missing fields from the schema, for JSON and multipart', async () => {
    const json = await signIn('/user/login', { username: encodeCredential('admin') });
    expectCode(json, ResponseCode.validation, 400);
    expect(json.body.data).toMatchObject({
      fields: [{ path: 'password', message: expect.any(String) }],
    });
    const form = await signIn('/svc/sys/user/login', { password: encodeCredential('x') }, true);
    expectCode(form, ResponseCode.validation, 400);
    expect(form.body.msg).toMatch(/^username: /);
  });

  it('refuses a disabled account that knows its password', async () => {
    const user = await buildUser(t.db, { status: 1 });
    const result = await signIn('/user/login', credentials(user.username, user.password));
    expect(result.body).toEqual({
      code: -120,
      msg: 'This account is disabled.',
      msgCode: 'password.disabled',
      data: null,
    });
  });

  it('refuses an account without the login ability', async () => {
    const user = await buildUser(t.db, { ability: Ability.adManage });
    const result = await signIn('/user/login', credentials(user.username, user.password));
    expectCode(result, ResponseCode.validation, 400);
  });
});

describe('sign-in throttle', () => {
  const { freeFailures } = SIGN_IN_THROTTLE;
  let lastOctet = 0;
  /** A fresh client address per use, so tests sharing a PostgreSQL database never meet. */
  const freshAddress = () =>
    `198.18.${Math.floor(Math.random() * 250)}.${(lastOctet = (lastOctet % 250) + 1)}`;

  function attempt(username: string, password: string, remoteAddress: string, app = t.app) {
    return api<Record<string, unknown>>(app, {
      method: 'POST',
      url: '/user/login',
      body: credentials(username, password),
      remoteAddress,
    });
  }
  const outcome = (result: {
    status: number;
    body: { code: number; msg: string; data: unknown };
  }) =>
    `${result.status} ${result.body.code} ${result.body.msg} ${JSON.stringify(result.body.data)}`;

  /** Moves a username's throttle rows `seconds` into the past, as if that time had passed. */
  async function letTimePass(username: string, seconds: number) {
    const shift = sql.raw(`interval '${seconds} seconds'`);
    await t.db
      .update(loginThrottles)
      .set({
        lastFailureAt: sql`${loginThrottles.lastFailureAt} - ${shift}`,
        blockedUntil: sql`${loginThrottles.blockedUntil} - ${shift}`,
      })
      .where(eq(loginThrottles.username, normalizeUsername(username)));
  }

  it(`answers ${freeFailures} failures at once, then makes the next attempt wait (429, -170)`, async () => {
    const user = await buildUser(t.db);
    const address = freshAddress();
    for (let failure = 1; failure <= freeFailures; failure += 1) {
      expect((await attempt(user.username, 'wrong-password', address)).body.msg).toBe(WRONG);
    }
    // Even the right password waits: the attempt is not checked at all.
    const waiting = await attempt(user.username, user.password, address);
    expectCode(waiting, ResponseCode.tooManyRequests, 429);
    expect(waiting.body).toEqual({
      code: -170,
      msg: 'Too many failed attempts. Try again in 1 second.',
      msgCode: 'error.retryOneSecond',
      data: { retryAfterSeconds: 1 },
    });
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it("does not keep the right password out from another address (a stranger's failures)", async () => {
    const user = await buildUser(t.db);
    const stranger = freshAddress();
    for (let failure = 1; failure <= freeFailures; failure += 1) {
      await attempt(user.username, `guess-${failure}`, stranger);
    }
    expectCode(await attempt(user.username, 'one-more-guess', stranger), -170, 429);
    expectCode(await attempt(user.username, user.password, freshAddress()), 200, 200);
    expectCode(
      await signIn('/svc/sys/user/login', credentials(user.username, user.password)),
      200,
      200,
    );
  });

  it('answers a known and an unknown username alike, step by step', async () => {
    const user = await buildUser(t.db);
    const unknown = `nobody_${user.username}`;
    const known: string[] = [];
    const stranger: string[] = [];
    const [knownAddress, unknownAddress] = [freshAddress(), freshAddress()];
    for (let step = 0; step < freeFailures + 3; step += 1) {
      known.push(outcome(await attempt(user.username, 'wrong-password', knownAddress)));
      stranger.push(outcome(await attempt(unknown, 'wrong-password', unknownAddress)));
      if (step === freeFailures + 1) {
        await letTimePass(user.username, 1);
        await letTimePass(unknown, 1);
      }
    }
    expect(stranger).toEqual(known);
    expect(known.filter((line) => line.startsWith('429'))).toHaveLength(2);
  });

  it('doubles the wait with each further failure: 1 s, 2 s, 4 s, 8 s', async () => {
    const user = await buildUser(t.db);
    const address = freshAddress();
    for (let failure = 1; failure <= freeFailures; failure += 1) {
      await attempt(user.username, 'wrong-password', address);
    }
    const waits: unknown[] = [];
    for (let round = 0; round < 4; round += 1) {
      const waiting = await attempt(user.username, 'wrong-password', address);
      expectCode(waiting, -170, 429);
      const { retryAfterSeconds } = waiting.body.data as { retryAfterSeconds: number };
      waits.push(retryAfterSeconds);
      await letTimePass(user.username, retryAfterSeconds);
      expect((await attempt(user.username, 'wrong-password', address)).body.msg).toBe(WRONG);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    await letTimePass(user.username, 16);
    // The right password once the wait is over starts the count afresh.
    expectCode(await attempt(user.username, user.password, address), 200, 200);
    expect(
      await t.db.select().from(loginThrottles).where(eq(loginThrottles.username, user.username)),
    ).toEqual([]);
    expect((await attempt(user.username, 'wrong-password', address)).body.msg).toBe(WRONG);
  });

  it('counts concurrent guesses one by one: no burst slips past the free failures', async () => {
    const user = await buildUser(t.db);
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => attempt(user.username, `guess-${index}`, address)),
    );
    const codes = results.map((result) => result.body.code);
    expect(codes.filter((code) => code === ResponseCode.validation)).toHaveLength(freeFailures);
    expect(codes.filter((code) => code === ResponseCode.tooManyRequests)).toHaveLength(
      20 - freeFailures,
    );
  });

  it('slows one address trying many usernames, and not the others', async () => {
    const limited = await createTestApp({
      env: { LOGIN_IP_FREE_FAILURES: '3' },
      database: t.database,
    });
    try {
      const user = await buildUser(t.db);
      const sprayer = freshAddress();
      for (let index = 0; index < 3; index += 1) {
        const result = await attempt(
          `sprayed_${index}_${user.username}`,
          'pass-1234',
          sprayer,
          limited.app,
        );
        expect(result.body.msg).toBe(WRONG);
      }
      const next = await attempt(`sprayed_x_${user.username}`, 'pass-1234', sprayer, limited.app);
      expect(next.body).toMatchObject({ code: -170, data: { retryAfterSeconds: 1 } });
      expectCode(await attempt(user.username, user.password, sprayer, limited.app), -170, 429);
      expectCode(
        await attempt(user.username, user.password, freshAddress(), limited.app),
        200,
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('keys an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('lets an attempt that began before a free failure of its address through', async () => {
    // Two sign-ins from one address at once: the one that started first may read the row
    // the other wrote. A failure inside the free ones sets no wait, whatever the clocks say.
    const address = clientAddressKey(freshAddress());
    const policy = { ...SIGN_IN_IP_THROTTLE, freeFailures: 100 };
    const keys = [{ scope: 'signInIp' as const, username: '', ip: address, policy }];
    const started = new Date();
    const later = new Date(started.getTime() + 250);
    expect(await claimAttempt(t.db, keys, later)).toMatchObject({ allowed: true });
    expect(await claimAttempt(t.db, keys, started)).toMatchObject({ allowed: true });
  });

  it('computes the delays and the leak of the policy', () => {
    const policy = { freeFailures: 2, firstDelaySeconds: 1, maxDelaySeconds: 10, leakSeconds: 60 };
    expect([0, 1, 2, 3, 4, 5, 6, 100].map((f) => delaySeconds(policy, f))).toEqual([
      0, 0, 1, 2, 4, 8, 10, 10,
    ]);
    const last = new Date('2026-01-01T00:00:00Z');
    const at = (seconds: number) => new Date(last.getTime() + seconds * 1000);
    expect(countedFailures(policy, 5, last, at(59))).toBe(5);
    expect(countedFailures(policy, 5, last, at(120))).toBe(3);
    expect(countedFailures(policy, 5, last, at(3600))).toBe(0);
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
