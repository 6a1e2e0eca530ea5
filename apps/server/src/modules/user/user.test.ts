import {
  Ability,
  PASSWORD_CHANGE_THROTTLE,
  PASSWORD_MESSAGES,
  ResponseCode,
  encodeCredential,
} from '@adloom/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog, loginThrottles, users } from '../../db/schema.js';
import { passwordProblem } from '../auth/password-policy.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser, credentials } from '../../test/factories.js';
import { api, expectCode, login } from '../../test/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function latestChange(targetId: number, method: string) {
  const [row] = await t.db
    .select()
    .from(changeLog)
    .where(
      and(
        eq(changeLog.targetType, 'user'),
        eq(changeLog.targetId, targetId),
        eq(changeLog.method, method),
      ),
    )
    .orderBy(desc(changeLog.id))
    .limit(1);
  return row;
}

describe('GET /svc/sys/user/currentUser', () => {
  it('answers the signed-in user, without secrets', async () => {
    const owner = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const user = await buildUser(t.db, { parentId: owner.id, nickname: 'Jo' });
    const token = await login(t.app, user.username, user.password);
    const result = await api(t.app, { url: '/svc/sys/user/currentUser', token });
    expect(result.body).toEqual({
      code: 200,
      msg: 'success',
      data: {
        id: user.id,
        username: user.username,
        nickname: 'Jo',
        avatar: '',
        introduction: '',
        ability: user.ability,
        parentId: owner.id,
        realUser: null,
      },
    });
  });

  it('answers the demo administrator with every ability', async () => {
    const token = await login(t.app, 'admin', 'adloom123');
    const result = await api<{ username: string; nickname: string; ability: number }>(t.app, {
      url: '/svc/sys/user/currentUser',
      token,
    });
    expect(result.body.data).toMatchObject({ username: 'admin', parentId: null });
    expect(result.body.data.ability & Ability.systemManage).toBe(Ability.systemManage);
  });
});

describe('PUT /svc/sys/user/profile', () => {
  it('updates the profile, answers the user and logs the change with the actor', async () => {
    const user = await buildUser(t.db, { nickname: 'Before' });
    const token = await login(t.app, user.username, user.password);
    const result = await api(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/profile',
      token,
      body: {
        nickname: '  After  ',
        avatar: 'https://example.com/a.png',
        introduction: 'Hello',
      },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      id: user.id,
      nickname: 'After',
      avatar: 'https://example.com/a.png',
      introduction: 'Hello',
      realUser: null,
    });
    const change = await latestChange(user.id, 'modify');
    expect(change).toMatchObject({
      valueBefore: { nickname: 'Before', avatar: '', introduction: '' },
      valueAfter: { nickname: 'After', avatar: 'https://example.com/a.png', introduction: 'Hello' },
      actorId: user.id,
      actingUserId: user.id,
    });
  });

  it('accepts the form as multipart', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const result = await api(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/profile',
      token,
      multipart: { nickname: 'Form', avatar: '', introduction: 'Via FormData' },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ nickname: 'Form', introduction: 'Via FormData' });
  });

  it('names every invalid field and writes nothing', async () => {
    const user = await buildUser(t.db, { nickname: 'Unchanged' });
    const token = await login(t.app, user.username, user.password);
    const result = await api<{ fields: { path: string }[] }>(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/profile',
      token,
      body: { nickname: '', avatar: 'javascript:alert(1)', introduction: 'x'.repeat(501) },
    });
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.data.fields.map((field) => field.path).sort()).toEqual([
      'avatar',
      'introduction',
      'nickname',
    ]);
    expect(result.body.msg).toMatch(/nickname: /);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.nickname).toBe('Unchanged');
    expect(await latestChange(user.id, 'modify')).toBeUndefined();
  });

  it('answers None Update when nothing changes', async () => {
    const user = await buildUser(t.db, { nickname: 'Same' });
    const token = await login(t.app, user.username, user.password);
    const result = await api(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/profile',
      token,
      body: { nickname: 'Same', avatar: '', introduction: '' },
    });
    expect(result.body).toEqual({ code: ResponseCode.noneUpdate, msg: 'None Update.', data: null });
  });
});

