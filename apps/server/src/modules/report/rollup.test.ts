/**
 * The rollups (stats_daily, stats_plan_hourly) stay equal to stats_hourly's sums through
 * inserts, upserts, updates and deletes, so a report answers the same numbers whichever
 * table serves it.
 */
import type { ReportResult, ReportRow } from '@adloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildStatsRow, buildUser } from '../../test/factories.js';
import { foldClosedHours, openFrom, reopenDays } from '../../stats/fold.js';
import { HOUR_COLUMNS } from '../../stats/rollups.js';
import { CREATIVE_RUNNING, RUNNING_LOCK_SPACE } from '../../stats/running.js';
import { chooseSource, type StatsView } from './sources.js';
import type { StatsScope } from './scope.js';
import { runReport } from './service.js';
import { buildDsp, buildMedia, buildSlot } from '../../test/supply-factories.js';
import { ADVERTISER } from './test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const view = (changes: Partial<StatsView>): StatsView => ({
  dimensions: ['date'],
  metrics: ['request', 'imp', 'click', 'cost', 'income', 'ctr', 'cpm'],
  filters: [],
  from: '2025-06-01',
  to: '2025-06-02',
  order: 'asc',
  ...changes,
});

describe('chooseSource', () => {
  const advertisers: StatsScope = { kind: 'advertisers', ids: [1] };
  it.each([
    [['date'], advertisers, 'stats_plan_hourly'],
    [['date', 'hour', 'plan'], advertisers, 'stats_plan_hourly'],
    [['plan', 'hour'], { kind: 'all' }, 'stats_creative_running'],
    [['hour'], advertisers, 'stats_creative_running'],
    [['advertiser'], { kind: 'all' }, 'stats_plan_hourly'],
    [['country'], advertisers, 'stats_geo_daily'],
    [['date', 'country', 'os'], { kind: 'all' }, 'stats_geo_daily'],
    [['date', 'creative'], advertisers, 'stats_creative_daily'],
    [['creative', 'hour'], advertisers, 'stats_creative_running'],
    [['date', 'hour', 'strategy'], { kind: 'all' }, 'stats_creative_daily'],
    [['country', 'creative'], advertisers, 'stats_daily'],
    [['app'], advertisers, 'stats_daily'],
    [['date'], { kind: 'media', ids: [1] }, 'stats_supply_daily'],
    [['app'], { kind: 'all' }, 'stats_supply_daily'],
    [['date', 'dsp', 'app'], { kind: 'media', ids: [1] }, 'stats_supply_daily'],
    [['hour', 'media'], { kind: 'all' }, 'stats_slot_daily'],
    [['date', 'slot', 'hour'], { kind: 'media', ids: [1] }, 'stats_slot_daily'],
    [['country'], { kind: 'media', ids: [1] }, 'stats_daily'],
    [['hour', 'country'], advertisers, 'stats_hourly'],
    [['hour', 'app'], { kind: 'all' }, 'stats_hourly'],
  ] as const)('%j in %j reads %s', (dimensions, scope, table) => {
    expect(chooseSource(view({ dimensions: [...dimensions] }), scope).table).toBe(table);
  });

  it('prefers the smallest table in pages, when every candidate has a size', () => {
    const daily = view({ dimensions: ['date', 'plan'] });
    const sizes = new Map([
      ['stats_plan_hourly', 5000],
      ['stats_geo_daily', 300],
      ['stats_creative_daily', 9000],
      ['stats_daily', 800],
      ['stats_hourly', 20000],
    ] as const);
    // Fewer rows than the plan rollup, but wide ones: the pages decide.
    expect(chooseSource(daily, advertisers, sizes).table).toBe('stats_daily');
    expect(chooseSource(view({ dimensions: ['date'] }), advertisers, sizes).table).toBe(
      'stats_geo_daily',
    );
    expect(chooseSource(view({ dimensions: ['date', 'hour'] }), advertisers, sizes).table).toBe(
      'stats_plan_hourly',
    );
    expect(
      chooseSource(view({ dimensions: ['date', 'hour', 'creative'] }), advertisers, sizes).table,
    ).toBe('stats_creative_daily');
    // By hour of the day the running totals serve whatever the sizes: two rows per key.
    expect(chooseSource(view({ dimensions: ['hour', 'creative'] }), advertisers, sizes).table).toBe(
      'stats_creative_running',
    );
    const unknown = new Map([...sizes, ['stats_plan_hourly', -1]] as const);
    expect(chooseSource(daily, advertisers, unknown).table).toBe('stats_plan_hourly');
  });

  it('counts filter dimensions as needed columns', () => {
    const filtered = view({
      dimensions: ['date'],
      filters: [
        { dimension: 'hour', mode: 'include', values: ['3'] },
        { dimension: 'os', mode: 'include', values: ['1'] },
      ],
    });
    expect(chooseSource(filtered, { kind: 'all' }).table).toBe('stats_hourly');
  });
});

