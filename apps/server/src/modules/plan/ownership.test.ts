/**
 * Ownership of plans and strategies: an advertiser never sees or touches another's; an
 * agent reaches its users' plans by proxy (?user=) and, holding adManage, in its own list.
 */
import { Ability, ENDPOINTS, type Plan } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildTenant, type Signed, type Tenant } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf } from '../../test/settings.js';
import {
  buildAdvertiser,
  buildCompletePlan,
  buildCreativeWorld,
  footprint,
  issuesOf,
  planBody,
  planRow,
  send,
  strategyBody,
  strategyRow,
} from './test-kit.js';

type Page = { list: Plan[]; total: number };

let t: TestApp;
let a: Signed;
let b: Signed;
beforeAll(async () => {
  t = await createTestApp();
  a = await buildAdvertiser(t.db);
  b = await buildAdvertiser(t.db);
});
afterAll(async () => {
  await t.close();
});

const listIds = async (actor: Signed, query = '') =>
  (await send<Page>(t.app, ENDPOINTS.listPlans, actor, { query })).body.data.list
    .map((plan) => plan.id)
    .sort((x, y) => x - y);

describe('one advertiser and another', () => {
  it('lists only one’s own plans', async () => {
    const mine = await buildPlan(t.db, a.user.id);
    const theirs = await buildPlan(t.db, b.user.id);
    expect(await listIds(a)).toEqual([mine.id]);
    expect(await listIds(b)).toEqual([theirs.id]);
    expectCode(
      await send(t.app, ENDPOINTS.listPlans, b, { query: `owner_id=${a.user.id}` }),
      -110,
      403,
    );
  });

  it('answers -110 on every plan and strategy endpoint for another’s objects, writing nothing', async () => {
    const { plan, strategy, styleId, creativeId } = await buildCompletePlan(t.db, a.user.id);
    const planBefore = await planRow(t.db, plan.id);
    const strategyBefore = await strategyRow(t.db, strategy.id);
    const before = await footprint(t.db, b);
    const calls: [keyof typeof ENDPOINTS, { body?: unknown; query?: string }][] = [
      ['getPlan', { query: `id=${plan.id}` }],
      ['modifyPlan', { body: { id: plan.id, name: 'Taken' } }],
      ['switchPlan', { body: { id: plan.id, status: 0 } }],
      ['copyPlan', { body: { id: plan.id } }],
      ['completePlan', { body: { id: plan.id } }],
      ['listStrategies', { query: `plan_id=${plan.id}` }],
      ['createStrategy', { body: strategyBody(plan.id, { styleId, creativeId }) }],
      ['modifyStrategy', { body: { id: strategy.id, name: 'Taken' } }],
      ['switchStrategy', { body: { id: strategy.id, status: 1 } }],
      ['deleteStrategy', { body: { id: strategy.id } }],
    ];
    for (const [name, input] of calls) {
      const result = await send(t.app, ENDPOINTS[name], b, input);
      expect({ name, code: result.body.code, status: result.status }).toEqual({
        name,
        code: -110,
        status: 403,
      });
    }
    expect(await planRow(t.db, plan.id)).toEqual(planBefore);
    expect(await strategyRow(t.db, strategy.id)).toEqual(strategyBefore);
    expect(await footprint(t.db, b)).toEqual(before);
    expect(await changesOf(t.db, 'plan', plan.id)).toEqual([]);
  });

  it('does not let a strategy serve another advertiser’s creative', async () => {
    const theirs = await buildCreativeWorld(t.db, b.user.id);
    const plan = await buildPlan(t.db, a.user.id);
    const result = await send(t.app, ENDPOINTS.createStrategy, a, {
      body: strategyBody(plan.id, theirs),
    });
    expect(issuesOf(result)).toMatchObject([
      { path: 'creative_ids.0', message: 'There are unspecified creative items in a strategy' },
    ]);
  });

  it('answers -120 naming a bad id on every endpoint, -150 for an unknown one', async () => {
    const bad: [keyof typeof ENDPOINTS, { body?: unknown; query?: string }, string][] = [
      ['getPlan', { query: '' }, 'id'],
      ['listStrategies', { query: 'plan_id=0' }, 'plan_id'],
      ['modifyPlan', { body: { id: 'x', name: 'n' } }, 'id'],
      ['switchPlan', { body: { id: -1, status: 0 } }, 'id'],
      ['copyPlan', { body: {} }, 'id'],
      ['completePlan', { body: { id: 1.5 } }, 'id'],
      ['createStrategy', { body: { name: 'n' } }, 'plan_id'],
      ['modifyStrategy', { body: { name: 'n' } }, 'id'],
      ['switchStrategy', { body: { id: 0, status: 1 } }, 'id'],
      ['deleteStrategy', { body: { id: 'one' } }, 'id'],
    ];
    for (const [name, input, path] of bad) {
      const paths = issuesOf(await send(t.app, ENDPOINTS[name], a, input)).map((i) => i.path);
      expect({ name, paths }).toEqual({ name, paths: expect.arrayContaining([path]) });
    }
    expectCode(
      await send(t.app, ENDPOINTS.modifyStrategy, a, { body: { id: 999_999_999, name: 'x' } }),
      -150,
      404,
    );
  });
});

