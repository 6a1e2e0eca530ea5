import {
  Platform,
  messageText,
  ABILITY_ALL,
  REPORT_MESSAGES,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSession, buildStatsRow, buildUser } from '../../test/factories.js';
import { api, type ApiResult } from '../../test/http.js';
import {
  ADVERTISER,
  ALL_METRICS,
  DAYS,
  seedReportFixture,
  sumsOf,
  type FixtureRow,
  type ReportFixture,
} from './test-kit.js';

let t: TestApp;
let f: ReportFixture;
let tokens: { a: string; b: string; agent: string; system: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db, 'U');
  const system = await buildUser(t.db, { ability: ABILITY_ALL });
  tokens = {
    a: await buildSession(t.db, f.a.user.id),
    b: await buildSession(t.db, f.b.user.id),
    agent: await buildSession(t.db, f.agent.id),
    system: await buildSession(t.db, system.id),
  };
});
afterAll(async () => {
  await t.close();
});

const RANGE = { from: DAYS[0], to: DAYS[2] };

function post(token: string, body: ReportQuery, url = '/svc/report/query') {
  return api<ReportResult>(t.app, { method: 'POST', url, token, body });
}

async function report(token: string, body: Partial<ReportQuery>): Promise<ReportResult> {
  const result = await post(token, { ...RANGE, metrics: [...ALL_METRICS], size: 500, ...body });
  expect(result.body, JSON.stringify(result.body)).toMatchObject({ code: 200 });
  return result.body.data;
}

function fieldsOf(result: ApiResult): { path: string; message: string }[] {
  expect(result).toMatchObject({ status: 400, body: { code: -120 } });
  return (result.body.data as { fields: { path: string; message: string }[] }).fields;
}

/** The oracle's rows for a grouping: each group's keys and its sums, keys in ascending order. */
function groups(
  rows: readonly FixtureRow[],
  keys: Record<string, (row: FixtureRow) => string | number>,
): ReportRow[] {
  const byKey = new Map<string, FixtureRow[]>();
  for (const row of rows) {
    const key = JSON.stringify(Object.values(keys).map((of) => of(row)));
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const names = Object.keys(keys);
  return [...byKey.entries()]
    .map(([key, members]) => {
      const values = JSON.parse(key) as (string | number)[];
      return {
        ...Object.fromEntries(names.map((name, i) => [name, values[i] ?? null])),
        ...sumsOf(members),
      };
    })
    .sort((x, y) => {
      for (const name of names) {
        const [l, r] = [x[name] ?? '', y[name] ?? ''];
        if (l < r) return -1;
        if (l > r) return 1;
      }
      return 0;
    });
}

/** Rows as compared: names dropped, ratios to 12 places (float sums in two engines). */
function comparable(rows: readonly ReportRow[]): ReportRow[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => !key.endsWith('_name'))
        .map(([key, value]) => [
          key,
          typeof value === 'number' ? Number(value.toFixed(12)) : value,
        ]),
    ),
  );
}

const ofA = () => f.rows.filter((row) => row.advertiserId === f.a.user.id);

