import {
  ABILITY_ALL,
  Ability,
  ENDPOINTS,
  encodeCredential,
  type Account,
  type CurrentUser,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, users } from '../../db/schema.js';
import {
  ADVERTISER_ABILITY,
  AGENT_ABILITY,
  CHANNEL_ABILITY,
  CHARGER_ABILITY,
  USER_MANAGER_ABILITY,
  buildSigned,
  buildTenant,
  invalidFields,
  type Signed,
  type Tenant,
} from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLedgerEntry, buildSession, buildUser, uniqueUsername } from '../../test/factories.js';
import { expectCode, login } from '../../test/http.js';
import { SYSTEM_ABILITY, call, changeCountBy, changesOf, noteOf } from '../../test/settings.js';

type Page = { list: Account[]; total: number };

let t: TestApp;
let admin: Signed;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildSigned(t.db, { ability: SYSTEM_ABILITY });
  a = await buildTenant(t.db, 'a');
  b = await buildTenant(t.db, 'b');
});
afterAll(async () => {
  await t.close();
});

const userRow = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
};
const createBody = (overrides: Record<string, unknown> = {}) => ({
  username: uniqueUsername('new'),
  nickname: 'New one',
  password: encodeCredential('secret-pass-1'),
  ability: ADVERTISER_ABILITY,
  ...overrides,
});
const list = (token: string, query: string) =>
  call<Page>(t.app, ENDPOINTS.listAccounts, token, { query });
const ids = (page: Page) => page.list.map((account) => account.id).sort((x, y) => x - y);

describe('account list', () => {
  it('shows an agent only its subtree (not itself, not another tenant)', async () => {
    const result = await list(a.agent.token, 'size=100');
    expectCode(result, 200, 200);
    expect(ids(result.body.data)).toEqual(
      [a.alpha.user.id, a.beta.user.id, a.grandchild.id].sort((x, y) => x - y),
    );
    expect(result.body.data.total).toBe(3);
    expect(ENDPOINTS.listAccounts.response.safeParse(result.body.data).success).toBe(true);
  });

  it('shows everyone to the system, user managers and fund managers', async () => {
    for (const ability of [SYSTEM_ABILITY, USER_MANAGER_ABILITY, CHARGER_ABILITY]) {
      const viewer = await buildSigned(t.db, { ability });
      const result = await list(viewer.token, `keyword=${a.alpha.user.username}`);
      expect(ids(result.body.data)).toEqual([a.alpha.user.id]);
      const other = await list(viewer.token, `parent_id=${b.agent.user.id}`);
      expect(ids(other.body.data)).toEqual([b.alpha.user.id, b.beta.user.id]);
    }
  });

  it('answers the balance of the latest entry, the parent, and sorts by balance', async () => {
    const owner = await buildSigned(t.db, { ability: AGENT_ABILITY });
    const rich = await buildUser(t.db, { parentId: owner.user.id });
    const poor = await buildUser(t.db, { parentId: owner.user.id });
    await buildUser(t.db, { parentId: owner.user.id });
    await buildLedgerEntry(t.db, { userId: rich.id, amount: 9_000_000, balanceAfter: 9_000_000 });
    await buildLedgerEntry(t.db, { userId: rich.id, amount: -1_000_000, balanceAfter: 8_000_000 });
    await buildLedgerEntry(t.db, { userId: poor.id, amount: 2_000_000, balanceAfter: 2_000_000 });
    const result = await list(owner.token, 'sort=balance&order=desc');
    expect(result.body.data.list.map((row) => row.balance)).toEqual([8_000_000, 2_000_000, 0]);
    expect(result.body.data.list[0]).toMatchObject({
      id: rich.id,
      parent: { id: owner.user.id, username: owner.user.username },
    });
  });

  it('filters by status, ability mask and an escaped keyword', async () => {
    const owner = await buildSigned(t.db, { ability: CHANNEL_ABILITY });
    const off = await buildUser(t.db, { parentId: owner.user.id, status: 1 });
    const auditor = await buildUser(t.db, {
      parentId: owner.user.id,
      ability: Ability.login | Ability.adManage | Ability.exam,
      nickname: 'Hundred%Percent',
    });
    expect(ids((await list(owner.token, 'status=1')).body.data)).toEqual([off.id]);
    const mask = Ability.adManage | Ability.exam;
    expect(ids((await list(owner.token, `ability=${mask}`)).body.data)).toEqual([auditor.id]);
    expect(ids((await list(owner.token, 'keyword=d%25P')).body.data)).toEqual([auditor.id]);
    expect((await list(owner.token, 'keyword=%25%25')).body.data.total).toBe(0);
  });

  it('refuses an unknown sort and an advertiser', async () => {
    expectCode(await list(admin.token, 'sort=password_hash'), -120, 400);
    expectCode(await list(a.alpha.token, ''), -110, 403);
  });
});

