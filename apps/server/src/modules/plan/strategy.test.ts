import {
  AD_MESSAGES,
  MESSAGES,
  ENDPOINTS,
  PlanStatus,
  PlanStep,
  type Plan,
  type Strategy,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreative, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import {
  buildBrand,
  buildCountry,
  buildHumanItem,
  buildModel,
  countryCodes,
} from '../../test/settings-factories.js';
import {
  ADVANCED_ADVERTISER,
  buildAdvertiser,
  buildCompletePlan,
  buildCreativeWorld,
  footprint,
  issuesOf,
  planRow,
  send,
  strategyBody,
  strategyRow,
} from './test-kit.js';

let t: TestApp;
let owner: Signed;
const nextCountry = countryCodes('W');
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildAdvertiser(t.db);
});
afterAll(async () => {
  await t.close();
});

const planStep = async (id: number) => (await planRow(t.db, id)).creationStep;

describe('strategy create and the creation steps', () => {
  it('adds a strategy (plan stays at step 2 without creatives, 3 with), logged', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const bare = await send<Strategy>(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, { creative_ids: [], bid: 0 }),
    });
    expectCode(bare, 200, 200);
    expect(bare.body.data).toMatchObject({
      plan_id: plan.id,
      bid: null,
      creative_ids: [],
      status: 0,
      targeting: [{ key: 'os', mode: 'include', values: ['1'] }],
    });
    expect(await planStep(plan.id)).toBe(PlanStep.strategies);

    const full = await send<Strategy>(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, { bid: 4_000_000 }),
    });
    expectCode(full, 200, 200);
    expect(await planStep(plan.id)).toBe(PlanStep.creatives);
    const changes = await changesOf(t.db, 'strategy', full.body.data.id);
    expect(changes.map((c) => [c.method, c.valueBefore])).toEqual([['create', null]]);
    expect(changes[0]?.valueAfter).toMatchObject({ plan_id: plan.id, bid: 4_000_000 });
    const planChanges = await changesOf(t.db, 'plan', plan.id);
    expect(planChanges.map((c) => [c.valueBefore, c.valueAfter])).toEqual([
      [{ creation_step: 2 }, { creation_step: 3 }],
    ]);
  });

  it('stores pasted lists without blanks or repeats, include and exclude', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const media = await buildMedia(t.db, owner.user.id);
    const [first, second] = [await buildSlot(t.db, media.id), await buildSlot(t.db, media.id)];
    const slotIds = [String(first.id), String(second.id)];
    const result = await send<Strategy>(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        targeting: [
          { key: 'pkg', mode: 'exclude', values: ['com.a.b', ' com.a.b ', '', 'com.c.d'] },
          { key: 'network', mode: 'include', values: ['1', '4', '5'] },
          { key: 'slot', mode: 'include', values: [...slotIds, slotIds[0] ?? ''] },
          { key: 'imei', mode: 'exclude', values: ['490154203237518'] },
        ],
      }),
    });
    expectCode(result, 200, 200);
    expect(result.body.data.targeting).toEqual([
      { key: 'pkg', mode: 'exclude', values: ['com.a.b', 'com.c.d'] },
      { key: 'network', mode: 'include', values: ['1', '4', '5'] },
      { key: 'slot', mode: 'include', values: slotIds },
      { key: 'imei', mode: 'exclude', values: ['490154203237518'] },
    ]);
  });

  it('refuses special slots that do not exist or were deleted, naming each value', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const media = await buildMedia(t.db, owner.user.id);
    const live = await buildSlot(t.db, media.id);
    const deleted = await buildSlot(t.db, media.id, { status: 5 });
    const refused = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        targeting: [
          {
            key: 'slot',
            mode: 'include',
            values: [String(live.id), String(deleted.id), '999999999'],
          },
        ],
      }),
    });
    expect(issuesOf(refused)).toMatchObject([
      { path: 'targeting.0.values.1', message: AD_MESSAGES.targetingWrong.en },
      { path: 'targeting.0.values.2', message: AD_MESSAGES.targetingWrong.en },
    ]);
  });

  it('targets exchange inventory: site domains, app bundles (App Store ids too), device types', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const targeting = [
      { key: 'siteDomain', mode: 'include', values: ['news.example.com', 'example.org'] },
      { key: 'pkg', mode: 'exclude', values: ['com.example.game', '1234567890'] },
      { key: 'deviceType', mode: 'include', values: ['3', '7'] },
    ];
    const result = await send<Strategy>(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, { targeting }),
    });
    expectCode(result, 200, 200);
    expect(result.body.data.targeting).toEqual(targeting);
    const unknownType = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        targeting: [{ key: 'deviceType', mode: 'include', values: ['4', '9'] }],
      }),
    });
    expect(issuesOf(unknownType).map((issue) => issue.path)).toEqual(['targeting.0.values.1']);
    // Domains are matched in lower case: any case is taken; URLs and bare hosts are not domains.
    for (const [value, taken] of [
      ['News.Example.COM', true],
      ['https://example.com/', false],
      ['localhost', false],
      ['exa mple.com', false],
    ] as const) {
      const answer = await send(t.app, ENDPOINTS.createStrategy, owner, {
        body: strategyBody(plan.id, world, {
          targeting: [{ key: 'siteDomain', mode: 'exclude', values: ['example.com', value] }],
        }),
      });
      if (taken) expectCode(answer, 200, 200);
      else expect(issuesOf(answer).map((issue) => issue.path)).toEqual(['targeting.0.values.1']);
    }
  });

  it('refuses a strategy without creatives on a Live plan, but not on a stalled one', async () => {
    const { plan, styleId, creativeId } = await buildCompletePlan(t.db, owner.user.id, {
      status: PlanStatus.live,
    });
    const world = { styleId, creativeId };
    const before = await footprint(t.db, owner);
    const refused = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, { creative_ids: [] }),
    });
    expect(issuesOf(refused)).toMatchObject([
      { path: 'creative_ids', message: 'Need to add creative' },
    ]);
    expect(await footprint(t.db, owner)).toEqual(before);
    const ok = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world),
    });
    expectCode(ok, 200, 200);
    expect(await planRow(t.db, plan.id)).toMatchObject({ status: 0, creationStep: 4 });

    const stalled = await buildCompletePlan(t.db, owner.user.id, {
      status: PlanStatus.lackOfFunds,
    });
    const added = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(stalled.plan.id, stalled, { creative_ids: [] }),
    });
    expectCode(added, 200, 200);
    expect(await planRow(t.db, stalled.plan.id)).toMatchObject({
      status: PlanStatus.unlive,
      creationStep: PlanStep.creatives,
      publishedAt: null,
    });
  });
});