describe('PUT /svc/sys/user/password', () => {
  async function changePassword(token: string, oldPassword: string, newPassword: string) {
    return api<{ fields: { path: string; message: string }[] }>(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/password',
      token,
      body: {
        oldPassword: encodeCredential(oldPassword),
        newPassword: encodeCredential(newPassword),
      },
    });
  }

  it('refuses a wrong old password on the field oldPassword', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const result = await changePassword(token, 'not-my-password', 'brand-new-1');
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.data.fields).toMatchObject([
      { path: 'oldPassword', message: 'The old password is wrong.' },
    ]);
  });

  it('refuses a new password equal to the old one, or too short, on the field newPassword', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const same = await changePassword(token, user.password, user.password);
    expectCode(same, ResponseCode.validation, 400);
    expect(same.body.data.fields).toMatchObject([
      { path: 'newPassword', message: 'The new password must differ from the old one' },
    ]);
    const short = await changePassword(token, user.password, 'abcdefg');
    expect(short.body.data.fields).toMatchObject([
      {
        path: 'newPassword',
        code: 'input.tooShort',
        params: { min: 8 },
        message: 'At least 8 characters',
      },
    ]);
  });

  it('refuses a common or guessable new password on the field newPassword, changing nothing', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const cases: [string, string, string][] = [
      ['password1', 'password.common', PASSWORD_MESSAGES.common.en],
      ['12345678', 'password.common', PASSWORD_MESSAGES.common.en],
      ['aaaaaaaaaa', 'password.guessable', PASSWORD_MESSAGES.guessable.en],
      [`${user.username}1`, 'password.guessable', PASSWORD_MESSAGES.guessable.en],
    ];
    for (const [password, code, message] of cases) {
      const result = await changePassword(token, user.password, password);
      expectCode(result, ResponseCode.validation, 400);
      expect(result.body.data.fields, password).toEqual([{ path: 'newPassword', code, message }]);
    }
    await login(t.app, user.username, user.password);
  });

  it('accepts the demo password adloom123 under the policy', async () => {
    expect(await passwordProblem('adloom123', ['admin', 'Administrator'])).toBeUndefined();
  });

  it(`limits current-password guesses like sign-in: ${PASSWORD_CHANGE_THROTTLE.freeFailures} at once, then waits`, async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    for (let guess = 1; guess <= PASSWORD_CHANGE_THROTTLE.freeFailures; guess += 1) {
      const wrong = await changePassword(token, `guess-number-${guess}`, 'brand-new-1');
      expect(wrong.body.data.fields).toMatchObject([
        { path: 'oldPassword', message: 'The old password is wrong.' },
      ]);
    }
    const waiting = await changePassword(token, user.password, 'brand-new-1');
    expectCode(waiting, ResponseCode.tooManyRequests, 429);
    expect(waiting.body.data).toEqual({ retryAfterSeconds: 1 });
    await t.db
      .update(loginThrottles)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.username, user.username));
    const next = await changePassword(token, 'guess-number-6', 'brand-new-1');
    expectCode(next, ResponseCode.validation, 400);
    const longer = await changePassword(token, user.password, 'brand-new-1');
    expect(longer.body.data).toEqual({ retryAfterSeconds: 2 });
  });

  it("counts an agent's guesses by proxy against its advertiser's own limit", async () => {
    const agent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const advertiser = await buildUser(t.db, { parentId: agent.id });
    const agentToken = await login(t.app, agent.username, agent.password);
    const ownToken = await login(t.app, advertiser.username, advertiser.password);
    const byProxy = (oldPassword: string) =>
      api(t.app, {
        method: 'PUT',
        url: `/svc/sys/user/password?user=${advertiser.id}`,
        token: agentToken,
        body: {
          oldPassword: encodeCredential(oldPassword),
          newPassword: encodeCredential('brand-new-1'),
        },
      });
    for (let guess = 1; guess <= PASSWORD_CHANGE_THROTTLE.freeFailures; guess += 1) {
      expectCode(await byProxy(`guess-number-${guess}`), ResponseCode.validation, 400);
    }
    expectCode(await byProxy('guess-number-6'), ResponseCode.tooManyRequests, 429);
    expectCode(
      await changePassword(ownToken, advertiser.password, 'brand-new-1'),
      ResponseCode.tooManyRequests,
      429,
    );
    // Signing in is another key: the advertiser is not kept out.
    await login(t.app, advertiser.username, advertiser.password);
  });

  it('refuses values that are not encoded', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const result = await api<{ fields: { path: string }[] }>(t.app, {
      method: 'PUT',
      url: '/svc/sys/user/password',
      token,
      multipart: { oldPassword: user.password, newPassword: encodeCredential('brand-new-1') },
    });
    expectCode(result, ResponseCode.validation, 400);
    expect(result.body.data.fields[0]?.path).toBe('oldPassword');
  });

  it('changes the password: the old one stops working, other sessions end', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.username, user.password);
    const otherSession = await login(t.app, user.username, user.password);
    const result = await changePassword(token, user.password, 'brand-new-1');
    expect(result.body).toEqual({ code: 200, msg: 'success', data: null });

    const url = '/svc/sys/user/currentUser';
    expectCode(await api(t.app, { url, token }), 200, 200);
    expectCode(await api(t.app, { url, token: otherSession }), -100, 401);
    const old = await api(t.app, {
      method: 'POST',
      url: '/user/login',
      body: credentials(user.username, user.password),
    });
    expect(old.body.msg).toBe('Wrong username or password.');
    await login(t.app, user.username, 'brand-new-1');
    expect(await latestChange(user.id, 'password')).toMatchObject({ actorId: user.id });
  });
});