/** The same view with filters that change nothing but that only stats_hourly can serve. */
const onHourly = (original: StatsView): StatsView => ({
  ...original,
  filters: [
    ...original.filters,
    { dimension: 'slot', mode: 'exclude', values: ['999999999'] },
    { dimension: 'hour', mode: 'exclude', values: ['-1'] },
  ],
});

/** The views the narrow rollups serve, each paired with the table that should serve it. */
const ROLLUP_VIEWS: readonly [Partial<StatsView>, string][] = [
  [{ dimensions: ['creative', 'hour'] }, 'stats_creative_running'],
  [{ dimensions: ['plan', 'hour'] }, 'stats_creative_running'],
  [{ dimensions: ['hour'] }, 'stats_creative_running'],
  [
    {
      dimensions: ['hour', 'strategy'],
      filters: [{ dimension: 'hour', mode: 'include', values: ['5', '23'] }],
    },
    'stats_creative_running',
  ],
  // Only clicks asked: an hour with impressions and no click is still a row.
  [{ dimensions: ['creative', 'hour'], metrics: ['click'] }, 'stats_creative_running'],
  [{ dimensions: ['date', 'hour', 'creative'] }, 'stats_creative_daily'],
  [
    {
      dimensions: ['date', 'hour', 'strategy'],
      filters: [{ dimension: 'hour', mode: 'exclude', values: ['23'] }],
    },
    'stats_creative_daily',
  ],
  [{ dimensions: ['date', 'creative', 'hour'], metrics: ['click'] }, 'stats_creative_daily'],
  // Some hours of each creative, summed: the daily rollup's query groups them again.
  [
    {
      dimensions: ['creative'],
      filters: [{ dimension: 'hour', mode: 'include', values: ['0', '5'] }],
    },
    'stats_creative_daily',
  ],
  [{ dimensions: ['date', 'creative'] }, 'stats_creative_daily'],
  [{ dimensions: ['country'] }, 'stats_geo_daily'],
  [{ dimensions: ['date', 'country', 'os'] }, 'stats_geo_daily'],
];

/**
 * A report's rows without the `<dimension>_name` fields. The plan, strategy and creative ids
 * of these tests' stats rows name no row of theirs: on the shared PostgreSQL database another
 * file may create the plan or creative an id names between two reads, and the name both
 * reads join from it would then differ. Names are looked up after the sums, whichever table
 * gave them (names.ts), so they are not the rollups' to keep equal.
 */
function unnamed(report: ReportResult): ReportResult {
  const strip = (row: ReportRow): ReportRow =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('_name')));
  return { ...report, list: report.list.map(strip), totals: strip(report.totals) };
}

/** Every ROLLUP_VIEWS view answers, through its rollup, what stats_hourly answers. */
async function expectRollupsAgree(scope: StatsScope, range: Partial<StatsView>): Promise<void> {
  for (const [changes, table] of ROLLUP_VIEWS) {
    const rolled = view({ ...range, ...changes });
    expect(chooseSource(rolled, scope).table, JSON.stringify(changes)).toBe(table);
    expect(chooseSource(onHourly(rolled), scope).table).toBe('stats_hourly');
    const paging = { page: 1, size: 500 };
    const fromRollup = await runReport(t.db, scope, rolled, paging);
    const fromHourly = await runReport(t.db, scope, onHourly(rolled), paging);
    expect(unnamed(fromRollup), JSON.stringify(changes)).toEqual(unnamed(fromHourly));
  }
  if (scope.kind === 'advertisers') {
    for (const id of scope.ids) await expectRunningTotals(id);
  }
}

