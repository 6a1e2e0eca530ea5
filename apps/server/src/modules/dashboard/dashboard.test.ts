import { ABILITY_ALL, Ability, type DashboardSummary } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLedgerEntry, buildSession, buildStatsRow, buildUser } from '../../test/factories.js';
import { buildCreative, buildPlan } from '../../test/ad-factories.js';
import { buildMedia } from '../../test/supply-factories.js';
import { api, expectCode } from '../../test/http.js';
import { TREND_DAYS, utcWindows } from './service.js';

let t: TestApp;
beforeAll(async () => {
  // Its own database on PostgreSQL too: finance's figures (the month's top-ups, the ten lowest
  // balances) are platform-wide, and other files' advertisers would crowd them out.
  t = await createTestApp({ isolated: true });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const ADVERTISER = Ability.login | Ability.adManage;

async function summaryOf(userId: number, proxyFor?: number): Promise<DashboardSummary> {
  const token = await buildSession(t.db, userId);
  const url = `/svc/dashboard/summary${proxyFor ? `?user=${proxyFor}` : ''}`;
  const result = await api<DashboardSummary>(t.app, { url, token });
  expectCode(result, 200, 200);
  return result.body.data;
}

/** Rows in each window for one advertiser (or media); answers what they add up to. */
async function seedStats(dims: { advertiserId?: number; mediaId?: number }) {
  const w = utcWindows(new Date());
  const rows = [
    {
      hour: w.today,
      cost: 1_000_000,
      income: 2_000_000,
      impressions: 100,
      clicks: 5,
      requests: 400,
    },
    {
      hour: new Date(w.today.getTime() + 3_600_000),
      cost: 500_000,
      income: 0,
      impressions: 50,
      clicks: 1,
      fills: 120,
    },
    { hour: w.yesterday, cost: 3_000_000, income: 4_000_000, impressions: 300, clicks: 7 },
    { hour: w.lastMonth, cost: 5_000_000, income: 6_000_000, impressions: 1, clicks: 0 },
    { hour: new Date(w.today.getTime() - 400 * DAY_MS), cost: 9_000_000, income: 9_000_000 },
    // Tomorrow's rows are not counted yet.
    { hour: w.tomorrow, cost: 8_000_000, income: 8_000_000 },
  ];
  for (const row of rows) await buildStatsRow(t.db, { ...dims, ...row });
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

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('GET /svc/dashboard/summary: advertisers', () => {
  it("answers an advertiser's balance from its latest ledger entry", async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    expect((await summaryOf(user.id)).balance).toBe(0);
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
    expect((await summaryOf(user.id)).balance).toBe(69_500_000);
  });

  it("sums an advertiser's own cost by UTC day and month, nobody else's; no income cards", async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const other = await buildUser(t.db, { ability: ADVERTISER });
    const expected = await seedStats({ advertiserId: user.id });
    await seedStats({ advertiserId: other.id });
    const summary = await summaryOf(user.id);
    expect(summary).toMatchObject({
      spendToday: expected.spendToday,
      costThisMonth: expected.costThisMonth,
      incomeToday: null,
      incomeYesterday: null,
      incomeThisMonth: null,
      incomeLastMonth: null,
      incomeScope: null,
      livePlans: 0,
      shortBalancePlans: 0,
      creativesUnderAudit: 0,
      creativesFailed: 0,
    });

    const w = utcWindows(new Date());
    expect(summary.trend).toHaveLength(TREND_DAYS);
    expect(summary.trend.at(-1)).toEqual({
      date: day(w.today),
      impressions: 150,
      clicks: 6,
      cost: 1_500_000,
      income: 2_000_000,
      requests: 400,
      fills: 120,
      ctr: 6 / 150,
      cpm: 10_000_000,
    });
    expect(summary.trend.at(-2)).toMatchObject({
      date: day(w.yesterday),
      impressions: 300,
      clicks: 7,
      cost: 3_000_000,
      ctr: 7 / 300,
      cpm: 10_000_000,
    });
    // A day without traffic: zeros, and no ratio.
    expect(summary.trend.at(-3)).toMatchObject({ impressions: 0, cost: 0, ctr: null, cpm: null });
    expect(summary.trend[0]?.date).toBe(
      day(new Date(w.today.getTime() - (TREND_DAYS - 1) * DAY_MS)),
    );
  });

  it('counts live plans, short-balance plans and creatives by audit state', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const other = await buildUser(t.db, { ability: ADVERTISER });
    await buildLedgerEntry(t.db, { userId: user.id, amount: 50_000_000, balanceAfter: 50_000_000 });
    // Short: live or lack of funds with a budget above the 50-unit balance.
    await buildPlan(t.db, user.id, { status: 0, budget: 100_000_000 });
    await buildPlan(t.db, user.id, { status: 3, budget: 60_000_000 });
    // Not short: enough balance, or stalled for another reason, or stopped.
    await buildPlan(t.db, user.id, { status: 0, budget: 50_000_000 });
    await buildPlan(t.db, user.id, { status: 0, budget: 20_000_000 });
    await buildPlan(t.db, user.id, { status: 2, budget: 100_000_000 });
    await buildPlan(t.db, user.id, { status: 7, budget: 100_000_000 });
    await buildPlan(t.db, user.id, { status: 1, budget: 100_000_000 });
    await buildPlan(t.db, other.id, { status: 0 });
    await buildCreative(t.db, user.id, { review: 1 });
    await buildCreative(t.db, user.id, { review: 2 });
    await buildCreative(t.db, user.id, { review: 2, status: 5 });
    await buildCreative(t.db, user.id, { review: 0 });
    await buildCreative(t.db, other.id, { review: 1 });
    expect(await summaryOf(user.id)).toMatchObject({
      livePlans: 3,
      shortBalancePlans: 2,
      creativesUnderAudit: 1,
      creativesFailed: 1,
    });
  });

  it('answers the acting user in proxy mode', async () => {
    const agent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const child = await buildUser(t.db, { ability: ADVERTISER, parentId: agent.id });
    await buildLedgerEntry(t.db, { userId: child.id, amount: 7_000_000, balanceAfter: 7_000_000 });
    const summary = await summaryOf(agent.id, child.id);
    expect(summary).toMatchObject({ balance: 7_000_000, incomeScope: null });
  });
});

