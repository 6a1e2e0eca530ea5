/**
 * Every docs/product/messages-and-codes.md#form-messages message of the plan and strategy forms, reached through the API, on the
 * field it belongs to, with nothing written.
 */
import { AD_MESSAGES, ENDPOINTS, type PlanDetail } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreative, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf } from '../../test/settings.js';
import { buildStyle, countryCodes } from '../../test/settings-factories.js';
import {
  buildAdvertiser,
  buildCreativeWorld,
  footprint,
  issuesOf,
  planRow,
  send,
  strategyBody,
  type StrategyWorld,
} from './test-kit.js';

/** Country codes no test creates (this file's own letter, never built): unknown ones. */
const unknownCountry = countryCodes('V');

let t: TestApp;
let owner: Signed;
let world: StrategyWorld;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildAdvertiser(t.db);
  world = await buildCreativeWorld(t.db, owner.user.id);
});
afterAll(async () => {
  await t.close();
});

/** Sends a strategy for a fresh plan; answers the issues and checks nothing was written. */
async function strategyIssues(overrides: Record<string, unknown>, planBid = 2_000_000) {
  const plan = await buildPlan(t.db, owner.user.id, { bid: planBid });
  const before = await footprint(t.db, owner);
  const result = await send(t.app, ENDPOINTS.createStrategy, owner, {
    body: strategyBody(plan.id, world, overrides),
  });
  const issues = issuesOf(result);
  expect(await footprint(t.db, owner)).toEqual(before);
  return issues;
}

/** Completes a plan; answers the issues and checks the plan stayed where it was. */
async function completionIssues(planId: number) {
  const before = await planRow(t.db, planId);
  const result = await send(t.app, ENDPOINTS.completePlan, owner, { body: { id: planId } });
  expect(result.body.msg).toBe(AD_MESSAGES.followPrompts.en);
  const issues = issuesOf(result);
  expect(await planRow(t.db, planId)).toEqual(before);
  return issues;
}