describe('POST /svc/sys/user/unlock', () => {
  const ADDRESS = '203.0.113.41';
  /** A user whose sign-ins from ADDRESS and password changes must wait ten minutes. */
  async function throttledUser() {
    const user = await buildUser(t.db);
    const now = Date.now();
    await t.db.insert(loginThrottles).values(
      (['signIn', 'passwordChange'] as const).map((scope) => ({
        scope,
        username: user.username,
        ip: scope === 'signIn' ? ADDRESS : '',
        failures: 9,
        lastFailureAt: new Date(now),
        blockedUntil: new Date(now + 600_000),
      })),
    );
    return user;
  }
  const throttlesOf = (username: string) =>
    t.db.select().from(loginThrottles).where(eq(loginThrottles.username, username));

  it('lets a user manager clear the throttles of an account, which can then sign in', async () => {
    const manager = await buildUser(t.db, { ability: Ability.login | Ability.userManage });
    const user = await throttledUser();
    const signIn = () =>
      api(t.app, {
        method: 'POST',
        url: '/user/login',
        body: credentials(user.username, user.password),
        remoteAddress: ADDRESS,
      });
    const waiting = await signIn();
    expectCode(waiting, ResponseCode.tooManyRequests, 429);
    expect(waiting.body.data).toEqual({ retryAfterSeconds: expect.any(Number) });

    const token = await login(t.app, manager.username, manager.password);
    const result = await api(t.app, {
      method: 'POST',
      url: '/svc/sys/user/unlock',
      token,
      body: { id: user.id },
    });
    expect(result.body).toEqual({ code: 200, msg: 'success', data: null });
    expect(await throttlesOf(user.username)).toEqual([]);
    expect(await latestChange(user.id, 'unlock')).toMatchObject({ actorId: manager.id });
    expectCode(await signIn(), 200, 200);
  });

  it('refuses (-110) anyone without the userManager role, and changes nothing', async () => {
    const agent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const user = await throttledUser();
    const token = await login(t.app, agent.username, agent.password);
    const result = await api(t.app, {
      method: 'POST',
      url: '/svc/sys/user/unlock',
      token,
      body: { id: user.id },
    });
    expect(result).toMatchObject({
      status: 403,
      body: { code: -110, msg: 'Access deni, check again.', data: null },
    });
    expect(await throttlesOf(user.username)).toHaveLength(2);
  });

  it('answers notFound for an unknown user and a validation error for a bad id', async () => {
    const manager = await buildUser(t.db, { ability: Ability.login | Ability.userManage });
    const token = await login(t.app, manager.username, manager.password);
    const missing = await api(t.app, {
      method: 'POST',
      url: '/svc/sys/user/unlock',
      token,
      body: { id: 2_000_000_000 },
    });
    expectCode(missing, ResponseCode.notFound, 404);
    const bad = await api(t.app, {
      method: 'POST',
      url: '/svc/sys/user/unlock',
      token,
      multipart: { id: 'abc' },
    });
    expectCode(bad, ResponseCode.validation, 400);
    expect(bad.body.msg).toMatch(/^id: /);
  });
});