describe('account detail', () => {
  it('answers an account in reach, -110 outside it or for oneself, -150 when absent', async () => {
    const own = await call<Account>(t.app, ENDPOINTS.getAccount, a.agent.token, {
      query: `id=${a.grandchild.id}`,
    });
    expectCode(own, 200, 200);
    expect(own.body.data).toMatchObject({ id: a.grandchild.id, balance: 0 });
    for (const id of [b.alpha.user.id, a.agent.user.id, admin.user.id, 99_999_999]) {
      const denied = await call(t.app, ENDPOINTS.getAccount, a.agent.token, { query: `id=${id}` });
      expectCode(denied, -110, 403);
      expect(denied.body.msg).toBe('Access deni, check again.');
    }
    expectCode(
      await call(t.app, ENDPOINTS.getAccount, admin.token, { query: 'id=99999999' }),
      -150,
      404,
    );
  });
});

describe('account create', () => {
  it('lets an agent create an advertiser under itself, logged without the password', async () => {
    const body = createBody({ username: `  ${uniqueUsername('Adv').toUpperCase()} ` });
    const result = await call<Account>(t.app, ENDPOINTS.createAccount, a.agent.token, {
      multipart: { ...body, ability: String(body.ability) },
    });
    expectCode(result, 200, 200);
    const username = body.username.trim().toLowerCase();
    expect(result.body.data).toMatchObject({
      username,
      nickname: 'New one',
      ability: ADVERTISER_ABILITY,
      parent: { id: a.agent.user.id },
      revenue_share: 0,
      status: 0,
      balance: 0,
    });
    const [change] = await changesOf(t.db, 'user', result.body.data.id);
    expect(change).toMatchObject({
      method: 'create',
      valueBefore: null,
      actorId: a.agent.user.id,
      actingUserId: a.agent.user.id,
    });
    expect(change?.valueAfter).toEqual({
      username,
      nickname: 'New one',
      ability: ADVERTISER_ABILITY,
      revenue_share: 0,
      parent_id: a.agent.user.id,
      status: 0,
    });
    expect(JSON.stringify(change)).not.toMatch(/password|secret-pass/i);
    expect(await login(t.app, username, 'secret-pass-1')).toBeTruthy();
  });

  it('answers -140 on a duplicate username (any case) and writes nothing', async () => {
    const before = await changeCountBy(t.db, admin.user.id);
    const result = await call(t.app, ENDPOINTS.createAccount, admin.token, {
      body: createBody({ username: a.alpha.user.username.toUpperCase() }),
    });
    expectCode(result, -140, 409);
    expect(result.body.msg).toBe("Exists, don't duplicate.");
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
  });

  it('names the field of an invalid form and writes nothing', async () => {
    const before = await changeCountBy(t.db, admin.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'plain-text' }, 'password'],
      [{ password: encodeCredential('short') }, 'password'],
      [{ password: encodeCredential('password1') }, 'password'],
      [{ password: encodeCredential('aaaaaaaaaa') }, 'password'],
      [{ username: 'a' }, 'username'],
      [{ nickname: '   ' }, 'nickname'],
      [{ ability: Ability.adManage }, 'ability'],
      [{ ability: -1 }, 'ability'],
      [{ revenue_share: 1001 }, 'revenue_share'],
    ];
    for (const [overrides, field] of cases) {
      const body = createBody(overrides);
      const result = await call(t.app, ENDPOINTS.createAccount, admin.token, { body });
      expect(invalidFields(result), JSON.stringify(overrides)).toContain(field);
      expect(await userRowByName(body.username as string)).toBeUndefined();
    }
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
  });

  it('refuses abilities the caller may not grant, naming them', async () => {
    for (const bit of [Ability.systemManage, Ability.ssp, Ability.charger, Ability.userAgent]) {
      const body = createBody({ ability: ADVERTISER_ABILITY | bit });
      const result = await call(t.app, ENDPOINTS.createAccount, a.agent.token, { body });
      expect(invalidFields(result)).toEqual(['ability']);
      expect(result.body.msg).toMatch(/Not yours to grant: \w+/);
      expect(await userRowByName(body.username)).toBeUndefined();
    }
    const manager = await buildSigned(t.db, { ability: USER_MANAGER_ABILITY });
    const body = createBody({ ability: ADVERTISER_ABILITY | Ability.charger });
    const refused = await call(t.app, ENDPOINTS.createAccount, manager.token, { body });
    expect(refused.body.msg).toContain('charger');
    const agentBody = createBody({ ability: AGENT_ABILITY });
    const agent = await call(t.app, ENDPOINTS.createAccount, manager.token, { body: agentBody });
    expectCode(agent, 200, 200);
  });

  it('lets the system grant anything', async () => {
    const result = await call<Account>(t.app, ENDPOINTS.createAccount, admin.token, {
      body: createBody({ ability: ABILITY_ALL, revenue_share: 300 }),
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ ability: ABILITY_ALL, revenue_share: 300 });
  });

  it('lets a channel set the revenue share and refuses it to an agent', async () => {
    const channel = await buildSigned(t.db, { ability: CHANNEL_ABILITY });
    const ok = await call<Account>(t.app, ENDPOINTS.createAccount, channel.token, {
      body: createBody({ revenue_share: 150 }),
    });
    expectCode(ok, 200, 200);
    expect(ok.body.data).toMatchObject({ revenue_share: 150, parent: { id: channel.user.id } });
    const body = createBody({ revenue_share: 150 });
    const refused = await call(t.app, ENDPOINTS.createAccount, a.agent.token, { body });
    expect(invalidFields(refused)).toEqual(['revenue_share']);
    expect(await userRowByName(body.username)).toBeUndefined();
  });

  it('records the real actor and the acting user when created by proxy', async () => {
    const result = await call<Account>(t.app, ENDPOINTS.createAccount, admin.token, {
      body: createBody(),
      query: `user=${b.agent.user.id}`,
    });
    expectCode(result, 200, 200);
    expect(result.body.data.parent?.id).toBe(b.agent.user.id);
    const [change] = await changesOf(t.db, 'user', result.body.data.id);
    expect(change).toMatchObject({ actorId: admin.user.id, actingUserId: b.agent.user.id });
  });
});

