import { ABILITY_ALL, Ability, ENDPOINTS, ERROR_MESSAGES, ResponseCode } from '@adloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog, plans, users } from '../db/schema.js';
import { planBody, send } from '../modules/plan/test-kit.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser, type TestUser } from '../test/factories.js';
import { api, expectCode, login } from '../test/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const AGENT = Ability.login | Ability.userAgent;
const ADVERTISER = Ability.login | Ability.adManage;

interface Tenant {
  agent: TestUser;
  advertiser: TestUser;
  /** An advertiser owned through a sub-agent: two levels down. */
  grandchild: TestUser;
  agentToken: string;
}

async function buildTenant(): Promise<Tenant> {
  const agent = await buildUser(t.db, { ability: AGENT });
  const advertiser = await buildUser(t.db, { ability: ADVERTISER, parentId: agent.id });
  const subAgent = await buildUser(t.db, { ability: AGENT, parentId: agent.id });
  const grandchild = await buildUser(t.db, { ability: ADVERTISER, parentId: subAgent.id });
  return {
    agent,
    advertiser,
    grandchild,
    agentToken: await login(t.app, agent.username, agent.password),
  };
}

const currentUser = (token: string, user?: number | string) =>
  api<{ id: number; realUser: { id: number } | null }>(t.app, {
    url: `/svc/sys/user/currentUser${user === undefined ? '' : `?user=${user}`}`,
    token,
  });

describe('proxy (?user=)', () => {
  it('lets an agent act for its own advertiser, with realUser set', async () => {
    const tenant = await buildTenant();
    const result = await currentUser(tenant.agentToken, tenant.advertiser.id);
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      id: tenant.advertiser.id,
      username: tenant.advertiser.username,
      realUser: { id: tenant.agent.id, username: tenant.agent.username },
    });
  });

  it('reaches down the whole ownership subtree', async () => {
    const tenant = await buildTenant();
    const result = await currentUser(tenant.agentToken, tenant.grandchild.id);
    expect(result.body.data.id).toBe(tenant.grandchild.id);
  });

  it('treats user=<self> as no proxy', async () => {
    const tenant = await buildTenant();
    const result = await currentUser(tenant.agentToken, tenant.agent.id);
    expect(result.body.data).toMatchObject({ id: tenant.agent.id, realUser: null });
  });

  it("refuses (-110) an agent acting for another agent's advertiser", async () => {
    const mine = await buildTenant();
    const theirs = await buildTenant();
    expectCode(
      await currentUser(mine.agentToken, theirs.advertiser.id),
      ResponseCode.noAuthority,
      403,
    );
    // Nor upwards: the owner is not in the subtree.
    const child = await login(t.app, mine.advertiser.username, mine.advertiser.password);
    expectCode(await currentUser(child, mine.agent.id), ResponseCode.noAuthority, 403);
  });

  it('refuses (-110) a user without the userAgent or system role, even for its own child', async () => {
    const parent = await buildUser(t.db, { ability: ADVERTISER | Ability.userManage });
    const child = await buildUser(t.db, { ability: ADVERTISER, parentId: parent.id });
    const token = await login(t.app, parent.username, parent.password);
    expectCode(await currentUser(token, child.id), ResponseCode.noAuthority, 403);
  });

  it('refuses (-110) an unknown target and names a malformed one', async () => {
    const tenant = await buildTenant();
    expectCode(await currentUser(tenant.agentToken, 2_000_000_000), ResponseCode.noAuthority, 403);
    const malformed = await currentUser(tenant.agentToken, 'abc');
    expectCode(malformed, ResponseCode.validation, 400);
    expect(malformed.body.msg).toMatch(/^user: /);
  });

  it('lets a system user act for anyone', async () => {
    const tenant = await buildTenant();
    const admin = await buildUser(t.db, { ability: ABILITY_ALL });
    const token = await login(t.app, admin.username, admin.password);
    const result = await currentUser(token, tenant.grandchild.id);
    expect(result.body.data).toMatchObject({
      id: tenant.grandchild.id,
      realUser: { id: admin.id },
    });
  });

  it("checks roles against the acting user's ability", async () => {
    const tenant = await buildTenant();
    const admin = await buildUser(t.db, { ability: ABILITY_ALL });
    const token = await login(t.app, admin.username, admin.password);
    const unlock = (user?: number) =>
      api(t.app, {
        method: 'POST',
        url: `/svc/sys/user/unlock${user ? `?user=${user}` : ''}`,
        token,
        body: { id: tenant.advertiser.id },
      });
    expectCode(await unlock(), 200, 200);
    // Acting as an advertiser, the admin holds only the advertiser's roles.
    expectCode(await unlock(tenant.advertiser.id), ResponseCode.noAuthority, 403);
  });

  it('records the real actor and the acting user on a proxied write', async () => {
    const tenant = await buildTenant();
    const result = await api(t.app, {
      method: 'PUT',
      url: `/svc/sys/user/profile?user=${tenant.advertiser.id}`,
      token: tenant.agentToken,
      body: { nickname: 'Set by agent', avatar: '', introduction: '' },
    });
    expect(result.body.data).toMatchObject({
      id: tenant.advertiser.id,
      nickname: 'Set by agent',
      realUser: { id: tenant.agent.id },
    });
    const [row] = await t.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.targetType, 'user'), eq(changeLog.targetId, tenant.advertiser.id)));
    expect(row).toMatchObject({ actorId: tenant.agent.id, actingUserId: tenant.advertiser.id });
  });
});

describe('proxy to a disabled account (issue 19 item 5)', () => {
  const disable = (id: number, status: 0 | 1) =>
    t.db.update(users).set({ status }).where(eq(users.id, id));

  it('refuses (-111) reads and writes for a disabled account in reach, and nothing is written', async () => {
    const tenant = await buildTenant();
    const agent = { user: tenant.agent, token: tenant.agentToken };
    const proxy = `user=${tenant.advertiser.id}`;
    await disable(tenant.advertiser.id, 1);

    const list = await send(t.app, ENDPOINTS.listPlans, agent, { query: proxy });
    expectCode(list, ResponseCode.proxyTargetDisabled, 403);
    expect(list.body.msg).toBe(ERROR_MESSAGES.proxyTargetDisabled.en);
    expectCode(
      await send(t.app, ENDPOINTS.createPlan, agent, { body: planBody(), query: proxy }),
      ResponseCode.proxyTargetDisabled,
      403,
    );
    expectCode(
      await currentUser(tenant.agentToken, tenant.advertiser.id),
      ResponseCode.proxyTargetDisabled,
      403,
    );
    expect(await t.db.select().from(plans).where(eq(plans.ownerId, tenant.advertiser.id))).toEqual(
      [],
    );

    // Enabled again, the same calls go through.
    await disable(tenant.advertiser.id, 0);
    expectCode(
      await send(t.app, ENDPOINTS.createPlan, agent, { body: planBody(), query: proxy }),
      200,
      200,
    );
  });

  it('refuses a system user too, and tells an outsider only -110', async () => {
    const tenant = await buildTenant();
    await disable(tenant.grandchild.id, 1);
    const admin = await buildUser(t.db, { ability: ABILITY_ALL });
    const adminToken = await login(t.app, admin.username, admin.password);
    expectCode(
      await currentUser(adminToken, tenant.grandchild.id),
      ResponseCode.proxyTargetDisabled,
      403,
    );
    const stranger = await buildTenant();
    expectCode(
      await currentUser(stranger.agentToken, tenant.grandchild.id),
      ResponseCode.noAuthority,
      403,
    );
  });
});