/** The views the supply side's rollups serve, each with the table that should serve it. */
const SUPPLY_VIEWS: readonly [Partial<StatsView>, string][] = [
  [{ dimensions: ['slot', 'hour'] }, 'stats_slot_daily'],
  [{ dimensions: ['date', 'slot', 'hour'] }, 'stats_slot_daily'],
  [
    {
      dimensions: ['dsp', 'hour'],
      filters: [{ dimension: 'hour', mode: 'exclude', values: ['23'] }],
    },
    'stats_slot_daily',
  ],
  // Only clicks asked: an hour with requests and no click is still a row.
  [{ dimensions: ['media', 'hour'], metrics: ['click'] }, 'stats_slot_daily'],
  [
    {
      dimensions: ['slot'],
      filters: [{ dimension: 'hour', mode: 'include', values: ['0', '5'] }],
    },
    'stats_slot_daily',
  ],
  [{ dimensions: ['date', 'media'] }, 'stats_supply_daily'],
  [{ dimensions: ['app'] }, 'stats_supply_daily'],
  [{ dimensions: ['date', 'slot', 'dsp', 'app'] }, 'stats_supply_daily'],
];

/** Every SUPPLY_VIEWS view answers, through its rollup, what stats_hourly answers. */
async function expectSupplyRollupsAgree(
  scope: StatsScope,
  range: Partial<StatsView>,
): Promise<void> {
  for (const [changes, table] of SUPPLY_VIEWS) {
    const rolled = view({
      metrics: ['request', 'fill', 'imp', 'click', 'income'],
      ...range,
      ...changes,
    });
    expect(chooseSource(rolled, scope).table, JSON.stringify(changes)).toBe(table);
    const hourly = {
      ...rolled,
      filters: [
        ...rolled.filters,
        { dimension: 'country' as const, mode: 'exclude' as const, values: ['ZZ'] },
      ],
    };
    expect(chooseSource(hourly, scope).table).toMatch(/^stats_(hourly|daily)$/);
    const paging = { page: 1, size: 500 };
    const fromRollup = await runReport(t.db, scope, rolled, paging);
    const fromHourly = await runReport(t.db, scope, hourly, paging);
    expect(fromRollup.list.length, JSON.stringify(changes)).toBeGreaterThan(0);
    expect(fromRollup, JSON.stringify(changes)).toEqual(fromHourly);
  }
}

const sameCreativeKey = (left: string, right: string) =>
  sql.raw(CREATIVE_RUNNING.keys.map((key) => `${left}."${key}" = ${right}."${key}"`).join(' and '));

/**
 * stats_creative_running holds, for each of the advertiser's keys and each day it counted,
 * stats_creative_daily's sums up to the end of that day (stats/running.ts).
 */
async function expectRunningTotals(advertiserId: number): Promise<void> {
  const sums = sql.raw(
    HOUR_COLUMNS.map((column) => `coalesce(sum(d."${column}"), 0) as "${column}"`).join(', '),
  );
  const differs = sql.raw(
    HOUR_COLUMNS.map((column) => `r."${column}" <> e."${column}"`).join(' or '),
  );
  const [found] = await selectRows<{ wrong: number; missing: number }>(
    t.db,
    sql`select
      (select count(*) from stats_creative_running r
        cross join lateral (select ${sums} from stats_creative_daily d
          where ${sameCreativeKey('d', 'r')} and d.day <= r.day) e
        where r.advertiser_id = ${advertiserId} and (${differs}))::int as wrong,
      (select count(*) from stats_creative_daily d
        where d.advertiser_id = ${advertiserId} and not exists (
          select 1 from stats_creative_running r where ${sameCreativeKey('r', 'd')} and r.day = d.day))::int
        as missing`,
  );
  expect(found).toEqual({ wrong: 0, missing: 0 });
}