describe('agents', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await buildTenant(t.db, 'plan');
  });

  it('acts for its advertiser by proxy: sees and creates the advertiser’s plans', async () => {
    const alphaPlan = await buildPlan(t.db, tenant.alpha.user.id);
    await buildPlan(t.db, tenant.beta.user.id);
    const proxy = `user=${tenant.alpha.user.id}`;
    expect(await listIds(tenant.agent, proxy)).toEqual([alphaPlan.id]);
    const created = await send<Plan>(t.app, ENDPOINTS.createPlan, tenant.agent, {
      body: planBody(),
      query: proxy,
    });
    expectCode(created, 200, 200);
    expect(created.body.data.owner.id).toBe(tenant.alpha.user.id);
    const [change] = await changesOf(t.db, 'plan', created.body.data.id);
    expect(change).toMatchObject({
      actorId: tenant.agent.user.id,
      actingUserId: tenant.alpha.user.id,
    });
    // Without proxy the agent has no adController role; a foreign advertiser is refused.
    expectCode(await send(t.app, ENDPOINTS.listPlans, tenant.agent), -110, 403);
    const other = await buildTenant(t.db, 'other');
    expectCode(
      await send(t.app, ENDPOINTS.listPlans, tenant.agent, {
        query: `user=${other.alpha.user.id}`,
      }),
      -110,
      403,
    );
  });

  it('holding adManage, lists its users’ plans with its own and narrows by owner', async () => {
    const agency = await buildAdvertiser(t.db, {
      ability: Ability.login | Ability.userAgent | Ability.adManage,
    });
    const client = await buildAdvertiser(t.db, { parentId: agency.user.id });
    const own = await buildPlan(t.db, agency.user.id);
    const clients = await buildPlan(t.db, client.user.id);
    const stranger = await buildPlan(t.db, b.user.id);
    expect(await listIds(agency)).toEqual([own.id, clients.id]);
    expect(await listIds(agency, `owner_id=${client.user.id}`)).toEqual([clients.id]);
    const detail = await send(t.app, ENDPOINTS.getPlan, agency, { query: `id=${clients.id}` });
    expectCode(detail, 200, 200);
    expectCode(
      await send(t.app, ENDPOINTS.getPlan, agency, { query: `id=${stranger.id}` }),
      -110,
      403,
    );
    // A strategy it adds to the client's plan belongs to the client.
    const world = await buildCreativeWorld(t.db, client.user.id);
    const strategy = await send<{ id: number }>(t.app, ENDPOINTS.createStrategy, agency, {
      body: strategyBody(clients.id, world),
    });
    expectCode(strategy, 200, 200);
    expect((await strategyRow(t.db, strategy.body.data.id))?.ownerId).toBe(client.user.id);
    // The agency's own creatives do not serve in its client's plan.
    const agencyWorld = await buildCreativeWorld(t.db, agency.user.id);
    const foreign = await send(t.app, ENDPOINTS.createStrategy, agency, {
      body: strategyBody(clients.id, { ...world, creativeId: agencyWorld.creativeId }),
    });
    expect(issuesOf(foreign).map((issue) => issue.path)).toEqual(['creative_ids.0']);
    // Copying the client's plan makes a plan of the client.
    const copy = await send<Plan>(t.app, ENDPOINTS.copyPlan, agency, { body: { id: clients.id } });
    expect(copy.body.data.owner.id).toBe(client.user.id);
  });

  it('the platform administrator reaches every plan', async () => {
    const admin = await buildAdvertiser(t.db, {
      ability: Ability.login | Ability.adManage | Ability.systemManage,
    });
    const plan = await buildPlan(t.db, a.user.id);
    await buildStrategy(t.db, plan.id, a.user.id);
    expect(await listIds(admin, `owner_id=${a.user.id}`)).toContain(plan.id);
    expectCode(
      await send(t.app, ENDPOINTS.listStrategies, admin, { query: `plan_id=${plan.id}` }),
      200,
      200,
    );
  });
});