describe('strategy modify', () => {
  it('None Update for the same fields in another form; logs only what changed', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const created = await send<Strategy>(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        targeting: [{ key: 'osv', mode: 'include', values: ['14.1', '15'] }],
      }),
    });
    const strategy = created.body.data;
    const same = await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: {
        id: strategy.id,
        name: strategy.name,
        bid: 0,
        targeting: [{ values: ['14.1', '', '15', '15'], mode: 'include', key: 'osv' }],
        style_ids: `${world.styleId},${world.styleId}`,
        languages: ['en'],
        creative_ids: [world.creativeId],
      },
    });
    expectCode(same, -130, 400);

    const changed = await send<Strategy>(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: {
        id: strategy.id,
        name: 'Evenings',
        bid: 1_500_000,
        note: noteOf('own bid', 'strategy'),
      },
    });
    expectCode(changed, 200, 200);
    expect(changed.body.data).toMatchObject({ name: 'Evenings', bid: 1_500_000 });
    const changes = await changesOf(t.db, 'strategy', strategy.id);
    expect(changes.at(-1)).toMatchObject({
      method: 'modify',
      valueBefore: { name: strategy.name, bid: null },
      valueAfter: { name: 'Evenings', bid: 1_500_000 },
      comment: 'own bid',
    });
  });

  it('moves the plan between steps 2 and 3 as creatives come and go', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const strategy = await buildStrategy(t.db, plan.id, owner.user.id, {
      styleIds: [world.styleId],
    });
    await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: { id: strategy.id, creative_ids: [world.creativeId] },
    });
    expect(await planStep(plan.id)).toBe(PlanStep.creatives);
    await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: { id: strategy.id, creative_ids: [] },
    });
    expect(await planStep(plan.id)).toBe(PlanStep.strategies);
  });

  it('sends a completed unlive plan back to step 3 when a strategy loses its creatives', async () => {
    const { plan, strategy, styleId, creativeId } = await buildCompletePlan(t.db, owner.user.id);
    await buildStrategy(t.db, plan.id, owner.user.id, {
      styleIds: [styleId],
      creativeIds: [creativeId],
    });
    const result = await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: { id: strategy.id, creative_ids: '' },
    });
    expectCode(result, 200, 200);
    expect(await planRow(t.db, plan.id)).toMatchObject({
      creationStep: PlanStep.creatives,
      status: PlanStatus.unlive,
      publishedAt: null,
    });
    const planChanges = await changesOf(t.db, 'plan', plan.id);
    expect(planChanges.at(-1)?.valueBefore).toMatchObject({ creation_step: 4 });
    expect(planChanges.at(-1)?.valueAfter).toEqual({ creation_step: 3, published_at: null });
  });

  it('refuses to take the creatives of a Live plan’s strategy, writing nothing', async () => {
    const { plan, strategy } = await buildCompletePlan(t.db, owner.user.id, {
      status: PlanStatus.live,
    });
    const result = await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: { id: strategy.id, creative_ids: [] },
    });
    expect(issuesOf(result)).toMatchObject([
      { path: 'creative_ids', message: 'Need to add creative' },
    ]);
    expect(await strategyRow(t.db, strategy.id)).toEqual(strategy);
    expect(await changesOf(t.db, 'strategy', strategy.id)).toEqual([]);
    expect((await planRow(t.db, plan.id)).status).toBe(PlanStatus.live);
  });
});

