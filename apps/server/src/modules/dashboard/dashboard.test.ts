import { ABILITY_ALL, Ability, type DashboardSummary } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLedgerEntry, buildStatsRow, buildUser } from '../../test/factories.js';
import { buildCreative, buildPlan } from '../../test/ad-factories.js';
import { api, expectCode, login } from '../../test/http.js';
import { TREND_DAYS, utcWindows } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const ADVERTISER = Ability.login | Ability.adManage;

async function summaryOf(token: string): Promise<DashboardSummary> {
  const result = await api<DashboardSummary>(t.app, { url: '/svc/dashboard/summary', token });
  expectCode(result, 200, 200);
  return result.body.data;
}

/** Rows for one advertiser in each window; answers what they add up to. */
async function seedStats(advertiserId: number) {
  const w = utcWindows(new Date());
  const rows = [
    { hour: w.today, cost: 1_000_000, income: 2_000_000, impressions: 100, clicks: 5 },
    {
      hour: new Date(w.today.getTime() + 3_600_000),
      cost: 500_000,
      income: 0,
      impressions: 50,
      clicks: 1,
    },
    { hour: w.yesterday, cost: 3_000_000, income: 4_000_000, impressions: 300, clicks: 7 },
    { hour: w.lastMonth, cost: 5_000_000, income: 6_000_000, impressions: 1, clicks: 0 },
    { hour: new Date(w.today.getTime() - 400 * DAY_MS), cost: 9_000_000, income: 9_000_000 },
    // Tomorrow's rows are not counted yet.
    { hour: w.tomorrow, cost: 8_000_000, income: 8_000_000 },
  ];
  for (const row of rows) await buildStatsRow(t.db, { advertiserId, ...row });
  const yesterdayThisMonth = w.yesterday >= w.thisMonth;
  return {
    spendToday: 1_500_000,
    costThisMonth: 1_500_000 + (yesterdayThisMonth ? 3_000_000 : 0),
    incomeToday: 2_000_000,
    incomeYesterday: 4_000_000,
    incomeThisMonth: 2_000_000 + (yesterdayThisMonth ? 4_000_000 : 0),
    incomeLastMonth: 6_000_000 + (yesterdayThisMonth ? 0 : 4_000_000),
  };
}

describe('GET /svc/dashboard/summary', () => {
  it("answers an advertiser's balance from its latest ledger entry", async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const token = await login(t.app, user.username, user.password);
    expect((await summaryOf(token)).balance).toBe(0);
    await buildLedgerEntry(t.db, {
      userId: user.id,
      amount: 100_000_000,
      balanceAfter: 100_000_000,
    });
    await buildLedgerEntry(t.db, {
      userId: user.id,
      kind: 'spend',
      amount: -30_500_000,
      balanceAfter: 69_500_000,
    });
    expect((await summaryOf(token)).balance).toBe(69_500_000);
  });

  it("sums an advertiser's own stats by UTC day and month, and nobody else's", async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const other = await buildUser(t.db, { ability: ADVERTISER });
    const expected = await seedStats(user.id);
    await seedStats(other.id);
    const token = await login(t.app, user.username, user.password);
    const summary = await summaryOf(token);
    expect(summary).toMatchObject({
      ...expected,
      livePlans: 0,
      shortBalancePlans: 0,
      creativesUnderAudit: 0,
      creativesFailed: 0,
    });

    const w = utcWindows(new Date());
    expect(summary.trend).toHaveLength(TREND_DAYS);
    const today = w.today.toISOString().slice(0, 10);
    const yesterday = w.yesterday.toISOString().slice(0, 10);
    expect(summary.trend.at(-1)).toEqual({
      date: today,
      impressions: 150,
      clicks: 6,
      cost: 1_500_000,
      income: 2_000_000,
    });
    expect(summary.trend.at(-2)).toEqual({
      date: yesterday,
      impressions: 300,
      clicks: 7,
      cost: 3_000_000,
      income: 4_000_000,
    });
    expect(summary.trend[0]?.date).toBe(
      new Date(w.today.getTime() - (TREND_DAYS - 1) * DAY_MS).toISOString().slice(0, 10),
    );
  });

  it("counts the advertiser's live and short-balance plans and creatives by audit state", async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const other = await buildUser(t.db, { ability: ADVERTISER });
    for (const status of [0, 0, 2, 3, 7, 1]) await buildPlan(t.db, user.id, { status });
    await buildPlan(t.db, other.id, { status: 0 });
    await buildCreative(t.db, user.id, { review: 1 });
    await buildCreative(t.db, user.id, { review: 2 });
    await buildCreative(t.db, user.id, { review: 2, status: 5 });
    await buildCreative(t.db, user.id, { review: 0 });
    await buildCreative(t.db, other.id, { review: 1 });
    const token = await login(t.app, user.username, user.password);
    expect(await summaryOf(token)).toMatchObject({
      livePlans: 2,
      shortBalancePlans: 2,
      creativesUnderAudit: 1,
      creativesFailed: 1,
    });
  });

  it('answers the acting user in proxy mode', async () => {
    const agent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const child = await buildUser(t.db, { ability: ADVERTISER, parentId: agent.id });
    await buildLedgerEntry(t.db, { userId: child.id, amount: 7_000_000, balanceAfter: 7_000_000 });
    const token = await login(t.app, agent.username, agent.password);
    const result = await api<DashboardSummary>(t.app, {
      url: `/svc/dashboard/summary?user=${child.id}`,
      token,
    });
    expect(result.body.data.balance).toBe(7_000_000);
  });

  it('sums the whole platform for a system user', async () => {
    const admin = await buildUser(t.db, { ability: ABILITY_ALL });
    const token = await login(t.app, admin.username, admin.password);
    const before = await summaryOf(token);
    const a = await buildUser(t.db, { ability: ADVERTISER });
    const b = await buildUser(t.db, { ability: ADVERTISER });
    const expectedA = await seedStats(a.id);
    await seedStats(b.id);
    const after = await summaryOf(token);
    expect(after.spendToday - before.spendToday).toBe(2 * expectedA.spendToday);
    expect(after.incomeLastMonth - before.incomeLastMonth).toBe(2 * expectedA.incomeLastMonth);
    expect((after.trend.at(-1)?.cost ?? 0) - (before.trend.at(-1)?.cost ?? 0)).toBe(3_000_000);
  });
});