describe('GET /svc/dashboard/summary: channel, supply side, auditors', () => {
  it("shows a channel its users' traffic as income, not its own, and their plans", async () => {
    const channel = await buildUser(t.db, { ability: Ability.login | Ability.userChannel });
    const child = await buildUser(t.db, { ability: ADVERTISER, parentId: channel.id });
    const grandchild = await buildUser(t.db, { ability: ADVERTISER, parentId: child.id });
    const a = await seedStats({ advertiserId: child.id });
    await seedStats({ advertiserId: grandchild.id });
    await seedStats({ advertiserId: channel.id });
    await seedStats({ advertiserId: (await buildUser(t.db, { ability: ADVERTISER })).id });
    await buildPlan(t.db, grandchild.id, { status: 0 });
    const summary = await summaryOf(channel.id);
    expect(summary).toMatchObject({
      balance: null,
      spendToday: null,
      costThisMonth: null,
      incomeScope: 'users',
      incomeToday: 2 * a.incomeToday,
      incomeYesterday: 2 * a.incomeYesterday,
      incomeThisMonth: 2 * a.incomeThisMonth,
      incomeLastMonth: 2 * a.incomeLastMonth,
      livePlans: 1,
    });
    expect(summary.trend.at(-1)?.income).toBe(2 * a.incomeToday);
  });

  it("shows a slot-role user its media's income only, and no advertising cards", async () => {
    const owner = await buildUser(t.db, { ability: Ability.login | Ability.slot });
    const mine = await buildMedia(t.db, owner.id);
    const theirs = await buildMedia(t.db, (await buildUser(t.db)).id);
    const expected = await seedStats({ mediaId: mine.id });
    await seedStats({ mediaId: theirs.id });
    expect(await summaryOf(owner.id)).toMatchObject({
      incomeScope: 'media',
      incomeToday: expected.incomeToday,
      incomeYesterday: expected.incomeYesterday,
      incomeThisMonth: expected.incomeThisMonth,
      incomeLastMonth: expected.incomeLastMonth,
      balance: null,
      spendToday: null,
      livePlans: null,
      shortBalancePlans: null,
      creativesUnderAudit: null,
      creativesFailed: null,
    });
  });

  it('sums the whole platform for a system user, rows of no advertiser included in income', async () => {
    const admin = await buildUser(t.db, { ability: ABILITY_ALL });
    const before = await summaryOf(admin.id);
    const a = await buildUser(t.db, { ability: ADVERTISER });
    const b = await buildUser(t.db, { ability: ADVERTISER });
    const expectedA = await seedStats({ advertiserId: a.id });
    await seedStats({ advertiserId: b.id });
    // A DSP's traffic: income without an advertiser.
    await buildStatsRow(t.db, { hour: utcWindows(new Date()).today, dspId: 77, income: 250_000 });
    const after = await summaryOf(admin.id);
    expect(after.incomeScope).toBe('platform');
    const delta = (key: 'spendToday' | 'incomeToday' | 'incomeLastMonth') =>
      (after[key] ?? 0) - (before[key] ?? 0);
    expect(delta('spendToday')).toBe(2 * expectedA.spendToday);
    expect(delta('incomeToday')).toBe(2 * expectedA.incomeToday + 250_000);
    expect(delta('incomeLastMonth')).toBe(2 * expectedA.incomeLastMonth);
    expect((after.trend.at(-1)?.cost ?? 0) - (before.trend.at(-1)?.cost ?? 0)).toBe(3_000_000);
  });

  it('shows an auditor the creatives of its users only: no stats, no plans', async () => {
    const auditor = await buildUser(t.db, { ability: Ability.login | Ability.exam });
    const child = await buildUser(t.db, { ability: ADVERTISER, parentId: auditor.id });
    await buildCreative(t.db, child.id, { review: 1 });
    await buildCreative(t.db, child.id, { review: 1 });
    await buildCreative(t.db, (await buildUser(t.db)).id, { review: 1 });
    expect(await summaryOf(auditor.id)).toEqual({
      balance: null,
      spendToday: null,
      costThisMonth: null,
      incomeToday: null,
      incomeYesterday: null,
      incomeThisMonth: null,
      incomeLastMonth: null,
      incomeScope: null,
      livePlans: null,
      shortBalancePlans: null,
      creativesUnderAudit: 2,
      creativesFailed: 0,
      trend: [],
      clients: null,
      supply: null,
      finance: null,
    });
  });
});