describe('docs/product/messages-and-codes.md#form-messages messages of the plan and strategy forms', () => {
  it('need to add configuration: completing a plan without strategies', async () => {
    const plan = await buildPlan(t.db, owner.user.id);
    expect(await completionIssues(plan.id)).toMatchObject([
      { path: 'strategies', message: 'Need to add configuration' },
    ]);
  });

  it('need to add creative: completing a plan with a strategy without creatives', async () => {
    const plan = await buildPlan(t.db, owner.user.id);
    await buildStrategy(t.db, plan.id, owner.user.id, { styleIds: [world.styleId] });
    expect(await completionIssues(plan.id)).toMatchObject([
      { path: 'strategies.0.creative_ids', message: 'Need to add creative' },
    ]);
  });

  it('configuration format is incorrect: a targeting value of the wrong form', async () => {
    expect(
      await strategyIssues({
        targeting: [{ key: 'idfa', mode: 'include', values: ['', 'not-an-idfa'] }],
      }),
    ).toMatchObject([
      { path: 'targeting.0.values.1', message: 'Configuration format is incorrect' },
    ]);
  });

  it('there are unspecified creative items in a strategy: a creative of another style', async () => {
    const other = await buildStyle(t.db);
    const creative = await buildCreative(t.db, owner.user.id, { styleId: other.id });
    expect(await strategyIssues({ creative_ids: [creative.id] })).toMatchObject([
      {
        path: 'creative_ids.0',
        message: 'There are unspecified creative items in a strategy',
      },
    ]);
  });

  it('some orientation methods or targets cannot be empty: a rule without values', async () => {
    expect(
      await strategyIssues({ targeting: [{ key: 'country', mode: 'exclude', values: [' '] }] }),
    ).toMatchObject([
      {
        path: 'targeting.0.values',
        message: 'Some orientation methods or targets cannot be empty',
      },
    ]);
  });

  it('targeting information is wrong: an unknown country, an unknown dimension', async () => {
    expect(
      await strategyIssues({
        targeting: [{ key: 'country', mode: 'include', values: [unknownCountry()] }],
      }),
    ).toMatchObject([{ path: 'targeting.0.values.0', message: 'Targeting information is wrong' }]);
    expect(
      await strategyIssues({
        targeting: [
          { key: 'gps', mode: 'include', values: ['1'] },
          { key: 'os', mode: 'sometimes', values: ['1'] },
        ],
      }),
    ).toMatchObject([
      { path: 'targeting.0.key', message: 'Targeting information is wrong' },
      { path: 'targeting.1.mode', message: 'Targeting information is wrong' },
    ]);
  });

  it('please confirm the support style: no style, or a style switched off', async () => {
    expect(await strategyIssues({ style_ids: [], creative_ids: [] })).toMatchObject([
      { path: 'style_ids', message: 'Please confirm the support style' },
    ]);
    const off = await buildStyle(t.db, { status: 1 });
    expect(await strategyIssues({ style_ids: [world.styleId, off.id] })).toMatchObject([
      { path: 'style_ids.1', message: 'Please confirm the support style' },
    ]);
  });

  it('please enter at least one correct bid price: neither strategy nor plan bids', async () => {
    expect(await strategyIssues({ bid: null }, 0)).toMatchObject([
      { path: 'bid', message: 'Please enter at least one correct bid price' },
    ]);
  });

  it('need to add language: no language, or one creatives are not made in', async () => {
    expect(await strategyIssues({ languages: [], creative_ids: [] })).toMatchObject([
      { path: 'languages', message: 'Need to add language' },
    ]);
    expect(await strategyIssues({ languages: ['en', 'de'] })).toMatchObject([
      { path: 'languages.1', message: 'Need to add language' },
    ]);
  });

  it('follow the prompts before performing this operation: every problem of a plan at once', async () => {
    const plan = await buildPlan(t.db, owner.user.id, { bid: 0 });
    const offStyle = await buildStyle(t.db, { status: 1 });
    await buildStrategy(t.db, plan.id, owner.user.id, {
      bid: 1_000_000,
      styleIds: [world.styleId],
      creativeIds: [world.creativeId],
    });
    await buildStrategy(t.db, plan.id, owner.user.id, {
      styleIds: [offStyle.id],
      languages: [],
      targeting: [{ key: 'country', mode: 'include', values: [unknownCountry()] }],
    });
    expect(await completionIssues(plan.id)).toMatchObject([
      { path: 'strategies.1.creative_ids', message: 'Need to add creative' },
      { path: 'strategies.1.bid', message: 'Please enter at least one correct bid price' },
      { path: 'strategies.1.targeting.0.values.0', message: 'Targeting information is wrong' },
      { path: 'strategies.1.style_ids.0', message: 'Please confirm the support style' },
      { path: 'strategies.1.languages', message: 'Need to add language' },
    ]);
    const start = await send(t.app, ENDPOINTS.switchPlan, owner, {
      body: { id: plan.id, status: 0 },
    });
    expect(start.body.msg).toBe('Follow the prompts before performing this operation');
    expect(issuesOf(start)[0]).toMatchObject({
      path: 'creation_step',
      message: 'Follow the prompts before performing this operation',
    });
  });
});

describe('complete plan creation', () => {
  it('completes a plan that keeps every rule: step 4, publish time, logged; again changes nothing', async () => {
    const plan = await buildPlan(t.db, owner.user.id, { creationStep: 3 });
    await buildStrategy(t.db, plan.id, owner.user.id, {
      styleIds: [world.styleId],
      creativeIds: [world.creativeId],
    });
    const result = await send<PlanDetail>(t.app, ENDPOINTS.completePlan, owner, {
      body: { id: plan.id },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ creation_step: 4, status: 7 });
    expect(result.body.data.strategies).toHaveLength(1);
    const publishedAt = result.body.data.published_at;
    expect(Date.now() - Date.parse(publishedAt ?? '')).toBeLessThan(60_000);
    expect(ENDPOINTS.completePlan.response.safeParse(result.body.data).success).toBe(true);

    const again = await send<PlanDetail>(t.app, ENDPOINTS.completePlan, owner, {
      body: { id: plan.id },
    });
    expectCode(again, 200, 200);
    expect(again.body.data.published_at).toBe(publishedAt);
    const changes = await changesOf(t.db, 'plan', plan.id);
    expect(changes.map((c) => [c.method, c.valueBefore, c.valueAfter])).toEqual([
      [
        'modify',
        { creation_step: 3, published_at: null },
        { creation_step: 4, published_at: publishedAt },
      ],
    ]);
  });
});