describe('strategy switch and delete', () => {
  it('switches a strategy off and on; the same status is None Update', async () => {
    const { strategy } = await buildCompletePlan(t.db, owner.user.id);
    const off = await send<Strategy>(t.app, ENDPOINTS.switchStrategy, owner, {
      body: { id: strategy.id, status: 1 },
    });
    expect(off.body.data.status).toBe(1);
    expectCode(
      await send(t.app, ENDPOINTS.switchStrategy, owner, { body: { id: strategy.id, status: 1 } }),
      -130,
      400,
    );
    const bad = await send(t.app, ENDPOINTS.switchStrategy, owner, {
      body: { id: strategy.id, status: 5 },
    });
    expect(issuesOf(bad).map((issue) => issue.path)).toEqual(['status']);
    const changes = await changesOf(t.db, 'strategy', strategy.id);
    expect(changes.map((c) => [c.method, c.valueBefore, c.valueAfter])).toEqual([
      ['switch', { status: 0 }, { status: 1 }],
    ]);
  });

  it('deletes a strategy (logged); the last one sends a stalled complete plan to step 2, unlive', async () => {
    const { plan, strategy } = await buildCompletePlan(t.db, owner.user.id, {
      status: PlanStatus.balanceExhausted,
    });
    const result = await send(t.app, ENDPOINTS.deleteStrategy, owner, {
      body: { id: strategy.id, note: noteOf('not needed', 'strategy', 'delete') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toBeNull();
    expect(await strategyRow(t.db, strategy.id)).toBeUndefined();
    expect(await planRow(t.db, plan.id)).toMatchObject({
      creationStep: PlanStep.strategies,
      status: PlanStatus.unlive,
      publishedAt: null,
    });
    const [change] = await changesOf(t.db, 'strategy', strategy.id);
    expect(change).toMatchObject({ method: 'delete', valueAfter: null, comment: 'not needed' });
    expect(change?.valueBefore).toMatchObject({ plan_id: plan.id, name: strategy.name });
    expectCode(
      await send(t.app, ENDPOINTS.deleteStrategy, owner, { body: { id: strategy.id } }),
      -150,
      404,
    );
  });

  it('refuses to delete a strategy of a Live plan', async () => {
    const { plan, strategy } = await buildCompletePlan(t.db, owner.user.id, {
      status: PlanStatus.live,
    });
    const result = await send(t.app, ENDPOINTS.deleteStrategy, owner, {
      body: { id: strategy.id },
    });
    expect(result.body.msg).toBe('Follow the prompts before performing this operation');
    expect(issuesOf(result)).toMatchObject([
      { path: 'id', message: 'Stop the plan before deleting its strategies' },
    ]);
    expect(await strategyRow(t.db, strategy.id)).toEqual(strategy);
    expect((await planRow(t.db, plan.id)).creationStep).toBe(PlanStep.complete);
  });

  it('lists a plan’s strategies in the order they were added', async () => {
    const plan = await buildPlan(t.db, owner.user.id);
    const first = await buildStrategy(t.db, plan.id, owner.user.id);
    const second = await buildStrategy(t.db, plan.id, owner.user.id);
    const result = await send<Strategy[]>(t.app, ENDPOINTS.listStrategies, owner, {
      query: `plan_id=${plan.id}`,
    });
    expectCode(result, 200, 200);
    expect(result.body.data.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(ENDPOINTS.listStrategies.response.safeParse(result.body.data).success).toBe(true);
  });
});

describe('targeting checks', () => {
  const create = (actor: Signed, planId: number, world: object, targeting: unknown[]) =>
    send(t.app, ENDPOINTS.createStrategy, actor, {
      body: strategyBody(planId, world as never, { targeting }),
    });

  it('accepts active countries, brands, their models and audience items', async () => {
    const advanced = await buildAdvertiser(t.db, { ability: ADVANCED_ADVERTISER });
    const world = await buildCreativeWorld(t.db, advanced.user.id);
    const plan = await buildPlan(t.db, advanced.user.id);
    const country = await buildCountry(t.db, { code: nextCountry() });
    const brand = await buildBrand(t.db);
    const model = await buildModel(t.db, { brandId: brand.id });
    const top = await buildHumanItem(t.db);
    const child = await buildHumanItem(t.db, { parentId: top.id });
    const result = await create(advanced, plan.id, world, [
      { key: 'country', mode: 'include', values: [country.code, 'US'] },
      { key: 'brand', mode: 'include', values: [brand.code] },
      { key: 'model', mode: 'exclude', values: [model.code] },
      { key: 'audience', mode: 'include', values: [top.code, `${top.code}/${child.code}`] },
    ]);
    expectCode(result, 200, 200);
  });

  it('names each unknown or inactive value', async () => {
    const advanced = await buildAdvertiser(t.db, { ability: ADVANCED_ADVERTISER });
    const world = await buildCreativeWorld(t.db, advanced.user.id);
    const plan = await buildPlan(t.db, advanced.user.id);
    const off = await buildCountry(t.db, { code: nextCountry(), status: 1 });
    const brand = await buildBrand(t.db);
    const otherBrand = await buildBrand(t.db);
    const foreignModel = await buildModel(t.db, { brandId: otherBrand.id });
    const inactiveBrand = await buildBrand(t.db, { status: 1 });
    const top = await buildHumanItem(t.db);
    const before = await footprint(t.db, advanced);
    const result = await create(advanced, plan.id, world, [
      { key: 'country', mode: 'include', values: ['US', off.code, nextCountry()] },
      { key: 'brand', mode: 'include', values: [brand.code, inactiveBrand.code, 'nobrand'] },
      { key: 'model', mode: 'include', values: [foreignModel.code] },
      { key: 'audience', mode: 'exclude', values: [top.code, `${top.code}/nochild`, 'nothing'] },
    ]);
    const wrong = 'Targeting information is wrong';
    expect(issuesOf(result)).toMatchObject([
      { path: 'targeting.0.values.1', message: wrong },
      { path: 'targeting.0.values.2', message: wrong },
      { path: 'targeting.1.values.1', message: wrong },
      { path: 'targeting.1.values.2', message: wrong },
      { path: 'targeting.2.values.0', message: wrong },
      { path: 'targeting.3.values.1', message: wrong },
      { path: 'targeting.3.values.2', message: wrong },
    ]);
    expect(await footprint(t.db, advanced)).toEqual(before);
  });

  it('audience targeting needs advanced targeting of the acting user', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const top = await buildHumanItem(t.db);
    const refused = await create(owner, plan.id, world, [
      { key: 'os', mode: 'include', values: ['2'] },
      { key: 'audience', mode: 'include', values: [top.code] },
    ]);
    expect(issuesOf(refused)).toMatchObject([
      { path: 'targeting.1.key', message: MESSAGES['plan.audienceNeedsAdvanced'].en },
    ]);
    // A strategy whose audience rule someone with the right set keeps it through other edits.
    const strategy = await buildStrategy(t.db, plan.id, owner.user.id, {
      styleIds: [world.styleId],
      targeting: [{ key: 'audience', mode: 'include', values: [top.code] }],
    });
    const renamed = await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: {
        id: strategy.id,
        name: 'Renamed',
        targeting: [
          { key: 'audience', mode: 'include', values: [top.code] },
          { key: 'os', mode: 'include', values: ['1'] },
        ],
      },
    });
    expectCode(renamed, 200, 200);
    const widened = await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: {
        id: strategy.id,
        targeting: [{ key: 'audience', mode: 'exclude', values: [top.code] }],
      },
    });
    expect(issuesOf(widened)).toMatchObject([
      { path: 'targeting.0.key', message: MESSAGES['plan.audienceNeedsAdvanced'].en },
    ]);
  });

  it('checks a creative against the strategy’s styles, languages and the plan’s owner', async () => {
    const world = await buildCreativeWorld(t.db, owner.user.id);
    const plan = await buildPlan(t.db, owner.user.id);
    const french = await buildCreative(t.db, owner.user.id, {
      styleId: world.styleId,
      language: 'fr',
    });
    const deleted = await buildCreative(t.db, owner.user.id, {
      styleId: world.styleId,
      status: 5,
    });
    const shelved = await buildCreative(t.db, owner.user.id, {
      styleId: world.styleId,
      status: 1,
    });
    const stranger = await buildAdvertiser(t.db);
    const foreign = await buildCreative(t.db, stranger.user.id, { styleId: world.styleId });
    const result = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        creative_ids: [world.creativeId, french.id, deleted.id, shelved.id, foreign.id, 99999999],
      }),
    });
    const unspecified = 'There are unspecified creative items in a strategy';
    expect(issuesOf(result)).toMatchObject(
      [1, 2, 4, 5].map((index) => ({
        path: `creative_ids.${index}`,
        message: unspecified,
      })),
    );
    const both = await send(t.app, ENDPOINTS.createStrategy, owner, {
      body: strategyBody(plan.id, world, {
        languages: ['en', 'fr'],
        creative_ids: [world.creativeId, french.id, shelved.id],
      }),
    });
    expectCode(both, 200, 200);
  });
});

describe('plan bid and strategy bids', () => {
  it('lets the plan bid drop to 0 only when every strategy bids itself', async () => {
    const { plan, strategy } = await buildCompletePlan(t.db, owner.user.id);
    const refused = await send(t.app, ENDPOINTS.modifyPlan, owner, {
      body: { id: plan.id, bid: 0 },
    });
    expect(issuesOf(refused)).toMatchObject([
      { path: 'bid', message: 'Please enter at least one correct bid price' },
    ]);
    await send(t.app, ENDPOINTS.modifyStrategy, owner, {
      body: { id: strategy.id, bid: 1_000_000 },
    });
    const allowed = await send<Plan>(t.app, ENDPOINTS.modifyPlan, owner, {
      body: { id: plan.id, bid: 0 },
    });
    expectCode(allowed, 200, 200);
    expect(allowed.body.data.bid).toBe(0);
  });
});
