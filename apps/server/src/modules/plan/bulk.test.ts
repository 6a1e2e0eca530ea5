/**
 * The plan list's working tools: bulk start / stop / archive / restore (reach, states, partial
 * selections, nothing written on a refusal) and today's delivery with its sorts.
 */
import {
  Ability,
  ENDPOINTS,
  PlanStatus,
  PlanStep,
  type BulkResult,
  type PlanListItem,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { buildSigned, type Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildStatsRow } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { changesOf } from '../../test/settings.js';
import {
  buildAdvertiser,
  buildCompletePlan,
  footprint,
  issuesOf,
  planRow,
  send,
} from './test-kit.js';

type Page = { list: PlanListItem[]; total: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const bulk = (actor: Signed, body: unknown) =>
  send<BulkResult>(t.app, ENDPOINTS.bulkPlans, actor, { body });

async function statusesOf(ids: number[]) {
  return Promise.all(ids.map(async (id) => (await planRow(t.db, id)).status));
}

describe('bulk plan actions', () => {
  it('archives the selection (a live plan stops), one noted change per plan', async () => {
    const me = await buildAdvertiser(t.db);
    const { plan: live } = await buildCompletePlan(t.db, me.user.id, { status: PlanStatus.live });
    const draft = await buildPlan(t.db, me.user.id);
    const result = await bulk(me, {
      ids: [live.id, draft.id],
      action: 'archive',
      comment: 'Season over',
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toEqual({ done: [live.id, draft.id], failed: [] });
    expect(await statusesOf([live.id, draft.id])).toEqual([
      PlanStatus.archived,
      PlanStatus.archived,
    ]);
    const [change] = await changesOf(t.db, 'plan', live.id);
    expect(change).toMatchObject({
      method: 'switch',
      valueBefore: { status: PlanStatus.live },
      valueAfter: { status: PlanStatus.archived },
      comment: 'Season over',
      actorId: me.user.id,
    });
  });

  it('writes the valid plans and names each refused one with its reason', async () => {
    const me = await buildAdvertiser(t.db);
    const { plan: ready } = await buildCompletePlan(t.db, me.user.id);
    const unfinished = await buildPlan(t.db, me.user.id, { creationStep: PlanStep.strategies });
    const { plan: live } = await buildCompletePlan(t.db, me.user.id, { status: PlanStatus.live });
    const result = await bulk(me, {
      ids: [ready.id, unfinished.id, live.id],
      action: 'start',
      comment: 'Go live',
    });
    expectCode(result, 200, 200);
    expect(result.body.data.done).toEqual([ready.id]);
    expect(result.body.data.failed).toEqual([
      { id: unfinished.id, code: 'ad.needConfiguration' },
      { id: live.id, code: 'error.noneUpdate' },
    ]);
    expect(await statusesOf([ready.id, unfinished.id, live.id])).toEqual([
      PlanStatus.live,
      PlanStatus.unlive,
      PlanStatus.live,
    ]);
    expect(await changesOf(t.db, 'plan', unfinished.id)).toHaveLength(0);
    expect(await changesOf(t.db, 'plan', live.id)).toHaveLength(0);
  });

  it('stops started plans, including stalled ones', async () => {
    const me = await buildAdvertiser(t.db);
    const live = await buildPlan(t.db, me.user.id, { status: PlanStatus.live });
    const stalled = await buildPlan(t.db, me.user.id, { status: PlanStatus.lackOfFunds });
    const result = await bulk(me, { ids: [live.id, stalled.id], action: 'stop' });
    expect(result.body.data).toEqual({ done: [live.id, stalled.id], failed: [] });
    expect(await statusesOf([live.id, stalled.id])).toEqual([PlanStatus.unlive, PlanStatus.unlive]);
  });

  it('refuses the whole selection when one plan is out of reach; nothing is written', async () => {
    const me = await buildAdvertiser(t.db);
    const other = await buildAdvertiser(t.db);
    const mine = await buildPlan(t.db, me.user.id, { status: PlanStatus.live });
    const theirs = await buildPlan(t.db, other.user.id, { status: PlanStatus.live });
    const before = await footprint(t.db, me);
    const result = await bulk(me, { ids: [mine.id, theirs.id], action: 'archive' });
    expectCode(result, -110, 403);
    expect(await statusesOf([mine.id, theirs.id])).toEqual([PlanStatus.live, PlanStatus.live]);
    expect(await footprint(t.db, me)).toEqual(before);
  });

  it('refuses the whole selection when a plan does not exist', async () => {
    const me = await buildAdvertiser(t.db);
    const mine = await buildPlan(t.db, me.user.id);
    const before = await footprint(t.db, me);
    const result = await bulk(me, { ids: [mine.id, 2_000_000_000], action: 'archive' });
    expectCode(result, -150, 404);
    expect((await planRow(t.db, mine.id)).status).toBe(PlanStatus.unlive);
    expect(await footprint(t.db, me)).toEqual(before);
  });

  it('an agent acts on its advertisers’ plans', async () => {
    const agent = await buildSigned(t.db, {
      ability: Ability.login | Ability.userAgent | Ability.adManage,
    });
    const client = await buildAdvertiser(t.db, { parentId: agent.user.id });
    const plan = await buildPlan(t.db, client.user.id);
    const result = await bulk(agent, { ids: [plan.id], action: 'archive', comment: 'For you' });
    expect(result.body.data).toEqual({ done: [plan.id], failed: [] });
    const [change] = await changesOf(t.db, 'plan', plan.id);
    expect(change).toMatchObject({ actorId: agent.user.id, comment: 'For you' });
  });

  it('checks the body: an unknown action, no ids, a short comment', async () => {
    const me = await buildAdvertiser(t.db);
    const plan = await buildPlan(t.db, me.user.id);
    const paths = async (body: unknown) =>
      issuesOf(await bulk(me, body)).map((issue) => [issue.path, issue.code]);
    expect(await paths({ ids: [plan.id], action: 'delete' })).toEqual([
      ['action', 'input.invalidValue'],
    ]);
    expect(await paths({ ids: [], action: 'archive' })).toEqual([['ids', 'input.tooFew']]);
    expect(await paths({ ids: [plan.id], action: 'archive', comment: ' x ' })).toEqual([
      ['comment', 'ad.noteRequired'],
    ]);
    expect((await planRow(t.db, plan.id)).status).toBe(PlanStatus.unlive);
  });
});

describe('archived plans', () => {
  it('leave the default list and are found by their status', async () => {
    const me = await buildAdvertiser(t.db);
    const kept = await buildPlan(t.db, me.user.id);
    const archived = await buildPlan(t.db, me.user.id, { status: PlanStatus.archived });
    const all = await send<Page>(t.app, ENDPOINTS.listPlans, me);
    expect(all.body.data.list.map((plan) => plan.id)).toEqual([kept.id]);
    const unfinished = await send<Page>(t.app, ENDPOINTS.listPlans, me, {
      query: 'complete=false',
    });
    expect(unfinished.body.data.list.map((plan) => plan.id)).toEqual([kept.id]);
    const found = await send<Page>(t.app, ENDPOINTS.listPlans, me, { query: 'status=5' });
    expect(found.body.data.list.map((plan) => plan.id)).toEqual([archived.id]);
    expect(found.body.data.total).toBe(1);
  });

  it('are read-only until restored: no edit, switch, strategy write or completion', async () => {
    const me = await buildAdvertiser(t.db);
    const { plan, strategy } = await buildCompletePlan(t.db, me.user.id, {
      status: PlanStatus.archived,
    });
    const refusals = [
      await send(t.app, ENDPOINTS.modifyPlan, me, { body: { id: plan.id, name: 'Back' } }),
      await send(t.app, ENDPOINTS.switchPlan, me, { body: { id: plan.id, status: 0 } }),
      await send(t.app, ENDPOINTS.switchPlan, me, { body: { id: plan.id, status: 7 } }),
      await send(t.app, ENDPOINTS.completePlan, me, { body: { id: plan.id } }),
      await send(t.app, ENDPOINTS.switchStrategy, me, { body: { id: strategy.id, status: 1 } }),
      await send(t.app, ENDPOINTS.deleteStrategy, me, { body: { id: strategy.id } }),
    ];
    for (const result of refusals) {
      expect(issuesOf(result).map((issue) => issue.code)).toEqual(['plan.archived']);
    }
    expect((await planRow(t.db, plan.id)).status).toBe(PlanStatus.archived);
    expect(await changesOf(t.db, 'plan', plan.id)).toHaveLength(0);
  });

  it('restore brings archived plans back as Unlive; a plan not archived is refused', async () => {
    const me = await buildAdvertiser(t.db);
    const archived = await buildPlan(t.db, me.user.id, { status: PlanStatus.archived });
    const live = await buildPlan(t.db, me.user.id, { status: PlanStatus.live });
    const result = await bulk(me, { ids: [archived.id, live.id], action: 'restore' });
    expect(result.body.data).toEqual({
      done: [archived.id],
      failed: [{ id: live.id, code: 'plan.notArchived' }],
    });
    expect(await statusesOf([archived.id, live.id])).toEqual([PlanStatus.unlive, PlanStatus.live]);
    const again = await bulk(me, { ids: [archived.id], action: 'archive' });
    expect(again.body.data.done).toEqual([archived.id]);
    const twice = await bulk(me, { ids: [archived.id], action: 'archive' });
    expect(twice.body.data.failed).toEqual([{ id: archived.id, code: 'error.noneUpdate' }]);
  });

  it('a copy of an archived plan is a new unlive plan', async () => {
    const me = await buildAdvertiser(t.db);
    const { plan } = await buildCompletePlan(t.db, me.user.id, { status: PlanStatus.archived });
    const result = await send<{ id: number; status: number }>(t.app, ENDPOINTS.copyPlan, me, {
      body: { id: plan.id },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.status).toBe(PlanStatus.unlive);
  });
});

describe('today’s delivery on the plan list', () => {
  const hourToday = (hour: number) => {
    const day = new Date();
    day.setUTCHours(hour, 0, 0, 0);
    return day;
  };

  it('sums today’s hours only and sorts by spend, CTR and pacing', async () => {
    const me = await buildAdvertiser(t.db);
    // budgets 100 and 10 a day
    const big = await buildPlan(t.db, me.user.id, { name: 'Big', budget: 100_000_000 });
    const small = await buildPlan(t.db, me.user.id, { name: 'Small', budget: 10_000_000 });
    await buildPlan(t.db, me.user.id, { name: 'Idle', budget: 10_000_000 });
    await buildStrategy(t.db, big.id, me.user.id);
    const row = (
      planId: number,
      hour: Date,
      impressions: number,
      clicks: number,
      cost: number,
      slotId = 1,
    ) =>
      buildStatsRow(t.db, {
        hour,
        advertiserId: me.user.id,
        planId,
        slotId,
        impressions,
        clicks,
        cost,
        requests: impressions,
        fills: impressions,
      });
    await row(big.id, hourToday(0), 1000, 10, 20_000_000);
    await row(big.id, hourToday(0), 500, 5, 10_000_000, 2); // another slot, same hour
    await row(small.id, hourToday(0), 100, 5, 8_000_000);
    const yesterday = new Date(hourToday(0).getTime() - 3_600_000);
    await row(small.id, yesterday, 9999, 999, 99_000_000);

    const page = async (sort: string, order = 'desc') =>
      (await send<Page>(t.app, ENDPOINTS.listPlans, me, { query: `sort=${sort}&order=${order}` }))
        .body.data.list;
    const list = await page('spend_today');
    expect(list.map((plan) => [plan.name, plan.today])).toEqual([
      ['Big', { spend: 30_000_000, impressions: 1500, clicks: 15 }],
      ['Small', { spend: 8_000_000, impressions: 100, clicks: 5 }],
      ['Idle', { spend: 0, impressions: 0, clicks: 0 }],
    ]);
    // CTR: Small 5 %, Big 1 %, Idle none (last either way)
    expect((await page('ctr')).map((plan) => plan.name)).toEqual(['Small', 'Big', 'Idle']);
    expect((await page('ctr', 'asc')).map((plan) => plan.name)).toEqual(['Big', 'Small', 'Idle']);
    // pacing: Small 80 %, Big 30 %, Idle 0 %
    expect((await page('pacing')).map((plan) => plan.name)).toEqual(['Small', 'Big', 'Idle']);
    expect((await page('impressions', 'asc')).map((plan) => plan.name)).toEqual([
      'Idle',
      'Small',
      'Big',
    ]);
    expect((await page('clicks')).map((plan) => plan.name)).toEqual(['Big', 'Small', 'Idle']);
    expect(list.find((plan) => plan.name === 'Big')?.strategy_count).toBe(1);
  });
});