describe('POST /svc/report/query: sums and metrics', () => {
  it("answers an advertiser's days with every metric, hand-computed, and the totals row", async () => {
    const data = await report(tokens.a, { dimensions: ['date'] });
    expect(data.total).toBe(3);
    expect(data.list).toEqual([
      {
        date: '2025-03-01',
        request: 4200,
        fill: 2000,
        fr: 2000 / 4200,
        imp: 1640,
        ir: 1640 / 2000,
        click: 22,
        ctr: 22 / 1640,
        cost: 4_500_000,
        income: 6_500_000,
        cpc: 204_545,
        cpm: 2_743_902,
      },
      {
        date: '2025-03-02',
        request: 8200,
        fill: 2000,
        fr: 2000 / 8200,
        imp: 1680,
        ir: 0.84,
        click: 22,
        ctr: 22 / 1680,
        cost: 4_500_000,
        income: 6_500_000,
        cpc: 204_545,
        cpm: 2_678_571,
      },
      {
        date: '2025-03-03',
        request: 12200,
        fill: 2000,
        fr: 2000 / 12200,
        imp: 1720,
        ir: 0.86,
        click: 22,
        ctr: 22 / 1720,
        cost: 4_500_000,
        income: 6_500_000,
        cpc: 204_545,
        cpm: 2_616_279,
      },
    ]);
    // Ratios of the sums (6000 / 24600), never the mean of the daily ratios.
    expect(data.totals).toEqual({
      request: 24600,
      fill: 6000,
      fr: 6000 / 24600,
      imp: 5040,
      ir: 5040 / 6000,
      click: 66,
      ctr: 66 / 5040,
      cost: 13_500_000,
      income: 19_500_000,
      cpc: 204_545,
      cpm: 2_678_571,
    });
    expect(data.totals).toEqual(sumsOf(ofA()));
  });

  it('answers only the chosen metrics, in rows and totals', async () => {
    const data = await report(tokens.a, { dimensions: ['date'], metrics: ['click', 'ctr'] });
    expect(Object.keys(data.list[0] ?? {}).sort()).toEqual(['click', 'ctr', 'date']);
    expect(Object.keys(data.totals).sort()).toEqual(['click', 'ctr']);
  });

  it('rounds money per click and per mille half up, and answers null over a zero sum', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const hour = new Date(`${DAYS[0]}T10:00:00Z`);
    // cost 5 / 2 clicks = 2.5 → 3; 1 × 1000 / 2000 impressions = 0.5 → 1.
    await buildStatsRow(t.db, { hour, advertiserId: user.id, planId: 1, cost: 5, clicks: 2 });
    await buildStatsRow(t.db, {
      hour,
      advertiserId: user.id,
      planId: 2,
      cost: 1,
      impressions: 2000,
    });
    await buildStatsRow(t.db, { hour, advertiserId: user.id, planId: 3 });
    const data = await report(await buildSession(t.db, user.id), { dimensions: ['plan'] });
    expect(
      data.list.map(({ plan, cpc, cpm, fr, ir, ctr }) => ({ plan, cpc, cpm, fr, ir, ctr })),
    ).toEqual([
      { plan: 1, cpc: 3, cpm: null, fr: null, ir: null, ctr: null },
      { plan: 2, cpc: null, cpm: 1, fr: null, ir: null, ctr: 0 },
      { plan: 3, cpc: null, cpm: null, fr: null, ir: null, ctr: null },
    ]);
  });

  it('answers one totals-only row without dimensions, zeros and nulls when nothing matches', async () => {
    const data = await report(tokens.a, { dimensions: [] });
    expect(data.list).toEqual([sumsOf(ofA())]);
    expect(data.total).toBe(1);
    const empty = await report(tokens.a, {
      dimensions: ['date'],
      from: '2020-01-01',
      to: '2020-01-31',
    });
    expect(empty).toMatchObject({ list: [], total: 0 });
    expect(empty.totals).toEqual(sumsOf([]));
  });
});