describe('the rollup triggers', () => {
  it('keep the narrow rollups answering what stats_hourly answers', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const scope: StatsScope = { kind: 'advertisers', ids: [user.id] };
    const row = (hour: string, values: Record<string, number | string>) =>
      buildStatsRow(t.db, { hour: new Date(hour), advertiserId: user.id, ...values });
    await row('2025-08-01T05:00:00Z', {
      planId: 1,
      strategyId: 3,
      creativeId: 11,
      country: 'US',
      os: 1,
      requests: 9,
      impressions: 90,
      clicks: 2,
      cost: 500,
    });
    await row('2025-08-01T05:00:00Z', {
      planId: 1,
      strategyId: 3,
      creativeId: 11,
      country: 'DE',
      os: 2,
      slotId: 4,
      impressions: 30,
      cost: 100,
    });
    // A creative serves every strategy that lists it: one creative, two keys of the rollups.
    await row('2025-08-01T05:00:00Z', {
      planId: 2,
      strategyId: 5,
      creativeId: 11,
      country: 'US',
      os: 1,
      impressions: 7,
      clicks: 1,
      cost: 40,
    });
    await row('2025-08-01T23:00:00Z', {
      planId: 1,
      strategyId: 3,
      creativeId: 12,
      country: 'US',
      os: 1,
      impressions: 40,
      clicks: 1,
      cost: 300,
    });
    await row('2025-08-02T00:00:00Z', {
      planId: 2,
      strategyId: 5,
      creativeId: 21,
      country: 'FR',
      os: 1,
      requests: 3,
      impressions: 20,
      income: 70,
    });
    await row('2025-08-02T05:00:00Z', {
      planId: 2,
      strategyId: 5,
      creativeId: 21,
      country: 'FR',
      os: 1,
      impressions: 15,
      clicks: 3,
      cost: 90,
    });
    const range = { from: '2025-08-01', to: '2025-08-02' };
    // The whole range, each day alone (the running totals' difference of two rows) and a wider one.
    const ranges = [
      range,
      { from: '2025-08-01', to: '2025-08-01' },
      { from: '2025-08-02', to: '2025-08-02' },
      { from: '2025-07-30', to: '2025-08-05' },
    ];
    for (const each of ranges) await expectRollupsAgree(scope, each);

    // A late event, a correction and a removal of closed hours reach the rollups too.
    await row('2025-08-01T05:00:00Z', {
      planId: 1,
      strategyId: 3,
      creativeId: 11,
      country: 'US',
      os: 1,
      appVersion: '2.0',
      impressions: 7,
      clicks: 1,
      cost: 60,
    });
    await t.db.execute(
      sql`update stats_hourly set clicks = clicks + 5, cost = cost + 10
          where advertiser_id = ${user.id} and creative_id = 12`,
    );
    await t.db.execute(
      sql`delete from stats_hourly where advertiser_id = ${user.id} and country = 'DE'`,
    );
    await t.db.execute(
      sql`update stats_hourly set impressions = 0, clicks = 0, cost = 0
          where advertiser_id = ${user.id} and hour = '2025-08-02T05:00:00Z'`,
    );
    const [creative] = await selectRows<{ rows: number; hours: number }>(
      t.db,
      sql`select count(*)::int as rows, bit_or(hours)::int as hours from stats_creative_daily
          where advertiser_id = ${user.id} and creative_id = 21`,
    );
    // Creative 21's 05:00 emptied: only its midnight hour is left.
    expect(creative).toEqual({ rows: 1, hours: 1 });
    const geo = await selectRows<{ country: string }>(
      t.db,
      sql`select country from stats_geo_daily where advertiser_id = ${user.id} order by 1`,
    );
    expect(geo.map((item) => item.country)).toEqual(['FR', 'US']);
    // The rollups drop what sums to zero, stats_hourly keeps the row it updated: without it,
    // every table answers alike.
    await t.db.execute(
      sql`delete from stats_hourly where advertiser_id = ${user.id} and impressions = 0`,
    );
    for (const each of ranges) await expectRollupsAgree(scope, each);
  });

  it('keep the supply rollups answering what stats_hourly answers', async () => {
    const owner = await buildUser(t.db);
    const publisher = await buildMedia(t.db, owner.id);
    const other = await buildMedia(t.db, owner.id);
    const [banner, feed] = [
      await buildSlot(t.db, publisher.id),
      await buildSlot(t.db, publisher.id),
    ];
    const otherSlot = await buildSlot(t.db, other.id);
    const partner = await buildDsp(t.db);
    const scope: StatsScope = { kind: 'media', ids: [publisher.id] };
    const row = (hour: string, values: Record<string, number | string>) =>
      buildStatsRow(t.db, { hour: new Date(hour), mediaId: publisher.id, ...values });
    // An own ad, an unfilled request, a partner's fill, on two slots and two app versions.
    await row('2025-09-01T05:00:00Z', {
      slotId: banner.id,
      advertiserId: owner.id,
      creativeId: 11,
      appVersion: '1.0',
      requests: 9,
      fills: 8,
      impressions: 7,
      clicks: 2,
      income: 500,
    });
    await row('2025-09-01T05:00:00Z', { slotId: banner.id, appVersion: '1.0', requests: 4 });
    await row('2025-09-01T23:00:00Z', {
      slotId: feed.id,
      dspId: partner.id,
      appVersion: '2.1',
      requests: 6,
      fills: 5,
      impressions: 5,
      clicks: 1,
      income: 300,
    });
    await row('2025-09-02T00:00:00Z', {
      slotId: feed.id,
      advertiserId: owner.id,
      creativeId: 12,
      country: 'FR',
      appVersion: '2.1',
      requests: 3,
      fills: 3,
      impressions: 2,
      income: 70,
    });
    // Another media's traffic: never in the publisher's reports.
    await buildStatsRow(t.db, {
      hour: new Date('2025-09-01T05:00:00Z'),
      mediaId: other.id,
      slotId: otherSlot.id,
      requests: 50,
      impressions: 40,
    });
    const ranges = [
      { from: '2025-09-01', to: '2025-09-02' },
      { from: '2025-09-02', to: '2025-09-02' },
      { from: '2025-08-30', to: '2025-09-05' },
    ];
    for (const each of ranges) await expectSupplyRollupsAgree(scope, each);

    // A late event, a correction and a removal of closed hours reach the rollups too.
    await row('2025-09-01T05:00:00Z', {
      slotId: banner.id,
      advertiserId: owner.id,
      creativeId: 11,
      country: 'DE',
      appVersion: '1.0',
      impressions: 3,
      clicks: 1,
      income: 60,
    });
    await t.db.execute(
      sql`update stats_hourly set clicks = clicks + 5, income = income + 10
          where media_id = ${publisher.id} and slot_id = ${feed.id} and dsp_id = ${partner.id}`,
    );
    await t.db.execute(
      sql`update stats_hourly set requests = 0, fills = 0, impressions = 0, clicks = 0, income = 0
          where media_id = ${publisher.id} and hour = '2025-09-02T00:00:00Z'`,
    );
    const [slotRows] = await selectRows<{ rows: number; hours: number }>(
      t.db,
      sql`select count(*)::int as rows, bit_or(hours)::int as hours from stats_slot_daily
          where media_id = ${publisher.id} and slot_id = ${feed.id}`,
    );
    // The feed's midnight hour of the 2nd emptied: only its 23:00 of the 1st is left.
    expect(slotRows).toEqual({ rows: 1, hours: 2 ** 23 });
    const apps = await selectRows<{ app: string }>(
      t.db,
      sql`select distinct app_version as app from stats_supply_daily
          where media_id = ${publisher.id} order by 1`,
    );
    expect(apps.map((item) => item.app)).toEqual(['1.0', '2.1']);
    // A removal; then the hourly row the update left at zero (the rollups drop it, stats_hourly
    // keeps it): without it, every table answers alike.
    await t.db.execute(
      sql`delete from stats_hourly where media_id = ${publisher.id} and slot_id = ${banner.id}
          and advertiser_id = 0`,
    );
    await t.db.execute(
      sql`delete from stats_hourly where media_id = ${publisher.id} and requests = 0`,
    );
    // The 2nd has nothing left.
    for (const each of ranges.filter((range) => range.from !== '2025-09-02')) {
      await expectSupplyRollupsAgree(scope, each);
    }
  });

  it('keep every table summing to the same numbers through upserts, updates and deletes', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const scope: StatsScope = { kind: 'advertisers', ids: [user.id] };
    const row = (hour: string, values: Record<string, number | string>) =>
      buildStatsRow(t.db, { hour: new Date(hour), advertiserId: user.id, ...values });
    await row('2025-06-01T05:00:00Z', {
      planId: 1,
      creativeId: 11,
      country: 'US',
      requests: 10,
      impressions: 100,
      clicks: 3,
      cost: 700,
    });
    await row('2025-06-01T23:00:00Z', {
      planId: 1,
      creativeId: 12,
      country: 'DE',
      requests: 20,
      impressions: 50,
      clicks: 1,
      cost: 300,
    });
    await row('2025-06-02T00:00:00Z', {
      planId: 2,
      creativeId: 21,
      country: 'US',
      requests: 5,
      impressions: 40,
      clicks: 2,
      cost: 900,
      income: 1000,
    });
    // The delivery flush's upsert adds to an existing row.
    await t.db.execute(sql`
      insert into stats_hourly (hour, advertiser_id, plan_id, creative_id, country, impressions, cost)
      values ('2025-06-01T05:00:00Z', ${user.id}, 1, 11, 'US', 10, 100), ('2025-06-02T07:00:00Z', ${user.id}, 2, 21, 'US', 5, 50)
      on conflict on constraint stats_hourly_pkey do update set
        impressions = stats_hourly.impressions + excluded.impressions, cost = stats_hourly.cost + excluded.cost`);
    await t.db.execute(
      sql`update stats_hourly set clicks = clicks + 4 where advertiser_id = ${user.id} and creative_id = 12`,
    );
    await t.db.execute(
      sql`delete from stats_hourly where advertiser_id = ${user.id} and hour = '2025-06-02T07:00:00Z'`,
    );

    // By hand: day 1 = 10+20 requests, 110+50 imp, 3+5 clicks, 800+300 cost; day 2 = 5, 40, 2, 900.
    const expected = [
      {
        date: '2025-06-01',
        request: 30,
        imp: 160,
        click: 8,
        cost: 1100,
        income: 0,
        ctr: 8 / 160,
        cpm: 6875,
      },
      {
        date: '2025-06-02',
        request: 5,
        imp: 40,
        click: 2,
        cost: 900,
        income: 1000,
        ctr: 2 / 40,
        cpm: 22500,
      },
    ];
    const byDate = await runReport(t.db, scope, view({ dimensions: ['date'] }), {
      page: 1,
      size: 100,
    });
    expect(byDate.list).toEqual(expected);
    // The same days through stats_creative_daily (creative; creative and hour), stats_hourly
    // (creative, hour and slot) and stats_geo_daily (country).
    for (const dimensions of [
      ['date', 'creative'],
      ['date', 'creative', 'hour'],
      ['date', 'creative', 'hour', 'slot'],
      ['date', 'country'],
    ] as const) {
      const grouped = await runReport(t.db, scope, view({ dimensions: [...dimensions] }), {
        page: 1,
        size: 100,
      });
      const byDay = new Map<
        string,
        { request: number; imp: number; click: number; cost: number }
      >();
      for (const item of grouped.list) {
        const sums = byDay.get(String(item.date)) ?? { request: 0, imp: 0, click: 0, cost: 0 };
        sums.request += Number(item.request);
        sums.imp += Number(item.imp);
        sums.click += Number(item.click);
        sums.cost += Number(item.cost);
        byDay.set(String(item.date), sums);
      }
      expect([...byDay.entries()]).toEqual(
        expected.map(({ date, request, imp, click, cost }) => [
          date,
          { request, imp, click, cost },
        ]),
      );
      expect(grouped.totals).toEqual(byDate.totals);
    }

    // The deleted hour leaves no row behind in the plan rollup.
    const planRows = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from stats_plan_hourly where advertiser_id = ${user.id}`,
    );
    expect(planRows[0]?.n).toBe(3);
  });

  it('drops the rollup rows an update leaves at zero, and only those', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const rollupRows = async () => {
      const [daily] = await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from stats_daily where advertiser_id = ${user.id}`,
      );
      const [plans] = await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from stats_plan_hourly where advertiser_id = ${user.id}`,
      );
      const [creatives] = await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from stats_creative_daily where advertiser_id = ${user.id}`,
      );
      const [geo] = await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from stats_geo_daily where advertiser_id = ${user.id}`,
      );
      return { daily: daily?.n, plans: plans?.n, creatives: creatives?.n, geo: geo?.n };
    };
    for (const planId of [1, 2]) {
      await buildStatsRow(t.db, {
        hour: new Date('2025-07-01T05:00:00Z'),
        advertiserId: user.id,
        planId,
        requests: 4,
        clicks: 1,
      });
    }
    expect(await rollupRows()).toEqual({ daily: 2, plans: 2, creatives: 2, geo: 1 });
    // Lowered but not emptied: both rollups keep their rows.
    await t.db.execute(
      sql`update stats_hourly set requests = 1 where advertiser_id = ${user.id} and plan_id = 1`,
    );
    expect(await rollupRows()).toEqual({ daily: 2, plans: 2, creatives: 2, geo: 1 });
    // Emptied: plan 1's rows go from both rollups, plan 2's stay.
    await t.db.execute(
      sql`update stats_hourly set requests = 0, clicks = 0 where advertiser_id = ${user.id} and plan_id = 1`,
    );
    expect(await rollupRows()).toEqual({ daily: 1, plans: 1, creatives: 1, geo: 1 });
  });
});

/**
 * Two transactions writing closed hours of one creative at once: one of them gives the creative
 * a row for a new day while the other adds to another day. On PostgreSQL only: PGlite's one
 * connection never runs two transactions at once.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'late writes to one creative at once',
  () => {
    /** Whether a transaction waits on a running totals' key lock (stats/running.ts). */
    const waitingOnKeyLock = async () => {
      const [row] = await selectRows<{ waiting: boolean }>(
        t.db,
        sql`select exists (select 1 from pg_locks where locktype = 'advisory' and not granted
            and classid = ${RUNNING_LOCK_SPACE} and objsubid = 2) as waiting`,
      );
      return row?.waiting === true;
    };

    it.each([
      ['an earlier day, then a new later day', '2025-10-03', '2025-10-05'],
      ['a new later day, then an earlier day', '2025-10-05', '2025-10-03'],
    ])('keep the running totals whole: %s', async (_order, firstDay, secondDay) => {
      const user = await buildUser(t.db, { ability: ADVERTISER });
      const lateWrite = (day: string, clicks: number) =>
        sql`insert into stats_hourly (hour, advertiser_id, plan_id, strategy_id, creative_id,
            impressions, clicks)
          values (${new Date(`${day}T06:00:00Z`)}, ${user.id}, 1, 2, 3, 10, ${clicks})`;
      await t.db.execute(lateWrite('2025-10-01', 1));

      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let firstWritten: () => void = () => undefined;
      const written = new Promise<void>((resolve) => {
        firstWritten = resolve;
      });
      const first = t.db.transaction(async (tx) => {
        await tx.execute(lateWrite(firstDay, 2));
        firstWritten();
        await held;
      });
      await written;
      let secondDone = false;
      const second = t.db
        .transaction(async (tx) => {
          await tx.execute(lateWrite(secondDay, 4));
        })
        .finally(() => {
          secondDone = true;
        });
      // The second write runs while the first is uncommitted, up to its end or to a key lock.
      while (!secondDone && !(await waitingOnKeyLock())) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await Promise.all([first, second]);

      await expectRunningTotals(user.id);
      await expectRollupsAgree(
        { kind: 'advertisers', ids: [user.id] },
        { from: '2025-10-01', to: '2025-10-06' },
      );
    });
  },
);

describe('closing hours', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  /** Requests, impressions and cost by date of the user's rows, through stats_daily's source. */
  const byDate = async (scope: StatsScope, from: string, to: string) => {
    const result = await runReport(
      t.db,
      scope,
      view({ dimensions: ['date', 'creative'], metrics: ['request', 'imp', 'cost'], from, to }),
      { page: 1, size: 100 },
    );
    return result.list.map(({ date, creative, request, imp, cost }) => ({
      date,
      creative,
      request,
      imp,
      cost,
    }));
  };
  const dailyRequests = async (userId: number) => {
    const [row] = await selectRows<{ rows: number; requests: number }>(
      t.db,
      sql`select count(*)::int as rows, coalesce(sum(requests), 0)::int as requests
          from stats_daily where advertiser_id = ${userId}`,
    );
    return row;
  };
  const creativeHours = async (userId: number) => {
    const [row] = await selectRows<{ rows: number; hours: number | null; requests: number }>(
      t.db,
      sql`select count(*)::int as rows, bit_or(hours)::int as hours,
            coalesce(sum(requests), 0)::int as requests
          from stats_creative_daily where advertiser_id = ${userId}`,
    );
    return row;
  };
  /** A day from the first open hour on: every hour of it is open. */
  const openDay = async () => Math.ceil((await openFrom(t.db)) / DAY) * DAY;

  it('reads open hours from stats_hourly, adds an hour once it closed, and keeps it added', async () => {
    const reopenAt = await openFrom(t.db);
    const open = await openDay();
    const day = new Date(open).toISOString().slice(0, 10);
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const scope: StatsScope = { kind: 'advertisers', ids: [user.id] };
    try {
      for (const [hour, requests] of [
        [2, 5],
        [23, 7],
      ] as const) {
        await buildStatsRow(t.db, {
          hour: new Date(open + hour * HOUR),
          advertiserId: user.id,
          creativeId: 4,
          requests,
          impressions: requests * 10,
          cost: requests * 100,
        });
      }
      const expected = [{ date: day, creative: 4, request: 12, imp: 120, cost: 1200 }];
      // Open: nothing in stats_daily, the report counts it all the same.
      expect(await dailyRequests(user.id)).toEqual({ rows: 0, requests: 0 });
      expect(await byDate(scope, day, day)).toEqual(expected);
      await expectRollupsAgree(scope, { from: day, to: day });

      // Hour 2 closes at 03:00: the day's row holds it, the report still reads hour 23 apart.
      expect(await foldClosedHours(t.db, open + 3 * HOUR - 1)).toBeGreaterThanOrEqual(0);
      expect(await dailyRequests(user.id)).toEqual({ rows: 0, requests: 0 });
      expect(await foldClosedHours(t.db, open + 3 * HOUR + 60_000)).toBeGreaterThanOrEqual(1);
      expect(await openFrom(t.db)).toBe(open + 3 * HOUR);
      expect(await dailyRequests(user.id)).toEqual({ rows: 1, requests: 5 });
      expect(await creativeHours(user.id)).toEqual({ rows: 1, hours: 2 ** 2, requests: 5 });
      expect(await byDate(scope, day, day)).toEqual(expected);
      await expectRollupsAgree(scope, { from: day, to: day });

      // The rest once the day is over, once.
      expect(await foldClosedHours(t.db, open + DAY + 60_000)).toBe(21);
      expect(await foldClosedHours(t.db, open + DAY + 120_000)).toBe(0);
      expect(await dailyRequests(user.id)).toEqual({ rows: 1, requests: 12 });
      expect(await creativeHours(user.id)).toEqual({
        rows: 1,
        hours: 2 ** 2 + 2 ** 23,
        requests: 12,
      });
      expect(await byDate(scope, day, day)).toEqual(expected);
      await expectRollupsAgree(scope, { from: day, to: day });

      // A late write to a closed hour reaches stats_daily through the trigger.
      await t.db.execute(
        sql`update stats_hourly set requests = requests + 1
            where advertiser_id = ${user.id} and hour = ${new Date(open + 2 * HOUR)}`,
      );
      expect(await byDate(scope, day, day)).toEqual([{ ...expected[0], request: 13 }]);
      expect(await dailyRequests(user.id)).toEqual({ rows: 1, requests: 13 });
      expect(await creativeHours(user.id)).toEqual({
        rows: 1,
        hours: 2 ** 2 + 2 ** 23,
        requests: 13,
      });
      await expectRollupsAgree(scope, { from: day, to: day });
    } finally {
      await reopenDays(t.db, reopenAt);
    }
    // Reopened: the day is read from stats_hourly again, with the same numbers.
    expect(await dailyRequests(user.id)).toEqual({ rows: 0, requests: 0 });
    expect(await byDate(scope, day, day)).toEqual([
      { date: day, creative: 4, request: 13, imp: 120, cost: 1200 },
    ]);
    expect(await creativeHours(user.id)).toEqual({ rows: 0, hours: null, requests: 0 });
    await expectRollupsAgree(scope, { from: day, to: day });
  });

  it('counts a write to an hour being closed exactly once, whichever finishes first', async () => {
    const reopenAt = await openFrom(t.db);
    const open = await openDay();
    const user = await buildUser(t.db, { ability: ADVERTISER });
    await buildStatsRow(t.db, { hour: new Date(open + HOUR), advertiserId: user.id, requests: 1 });
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let folded = false;
      // A flush writing to the hour holds it; the fold waits for it, then adds its row too.
      const writing = t.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into stats_hourly (hour, advertiser_id, requests)
              values (${new Date(open + 5 * HOUR)}, ${user.id}, 2)`,
        );
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const folding = foldClosedHours(t.db, open + DAY + 60_000).then(() => {
        folded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(folded).toBe(false);
      release();
      await Promise.all([writing, folding]);
      expect(await dailyRequests(user.id)).toEqual({ rows: 1, requests: 3 });
    } finally {
      await reopenDays(t.db, reopenAt);
    }
  });
});