async function userRowByName(username: string) {
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username.trim().toLowerCase()));
  return row;
}

describe('account modify', () => {
  it('changes the fields sent with a note, and refuses a write that changes nothing', async () => {
    const target = await buildUser(t.db, { parentId: a.agent.user.id });
    const result = await call<Account>(t.app, ENDPOINTS.modifyAccount, a.agent.token, {
      body: { id: target.id, nickname: 'Renamed', note: noteOf('rename it', 'user') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.nickname).toBe('Renamed');
    const [change] = await changesOf(t.db, 'user', target.id);
    expect(change).toMatchObject({
      method: 'modify',
      valueAfter: { nickname: 'Renamed' },
      comment: 'rename it',
      actorId: a.agent.user.id,
    });
    const again = await call(t.app, ENDPOINTS.modifyAccount, a.agent.token, {
      body: { id: target.id, nickname: 'Renamed' },
    });
    expectCode(again, -130, 400);
  });

  it('keeps bits the caller may not grant as they were', async () => {
    const manager = await buildSigned(t.db, { ability: USER_MANAGER_ABILITY });
    const target = await buildUser(t.db, { ability: ADVERTISER_ABILITY | Ability.charger });
    const drop = await call(t.app, ENDPOINTS.modifyAccount, manager.token, {
      body: { id: target.id, ability: ADVERTISER_ABILITY },
    });
    expect(invalidFields(drop)).toEqual(['ability']);
    expect((await userRow(target.id))?.ability).toBe(ADVERTISER_ABILITY | Ability.charger);
    const ok = await call<Account>(t.app, ENDPOINTS.modifyAccount, manager.token, {
      body: { id: target.id, ability: Ability.login | Ability.charger | Ability.exam },
    });
    expectCode(ok, 200, 200);
    const escalate = await call(t.app, ENDPOINTS.modifyAccount, a.agent.token, {
      body: { id: a.beta.user.id, ability: ADVERTISER_ABILITY | Ability.systemManage },
    });
    expect(invalidFields(escalate)).toEqual(['ability']);
    const share = await call(t.app, ENDPOINTS.modifyAccount, a.agent.token, {
      body: { id: a.beta.user.id, revenue_share: 10 },
    });
    expect(invalidFields(share)).toEqual(['revenue_share']);
    expect(await userRow(a.beta.user.id)).toMatchObject({
      ability: ADVERTISER_ABILITY,
      revenueShare: 0,
    });
    const system = await call<Account>(t.app, ENDPOINTS.modifyAccount, admin.token, {
      body: { id: target.id, ability: ABILITY_ALL, revenue_share: 20 },
    });
    expect(system.body.data).toMatchObject({ ability: ABILITY_ALL, revenue_share: 20 });
  });

  it('refuses oneself and another tenant (-110) and changes nothing', async () => {
    for (const [actor, id] of [
      [a.agent, b.alpha.user.id],
      [a.agent, a.agent.user.id],
      [admin, admin.user.id],
    ] as const) {
      const result = await call(t.app, ENDPOINTS.modifyAccount, actor.token, {
        body: { id, nickname: 'Hijacked' },
      });
      expectCode(result, -110, 403);
    }
    expect((await userRow(b.alpha.user.id))?.nickname).toBe('b alpha');
    expect(await changesOf(t.db, 'user', b.alpha.user.id)).toHaveLength(0);
  });
});

describe('account switch', () => {
  it('disables an account in reach and signs it out; enabling again needs a change', async () => {
    const target = await buildSigned(t.db, { parentId: a.agent.user.id });
    const result = await call<Account>(t.app, ENDPOINTS.switchAccount, a.agent.token, {
      body: { id: target.user.id, status: 1 },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.status).toBe(1);
    expectCode(await call(t.app, ENDPOINTS.currentUser, target.token), -100, 401);
    expectCode(
      await call(t.app, ENDPOINTS.switchAccount, a.agent.token, {
        body: { id: target.user.id, status: 1 },
      }),
      -130,
      400,
    );
    const [change] = await changesOf(t.db, 'user', target.user.id);
    expect(change).toMatchObject({ method: 'switch', valueBefore: { status: 0 } });
  });

  it('refuses oneself and another tenant', async () => {
    for (const [actor, id] of [
      [a.agent, b.beta.user.id],
      [admin, admin.user.id],
    ] as const) {
      const result = await call(t.app, ENDPOINTS.switchAccount, actor.token, {
        body: { id, status: 1 },
      });
      expectCode(result, -110, 403);
    }
    expect((await userRow(b.beta.user.id))?.status).toBe(0);
    expectCode(await call<CurrentUser>(t.app, ENDPOINTS.currentUser, b.beta.token), 200, 200);
  });
});

describe('account password', () => {
  it('sets the password, clears the throttle, ends the sessions, logs without values', async () => {
    const manager = await buildSigned(t.db, { ability: USER_MANAGER_ABILITY });
    const target = await buildSigned(t.db);
    const blockedUntil = new Date(Date.now() + 600_000);
    await t.db.insert(loginThrottles).values({
      scope: 'signIn',
      username: target.user.username,
      ip: '198.51.100.7',
      failures: 12,
      lastFailureAt: new Date(),
      blockedUntil,
    });
    const before = await call<Account>(t.app, ENDPOINTS.getAccount, manager.token, {
      query: `id=${target.user.id}`,
    });
    expect(before.body.data.locked_until).toBe(blockedUntil.toISOString());
    const result = await call(t.app, ENDPOINTS.resetAccountPassword, manager.token, {
      body: { id: target.user.id, password: encodeCredential('brand-new-pass') },
    });
    expectCode(result, 200, 200);
    expect(
      await t.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.username, target.user.username)),
    ).toEqual([]);
    expectCode(await call(t.app, ENDPOINTS.currentUser, target.token), -100, 401);
    expect(await login(t.app, target.user.username, 'brand-new-pass')).toBeTruthy();
    const [change] = await changesOf(t.db, 'user', target.user.id);
    expect(change).toMatchObject({
      method: 'password',
      valueBefore: null,
      valueAfter: null,
      actorId: manager.user.id,
    });
  });

  it('names an undecodable, short, common or guessable password, and refuses oneself', async () => {
    const manager = await buildSigned(t.db, { ability: USER_MANAGER_ABILITY });
    const target = await buildUser(t.db);
    const encoded = ['abc', 'qwertyuiop', 'abcd1234', target.username].map((p) =>
      encodeCredential(p),
    );
    for (const password of ['plain', ...encoded]) {
      const result = await call(t.app, ENDPOINTS.resetAccountPassword, manager.token, {
        body: { id: target.id, password },
      });
      expect(invalidFields(result)).toEqual(['password']);
    }
    expect(await changesOf(t.db, 'user', target.id)).toHaveLength(0);
    const self = await call(t.app, ENDPOINTS.resetAccountPassword, manager.token, {
      body: { id: manager.user.id, password: encodeCredential('brand-new-pass') },
    });
    expectCode(self, -110, 403);
  });
});

describe('proxy on the account endpoints', () => {
  it('refuses an agent proxying another tenant, and one acting as its advertiser', async () => {
    const other = await call(t.app, ENDPOINTS.listAccounts, a.agent.token, {
      query: `user=${b.alpha.user.id}`,
    });
    expectCode(other, -110, 403);
    const asAdvertiser = await call(t.app, ENDPOINTS.listAccounts, a.agent.token, {
      query: `user=${a.alpha.user.id}`,
    });
    expectCode(asAdvertiser, -110, 403);
    const token = await buildSession(t.db, a.agent.user.id);
    const own = await call<Page>(t.app, ENDPOINTS.listAccounts, token, {
      query: `user=${a.agent.user.id}`,
    });
    expectCode(own, 200, 200);
    expect(ids(own.body.data)).toContain(a.alpha.user.id);
    expect(ids(own.body.data)).not.toContain(b.alpha.user.id);
  });
});