describe('POST /svc/report/query: every dimension', () => {
  const both = () => f.rows;

  it.each([
    ['hour', { hour: (row: FixtureRow) => row.hour }],
    ['advertiser', { advertiser: (row: FixtureRow) => row.advertiserId }],
    ['plan', { plan: (row: FixtureRow) => row.planId }],
    ['strategy', { strategy: (row: FixtureRow) => row.strategyId }],
    ['creative', { creative: (row: FixtureRow) => row.creativeId }],
    ['country', { country: (row: FixtureRow) => row.country }],
    ['os', { os: (row: FixtureRow) => row.os }],
    ['app', { app: (row: FixtureRow) => row.appVersion }],
  ] as const)('groups the agent’s users’ rows by %s', async (dimension, keys) => {
    const data = await report(tokens.agent, { dimensions: [dimension] });
    expect(comparable(data.list)).toEqual(comparable(groups(both(), keys)));
    expect(data.totals).toEqual(sumsOf(both()));
  });

  it('groups by several dimensions at once (date, hour, advertiser, country)', async () => {
    const data = await report(tokens.agent, {
      dimensions: ['date', 'hour', 'advertiser', 'country'],
    });
    expect(data.total).toBe(24);
    expect(comparable(data.list)).toEqual(
      comparable(
        groups(both(), {
          date: (row) => row.day,
          hour: (row) => row.hour,
          advertiser: (row) => row.advertiserId,
          country: (row) => row.country,
        }),
      ),
    );
  });

  it('names advertisers, plans, strategies, creatives and countries', async () => {
    const data = await report(tokens.agent, {
      dimensions: ['advertiser', 'plan', 'strategy', 'creative', 'country'],
      metrics: ['imp'],
    });
    const rowOfA = data.list.find((row) => row.advertiser === f.a.user.id);
    expect(rowOfA).toMatchObject({
      advertiser_name: `Nick ${f.a.user.username}`,
      plan: f.a.planId,
      strategy: f.a.strategyId,
      creative: f.a.creativeId,
      country: f.countries[0]?.code,
      country_name: f.countries[0]?.name,
    });
    expect(rowOfA?.plan_name).toMatch(/^Plan /);
    expect(rowOfA?.strategy_name).toMatch(/^Strategy /);
    expect(rowOfA?.creative_name).toMatch(/^Creative /);
  });

  it('groups the supply side by media, slot and DSP with their names (system, supply scope)', async () => {
    const mediaIds = f.media.map((media) => String(media.id));
    const data = await report(tokens.system, {
      scope: 'supply',
      dimensions: ['media', 'slot', 'dsp'],
      filters: [{ dimension: 'media', mode: 'include', values: mediaIds }],
    });
    const all = [...f.rows, ...f.supplyRows];
    expect(comparable(data.list)).toEqual(
      comparable(
        groups(all, {
          media: (row) => row.mediaId,
          slot: (row) => row.slotId,
          dsp: (row) => row.dspId,
        }),
      ),
    );
    expect(data.totals).toEqual(sumsOf(all));
    const first = f.media[0];
    expect(data.list.find((row) => row.dsp === f.dsp.id)).toMatchObject({
      media_name: first?.name,
      slot_name: first?.slotName,
      dsp_name: f.dsp.name,
    });
    // No DSP: id 0, no name.
    expect(data.list.find((row) => row.dsp === 0 && row.media === first?.id)?.dsp_name).toBeNull();
  });
});

describe('POST /svc/report/query: filters, sort, paging, range', () => {
  it('includes and excludes values, ANDed together', async () => {
    const [first] = f.countries;
    const data = await report(tokens.agent, {
      dimensions: ['advertiser'],
      filters: [
        { dimension: 'country', mode: 'include', values: [first?.code.toLowerCase() ?? ''] },
        { dimension: 'advertiser', mode: 'exclude', values: [String(f.b.user.id)] },
        { dimension: 'hour', mode: 'include', values: ['15'] },
        { dimension: 'date', mode: 'include', values: [DAYS[0], DAYS[2]] },
      ],
    });
    const expected = f.rows.filter(
      (row) =>
        row.country === first?.code &&
        row.advertiserId !== f.b.user.id &&
        row.hour === 15 &&
        (row.day === DAYS[0] || row.day === DAYS[2]),
    );
    expect(expected).toHaveLength(2);
    expect(comparable(data.list)).toEqual(
      comparable(groups(expected, { advertiser: (row) => row.advertiserId })),
    );
    expect(data.totals).toEqual(sumsOf(expected));
  });

  it('filters by plan, strategy, creative, os and app version', async () => {
    const data = await report(tokens.agent, {
      dimensions: ['date'],
      filters: [
        { dimension: 'plan', mode: 'include', values: [String(f.b.planId)] },
        { dimension: 'strategy', mode: 'include', values: [String(f.b.strategyId)] },
        { dimension: 'creative', mode: 'include', values: [String(f.b.creativeId)] },
        { dimension: 'os', mode: 'exclude', values: ['1'] },
        { dimension: 'app', mode: 'exclude', values: ['2.0'] },
      ],
    });
    const expected = f.rows.filter(
      (row) => row.planId === f.b.planId && row.os !== 1 && row.appVersion !== '2.0',
    );
    expect(data.totals).toEqual(sumsOf(expected));
    expect(data.list.map((row) => row.date)).toEqual([DAYS[0], DAYS[1]]);
  });

  it('sorts by a metric (ties by the dimensions) and pages through the same order', async () => {
    const expected = groups(f.rows, {
      date: (row) => row.day,
      hour: (row) => row.hour,
      advertiser: (row) => row.advertiserId,
      country: (row) => row.country,
    });
    // A stable sort keeps the dimension order among equal costs.
    expected.sort((x, y) => Number(y.cost) - Number(x.cost));
    const pages: ReportRow[] = [];
    for (const page of [1, 2, 3]) {
      const data = await report(tokens.agent, {
        dimensions: ['date', 'hour', 'advertiser', 'country'],
        sort: 'cost',
        order: 'desc',
        page,
        size: 10,
      });
      expect(data).toMatchObject({ total: 24, page, size: 10 });
      pages.push(...data.list);
    }
    expect(comparable(pages)).toEqual(comparable(expected));
    const beyond = await report(tokens.agent, { dimensions: ['date'], page: 2, size: 10 });
    expect(beyond).toMatchObject({ list: [], total: 3 });
  });

  it('sorts by a dimension descending, and by a ratio with nulls last', async () => {
    const byDate = await report(tokens.a, { dimensions: ['date'], sort: 'date', order: 'desc' });
    expect(byDate.list.map((row) => row.date)).toEqual([DAYS[2], DAYS[1], DAYS[0]]);
    const byFr = await report(tokens.a, { dimensions: ['date'], sort: 'fr', order: 'asc' });
    expect(byFr.list.map((row) => row.date)).toEqual([DAYS[2], DAYS[1], DAYS[0]]);
  });

  it('counts UTC days inclusively: 00:00 of the first day to 23:00 of the last', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const at = (iso: string, requests: number) =>
      buildStatsRow(t.db, { hour: new Date(iso), advertiserId: user.id, requests });
    await at('2025-05-09T23:00:00Z', 1);
    await at('2025-05-10T00:00:00Z', 10);
    await at('2025-05-11T23:00:00Z', 100);
    await at('2025-05-12T00:00:00Z', 1000);
    const token = await buildSession(t.db, user.id);
    const data = await report(token, {
      dimensions: ['date', 'hour'],
      metrics: ['request'],
      from: '2025-05-10',
      to: '2025-05-11',
    });
    expect(data.list).toEqual([
      { date: '2025-05-10', hour: 0, request: 10 },
      { date: '2025-05-11', hour: 23, request: 100 },
    ]);
    const oneDay = await report(token, {
      dimensions: [],
      metrics: ['request'],
      from: '2025-05-12',
      to: '2025-05-12',
    });
    expect(oneDay.totals).toEqual({ request: 1000 });
  });
});