describe('GET /svc/dashboard/summary: the agent, operator and finance figures', () => {
  it("lists an agent's advertisers with balance and spend, lowest balance first", async () => {
    const agent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const rich = await buildUser(t.db, { ability: ADVERTISER, parentId: agent.id });
    const poor = await buildUser(t.db, { ability: ADVERTISER, parentId: agent.id });
    // An auditor the agent owns is no advertiser: not listed.
    await buildUser(t.db, { ability: Ability.login | Ability.exam, parentId: agent.id });
    await buildLedgerEntry(t.db, { userId: rich.id, amount: 90_000_000, balanceAfter: 90_000_000 });
    await buildLedgerEntry(t.db, { userId: poor.id, amount: 2_000_000, balanceAfter: 2_000_000 });
    const spent = await seedStats({ advertiserId: rich.id });
    const summary = await summaryOf(agent.id);
    expect(summary.clients).toEqual([
      {
        id: poor.id,
        name: `Nick ${poor.username}`,
        balance: 2_000_000,
        spendToday: 0,
        spendThisMonth: 0,
      },
      {
        id: rich.id,
        name: `Nick ${rich.username}`,
        balance: 90_000_000,
        spendToday: spent.spendToday,
        spendThisMonth: spent.costThisMonth,
      },
    ]);
    expect(summary.supply).toBeNull();
    expect(summary.finance).toBeNull();
  });

  it("gives an operator its media's requests, fill rate today and income by media", async () => {
    const owner = await buildUser(t.db, { ability: Ability.login | Ability.slot });
    const first = await buildMedia(t.db, owner.id);
    const second = await buildMedia(t.db, owner.id);
    const expected = await seedStats({ mediaId: first.id });
    await buildStatsRow(t.db, {
      hour: utcWindows(new Date()).today,
      mediaId: second.id,
      requests: 100,
      fills: 30,
      income: 9_000_000,
    });
    await seedStats({ mediaId: (await buildMedia(t.db, (await buildUser(t.db)).id)).id });
    const summary = await summaryOf(owner.id);
    expect(summary.supply).toMatchObject({ requestsToday: 500, fillsToday: 150 });
    expect(summary.supply?.fillRateToday).toBeCloseTo(0.3);
    expect(summary.supply?.incomeByMedia).toEqual([
      { id: second.id, name: second.name, income: 9_000_000 },
      { id: first.id, name: first.name, income: expected.incomeThisMonth },
    ]);
    expect(summary.clients).toBeNull();
  });

  it('shows finance the top-ups of the month and the advertisers running low', async () => {
    const finance = await buildUser(t.db, { ability: Ability.login | Ability.charger });
    const before = await summaryOf(finance.id);
    const low = await buildUser(t.db, { ability: ADVERTISER });
    const fine = await buildUser(t.db, { ability: ADVERTISER });
    await buildLedgerEntry(t.db, { userId: low.id, amount: 3_000_000, balanceAfter: 3_000_000 });
    await buildLedgerEntry(t.db, { userId: fine.id, amount: 80_000_000, balanceAfter: 80_000_000 });
    await buildPlan(t.db, low.id, { status: 0, budget: 50_000_000 });
    await buildPlan(t.db, fine.id, { status: 0, budget: 50_000_000 });
    const after = await summaryOf(finance.id);
    expect(after.finance?.topUpsThisMonth).toBe(
      (before.finance?.topUpsThisMonth ?? 0) + 83_000_000,
    );
    expect(after.finance?.topUpCountThisMonth).toBe((before.finance?.topUpCountThisMonth ?? 0) + 2);
    expect(after.finance?.recentTopUps.map((row) => row.userId)).toEqual(
      expect.arrayContaining([low.id, fine.id]),
    );
    const lows = after.finance?.lowBalances ?? [];
    expect(lows).toContainEqual({
      userId: low.id,
      name: `Nick ${low.username}`,
      balance: 3_000_000,
      dailyBudget: 50_000_000,
    });
    expect(lows.map((row) => row.userId)).not.toContain(fine.id);
    expect(after.clients).toBeNull();
    expect(after.supply).toBeNull();
  });
});