describe('POST /svc/report/query: who sees what', () => {
  it('shows an advertiser only its own rows', async () => {
    const data = await report(tokens.a, { dimensions: ['advertiser'] });
    expect(data.list.map((row) => row.advertiser)).toEqual([f.a.user.id]);
    expect(data.totals).toEqual(sumsOf(ofA()));
  });

  it("never widens the scope by a filter: another advertiser's id answers nothing", async () => {
    const data = await report(tokens.a, {
      dimensions: ['date'],
      filters: [{ dimension: 'advertiser', mode: 'include', values: [String(f.b.user.id)] }],
    });
    expect(data).toMatchObject({ list: [], total: 0 });
    expect(data.totals).toEqual(sumsOf([]));
  });

  it('shows an agent its users’ rows, and the acting user’s rows by proxy', async () => {
    const data = await report(tokens.agent, { dimensions: ['advertiser'] });
    expect(data.list.map((row) => row.advertiser)).toEqual([f.a.user.id, f.b.user.id]);
    const proxied = await post(
      tokens.agent,
      { ...RANGE, dimensions: [], metrics: ['cost'] },
      `/svc/report/query?user=${f.a.user.id}`,
    );
    expect(proxied.body.data.totals).toEqual({ cost: sumsOf(ofA()).cost });
  });

  it('shows the system every advertiser (account) and every row (supply)', async () => {
    const advertisers = [String(f.a.user.id), String(f.b.user.id)];
    const account = await report(tokens.system, {
      dimensions: [],
      filters: [{ dimension: 'advertiser', mode: 'include', values: advertisers }],
    });
    expect(account.totals).toEqual(sumsOf(f.rows));
    const mediaIds = f.media.map((media) => String(media.id));
    const accountOnMedia = await report(tokens.system, {
      dimensions: [],
      filters: [{ dimension: 'media', mode: 'include', values: mediaIds }],
    });
    // The account view leaves out rows of no advertiser; the supply view has them.
    expect(accountOnMedia.totals).toEqual(sumsOf(f.rows));
    const supply = await report(tokens.system, {
      scope: 'supply',
      dimensions: [],
      filters: [{ dimension: 'media', mode: 'include', values: mediaIds }],
    });
    expect(supply.totals).toEqual(sumsOf([...f.rows, ...f.supplyRows]));
  });

  it('refuses the supply scope (-110) and supply dimensions (field errors) to advertisers', async () => {
    const supply = await post(tokens.a, { ...RANGE, metrics: ['imp'], scope: 'supply' });
    expect(supply).toMatchObject({ status: 403, body: { code: -110 } });
    const dimensions = await post(tokens.a, {
      ...RANGE,
      metrics: ['imp'],
      dimensions: ['date', 'media'],
      filters: [{ dimension: 'dsp', mode: 'include', values: ['1'] }],
    });
    expect(fieldsOf(dimensions)).toMatchObject([
      { path: 'dimensions.1', message: REPORT_MESSAGES.supplyOnly.en },
      { path: 'filters.0.dimension', message: REPORT_MESSAGES.supplyOnly.en },
    ]);
  });

  it('refuses users without the advertiser or system role (-110)', async () => {
    const slotUser = await buildUser(t.db, { ability: 1 | 4096 });
    const result = await post(await buildSession(t.db, slotUser.id), {
      ...RANGE,
      metrics: ['imp'],
    });
    expect(result).toMatchObject({ status: 403, body: { code: -110 } });
  });
});

describe('POST /svc/report/query: validation names the field', () => {
  it.each([
    [
      'a bad id among filter values',
      { filters: [{ dimension: 'plan', mode: 'include', values: ['12', 'x'] }] },
      'filters.0.values.1',
      REPORT_MESSAGES.id.en,
    ],
    [
      'an hour out of range',
      {
        filters: [
          { dimension: 'country', mode: 'include', values: ['US'] },
          { dimension: 'hour', mode: 'include', values: ['24'] },
        ],
      },
      'filters.1.values.0',
      REPORT_MESSAGES.hour.en,
    ],
    [
      'a country that is not a code',
      { filters: [{ dimension: 'country', mode: 'include', values: ['USA'] }] },
      'filters.0.values.0',
      REPORT_MESSAGES.country.en,
    ],
    [
      'an unknown OS',
      { filters: [{ dimension: 'os', mode: 'exclude', values: ['9'] }] },
      'filters.0.values.0',
      messageText('report.os', 'en', { values: Platform.values.join(', ') }),
    ],
    [
      'a bad day filter',
      { filters: [{ dimension: 'date', mode: 'include', values: ['2025-02-30'] }] },
      'filters.0.values.0',
      REPORT_MESSAGES.day.en,
    ],
    [
      'a sort key not chosen',
      { sort: 'income', metrics: ['imp'] },
      'sort',
      REPORT_MESSAGES.unknownSort.en,
    ],
    ['an unknown sort key', { sort: 'drop table' }, 'sort', REPORT_MESSAGES.unknownSort.en],
    [
      'a range over 366 days',
      { from: '2024-01-01', to: '2025-01-01' },
      'to',
      messageText('report.rangeTooLong', 'en', { days: 366 }),
    ],
    [
      'from after to',
      { from: '2025-03-05', to: '2025-03-04' },
      'from',
      REPORT_MESSAGES.fromAfterTo.en,
    ],
    [
      'a day that does not exist',
      { from: '2025-02-29', to: '2025-03-04' },
      'from',
      REPORT_MESSAGES.notADate.en,
    ],
    [
      'a dimension twice',
      { dimensions: ['date', 'date'] },
      'dimensions.1',
      REPORT_MESSAGES.chosenTwice.en,
    ],
    ['an unknown dimension', { dimensions: ['planet'] }, 'dimensions.0', 'Unknown dimension'],
    ['an unknown metric', { metrics: ['profit'] }, 'metrics.0', 'Unknown metric'],
  ] as const)('%s', async (_name, change, path, message) => {
    const result = await post(tokens.system, {
      ...RANGE,
      metrics: ['imp', 'cost'],
      ...(change as Partial<ReportQuery>),
    });
    // Each issue also carries its catalogue code (and parameters) for the console to translate.
    const issue = fieldsOf(result).find((candidate) => candidate.path === path);
    expect(issue).toMatchObject({ path, message, code: expect.any(String) });
  });

  it('accepts a range of exactly 366 days', async () => {
    const result = await post(tokens.a, { from: '2024-01-01', to: '2024-12-31', metrics: ['imp'] });
    expect(result.body.code).toBe(200);
  });
});
