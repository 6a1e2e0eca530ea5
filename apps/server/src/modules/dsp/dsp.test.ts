import { randomBytes } from 'node:crypto';
import {
  AD_MESSAGES,
  Ability,
  AdForm,
  DSP_DEFAULTS,
  DspType,
  ENDPOINTS,
  ZDspFields,
  type Dsp,
  type EndpointDefinition,
  MESSAGES,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsps } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode, type ApiResult } from '../../test/http.js';
import {
  buildActor,
  call,
  changeCountBy,
  changesOf,
  noteOf,
  type Actor,
} from '../../test/settings.js';
import { buildDsp } from '../../test/supply-factories.js';
import { checkOutboundUrl } from '../../outbound/url-guard.js';

type Page = { list: Dsp[]; total: number; page: number; size: number };
type Issue = { path: string; message: string };

const SSP_ABILITY = Ability.login | Ability.ssp;
const SYSTEM_ABILITY = Ability.login | Ability.systemManage;

let t: TestApp;
let operator: Actor;
beforeAll(async () => {
  t = await createTestApp();
  operator = await buildActor(t.db, SSP_ABILITY);
});
afterAll(async () => {
  await t.close();
});

/** A name no other test (or test file, on the shared PostgreSQL database) uses. */
const unique = (prefix = 'DSP') => `${prefix} ${randomBytes(5).toString('hex')}`;

function issuesOf(result: ApiResult): Issue[] {
  expect(result.body.code, JSON.stringify(result.body)).toBe(-120);
  expect(result.status).toBe(400);
  return (result.body.data as { fields: Issue[] }).fields;
}

async function rowsNamed(name: string) {
  return t.db.select().from(dsps).where(eq(dsps.name, name));
}

describe('DSP list', () => {
  it('searches, filters by status, sorts and pages', async () => {
    const tag = unique('List');
    const alpha = await buildDsp(t.db, { name: `${tag} alpha`, timeoutMs: 800 });
    const beta = await buildDsp(t.db, { name: `${tag} beta`, timeoutMs: 200, status: 1 });
    const gamma = await buildDsp(t.db, {
      name: `${tag} gamma`,
      timeoutMs: 500,
      requestUrl: 'https://gamma.example.com/rtb',
    });
    const ids = async (query: string) =>
      (
        await call<Page>(t.app, ENDPOINTS.listDsps, operator.token, {
          query: `keyword=${encodeURIComponent(tag)}&${query}`,
        })
      ).body.data.list.map((dsp) => dsp.id);

    expect(await ids('sort=name')).toEqual([alpha.id, beta.id, gamma.id]);
    expect(await ids('sort=timeout_ms&order=desc')).toEqual([alpha.id, gamma.id, beta.id]);
    expect(await ids('status=1')).toEqual([beta.id]);
    expect(await ids('status=0&sort=id')).toEqual([alpha.id, gamma.id]);
    const page = await call<Page>(t.app, ENDPOINTS.listDsps, operator.token, {
      query: `keyword=${encodeURIComponent(tag)}&sort=name&size=10&page=2`,
    });
    expectCode(page, 200, 200);
    expect(page.body.data).toMatchObject({ list: [], total: 3, page: 2, size: 10 });
    // The request URL is searched too.
    const byUrl = await call<Page>(t.app, ENDPOINTS.listDsps, operator.token, {
      query: 'keyword=gamma.example.com',
    });
    expect(byUrl.body.data.list.map((dsp) => dsp.id)).toContain(gamma.id);
    expect(ENDPOINTS.listDsps.response.safeParse(page.body.data).success).toBe(true);
  });

  it('names a bad sort, status and page size', async () => {
    const result = await call(t.app, ENDPOINTS.listDsps, operator.token, {
      query: 'sort=request_url&status=5&size=7',
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['sort', 'status', 'size']),
    );
  });

  it('lists every partner for the allocation selects', async () => {
    const inactive = await buildDsp(t.db, { name: unique(), status: 1 });
    const result = await call<Dsp[]>(t.app, ENDPOINTS.listAllDsps, operator.token);
    expectCode(result, 200, 200);
    expect(result.body.data.find((dsp) => dsp.id === inactive.id)).toMatchObject({
      name: inactive.name,
      status: 1,
    });
  });
});

describe('DSP create', () => {
  it('fills the spec defaults and logs the creation', async () => {
    const name = unique();
    const result = await call<Dsp>(t.app, ENDPOINTS.createDsp, operator.token, {
      body: { name, request_url: 'https://bidder.example.com/openrtb2' },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      name,
      type: DSP_DEFAULTS.dspType,
      slot_type: AdForm.unlimited,
      timeout_ms: DSP_DEFAULTS.timeoutMs,
      request_url: 'https://bidder.example.com/openrtb2',
      test_url: '',
      cpm: DSP_DEFAULTS.dspCpm,
      percent: DSP_DEFAULTS.dspPercent,
      config: {},
      status: 0,
    });
    expect(DSP_DEFAULTS).toMatchObject({ dspCpm: 10_000_000, dspPercent: 1000, dspType: 1 });
    const changes = await changesOf(t.db, 'dsp', result.body.data.id);
    expect(changes).toMatchObject([
      {
        method: 'create',
        valueBefore: null,
        valueAfter: { name, request_url: 'https://bidder.example.com/openrtb2', percent: 1000 },
        actorId: operator.user.id,
      },
    ]);
  });

  it('stores every field as sent (config as JSON text or an object)', async () => {
    const name = unique();
    const result = await call<Dsp>(t.app, ENDPOINTS.createDsp, operator.token, {
      body: {
        name: `  ${name}  `,
        type: DspType.fixed,
        slot_type: AdForm.feed,
        timeout_ms: 1200,
        request_url: ' https://bidder.example.com/rtb ',
        test_url: 'https://bidder.example.com/rtb/test',
        cpm: 2_500_000,
        percent: 850,
        config: '{"seat": "s1", "auth": {"header": "X-Key"}}',
      },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      name,
      type: 2,
      slot_type: 4,
      timeout_ms: 1200,
      request_url: 'https://bidder.example.com/rtb',
      test_url: 'https://bidder.example.com/rtb/test',
      cpm: 2_500_000,
      percent: 850,
      config: { seat: 's1', auth: { header: 'X-Key' } },
    });
  });

  it("answers 'Need to add request URL' when the request URL is missing or blank; nothing written", async () => {
    const actor = await buildActor(t.db, SSP_ABILITY);
    const name = unique();
    for (const requestUrl of [undefined, '', '   ', null]) {
      const body = requestUrl === undefined ? { name } : { name, request_url: requestUrl };
      const result = await call(t.app, ENDPOINTS.createDsp, actor.token, { body });
      expect(issuesOf(result), JSON.stringify(body)).toMatchObject([
        { path: 'request_url', message: AD_MESSAGES.needRequestUrl.en },
      ]);
    }
    expect(await rowsNamed(name)).toEqual([]);
    expect(await changeCountBy(t.db, actor.user.id)).toBe(0);
  });

  it("answers 'JSON format error' on config that is not a JSON object", async () => {
    for (const config of ['{"seat": ', '[1, 2]', '"text"', 42]) {
      const result = await call(t.app, ENDPOINTS.createDsp, operator.token, {
        body: { name: unique(), request_url: 'https://b.example.com/', config },
      });
      expect(issuesOf(result), String(config)).toMatchObject([
        { path: 'config', message: AD_MESSAGES.jsonFormat.en },
      ]);
    }
  });

  it('names every bad field: URL scheme, credentials, timeout, percent, cpm, type', async () => {
    const result = await call(t.app, ENDPOINTS.createDsp, operator.token, {
      body: {
        name: '',
        type: 7,
        slot_type: 9,
        timeout_ms: 5,
        request_url: 'ftp://bidder.example.com/',
        test_url: 'https://user:secret@bidder.example.com/',
        cpm: -1,
        percent: 1001,
      },
    });
    const issues = issuesOf(result);
    expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.message]))).toMatchObject({
      name: expect.any(String),
      type: 'Unknown DSP type',
      slot_type: 'Unknown slot type',
      timeout_ms: expect.any(String),
      request_url: MESSAGES['input.httpUrl'].en,
      test_url: MESSAGES['dsp.credentials'].en,
      cpm: expect.any(String),
      percent: expect.any(String),
    });
    const tooSlow = await call(t.app, ENDPOINTS.createDsp, operator.token, {
      body: { name: unique(), request_url: 'https://b.example.com/', timeout_ms: 5001 },
    });
    expect(issuesOf(tooSlow).map((issue) => issue.path)).toEqual(['timeout_ms']);
  });

  it('refuses private and loopback URLs, naming the field; nothing written', async () => {
    const actor = await buildActor(t.db, SSP_ABILITY);
    const name = unique();
    for (const [requestUrl, testUrl] of [
      ['http://127.0.0.1:8080/bid', 'http://10.1.2.3/bid'],
      ['http://[::1]/bid', 'http://169.254.169.254/latest'],
      ['http://localhost/bid', 'http://192.168.0.10/'],
      ['http://0x7f000001/bid', 'http://[::ffff:10.0.0.1]/'],
    ]) {
      const result = await call(t.app, ENDPOINTS.createDsp, actor.token, {
        body: { name, request_url: requestUrl, test_url: testUrl },
      });
      expect(issuesOf(result), requestUrl).toMatchObject([
        { path: 'request_url', message: MESSAGES['dsp.privateAddress'].en },
        { path: 'test_url', message: MESSAGES['dsp.privateAddress'].en },
      ]);
    }
    expect(await rowsNamed(name)).toEqual([]);
    expect(await changeCountBy(t.db, actor.user.id)).toBe(0);
  });

  it("refuses a duplicate name with 'Exists, don't duplicate.'", async () => {
    const existing = await buildDsp(t.db, { name: unique() });
    const result = await call(t.app, ENDPOINTS.createDsp, operator.token, {
      body: { name: existing.name, request_url: 'https://b.example.com/' },
    });
    expectCode(result, -140, 409);
    expect(result.body.msg).toBe("Exists, don't duplicate.");
  });

  it("answers 'None Create.' to an empty body", async () => {
    expectCode(
      await call(t.app, ENDPOINTS.createDsp, operator.token, { body: { name: ' ' } }),
      -131,
      400,
    );
  });
});

describe('DSP modify and switch', () => {
  it('writes only the changed fields with the note, in the change log', async () => {
    const dsp = await buildDsp(t.db, { name: unique(), config: { seat: 's1' } });
    const result = await call<Dsp>(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: {
        id: dsp.id,
        name: dsp.name,
        timeout_ms: 450,
        config: { seat: 's2', deal: true },
        note: noteOf('slower partner', 'dsp'),
      },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      timeout_ms: 450,
      config: { deal: true, seat: 's2' },
      request_url: dsp.requestUrl,
    });
    const [change] = await changesOf(t.db, 'dsp', dsp.id);
    expect(change).toMatchObject({
      method: 'modify',
      valueBefore: { timeout_ms: 300, config: { seat: 's1' } },
      valueAfter: { timeout_ms: 450, config: { deal: true, seat: 's2' } },
      comment: 'slower partner',
      actorId: operator.user.id,
    });
  });

  it("answers 'None Update.' when nothing differs (config keys in another order too)", async () => {
    const dsp = await buildDsp(t.db, {
      name: unique(),
      config: { b: 1, a: { y: 2, x: 1 } },
    });
    const result = await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: {
        id: dsp.id,
        name: dsp.name,
        request_url: dsp.requestUrl,
        percent: dsp.percent,
        config: '{"a": {"x": 1, "y": 2}, "b": 1}',
      },
    });
    expectCode(result, -130, 400);
    expect(await changesOf(t.db, 'dsp', dsp.id)).toEqual([]);
  });

  it("keeps 'Need to add request URL' on modify and refuses private URLs there too", async () => {
    const dsp = await buildDsp(t.db, { name: unique() });
    const blank = await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: { id: dsp.id, request_url: '' },
    });
    expect(issuesOf(blank)).toMatchObject([
      { path: 'request_url', message: AD_MESSAGES.needRequestUrl.en },
    ]);
    const nulled = await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: { id: dsp.id, request_url: null },
    });
    expect(issuesOf(nulled)).toMatchObject([
      { path: 'request_url', message: AD_MESSAGES.needRequestUrl.en },
    ]);
    const inside = await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: { id: dsp.id, test_url: 'http://172.16.5.4:8080/bid' },
    });
    expect(issuesOf(inside)).toMatchObject([
      { path: 'test_url', message: MESSAGES['dsp.privateAddress'].en },
    ]);
    const badJson = await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
      body: { id: dsp.id, config: '{oops' },
    });
    expect(issuesOf(badJson)).toMatchObject([
      { path: 'config', message: AD_MESSAGES.jsonFormat.en },
    ]);
    const [row] = await t.db.select().from(dsps).where(eq(dsps.id, dsp.id));
    expect(row).toMatchObject({ requestUrl: dsp.requestUrl, testUrl: '' });
    expect(await changesOf(t.db, 'dsp', dsp.id)).toEqual([]);
  });

  it('refuses renaming onto another partner, and answers -150 for an unknown id', async () => {
    const first = await buildDsp(t.db, { name: unique() });
    const second = await buildDsp(t.db, { name: unique() });
    expectCode(
      await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
        body: { id: second.id, name: first.name },
      }),
      -140,
      409,
    );
    expectCode(
      await call(t.app, ENDPOINTS.modifyDsp, operator.token, {
        body: { id: 999_999_999, name: unique() },
      }),
      -150,
      404,
    );
    expect(await changesOf(t.db, 'dsp', second.id)).toEqual([]);
  });

  it('switches with a note; the same status again is None Update', async () => {
    const dsp = await buildDsp(t.db, { name: unique() });
    const off = await call<Dsp>(t.app, ENDPOINTS.switchDsp, operator.token, {
      body: { id: dsp.id, status: 1, note: noteOf('paused', 'dsp', 'switch') },
    });
    expectCode(off, 200, 200);
    expect(off.body.data.status).toBe(1);
    expectCode(
      await call(t.app, ENDPOINTS.switchDsp, operator.token, { body: { id: dsp.id, status: 1 } }),
      -130,
      400,
    );
    expect(
      issuesOf(
        await call(t.app, ENDPOINTS.switchDsp, operator.token, {
          body: { id: dsp.id, status: 5 },
        }),
      ).map((issue) => issue.path),
    ).toEqual(['status']);
    expect(await changesOf(t.db, 'dsp', dsp.id)).toMatchObject([
      {
        method: 'switch',
        valueBefore: { status: 0 },
        valueAfter: { status: 1 },
        comment: 'paused',
      },
    ]);
  });

  it('shows the history to the ssp role', async () => {
    const dsp = await buildDsp(t.db, { name: unique() });
    await call(t.app, ENDPOINTS.switchDsp, operator.token, { body: { id: dsp.id, status: 1 } });
    const history = await call<{ total: number }>(t.app, ENDPOINTS.listChanges, operator.token, {
      query: `target_type=dsp&target_id=${dsp.id}`,
    });
    expectCode(history, 200, 200);
    expect(history.body.data.total).toBe(1);
  });
});

describe('the demo partners (db/seed.ts)', () => {
  it('are there and keep every rule the API enforces', async () => {
    const all = await call<Dsp[]>(t.app, ENDPOINTS.listAllDsps, operator.token);
    const names = ['Example Exchange Bidder', 'Example Rewarded Video DSP'];
    const demo = all.body.data.filter((dsp) => names.includes(dsp.name));
    expect(demo.map((dsp) => dsp.name).sort()).toEqual(names);
    for (const dsp of demo) {
      const fields = ZDspFields.safeParse({ ...dsp, config: dsp.config });
      expect(fields.success, dsp.name).toBe(true);
      const verdict = await checkOutboundUrl(dsp.request_url, {
        allowPrivate: false,
        resolve: async () => [{ address: '93.184.215.14', family: 4 }],
      });
      expect(verdict.ok, dsp.name).toBe(true);
    }
  });
});

describe('who may manage DSPs', () => {
  const requests = (dspId: number): [EndpointDefinition, { body?: unknown; query?: string }][] => [
    [ENDPOINTS.listDsps, {}],
    [ENDPOINTS.listAllDsps, {}],
    [ENDPOINTS.createDsp, { body: { name: unique(), request_url: 'https://b.example.com/' } }],
    [ENDPOINTS.modifyDsp, { body: { id: dspId, timeout_ms: 999 } }],
    [ENDPOINTS.switchDsp, { body: { id: dspId, status: 1 } }],
    [ENDPOINTS.testDsp, { body: { id: dspId } }],
  ];

  it.each([
    ['an advertiser', Ability.login | Ability.adManage],
    ['a slot-only user', Ability.login | Ability.slot],
    ['an auditor', Ability.login | Ability.examAdvanced],
  ])('refuses %s with -110 on every endpoint; nothing written', async (_who, ability) => {
    const actor = await buildActor(t.db, ability);
    const dsp = await buildDsp(t.db, { name: unique(), requestUrl: 'http://10.9.9.9/bid' });
    for (const [endpoint, input] of requests(dsp.id)) {
      expectCode(await call(t.app, endpoint, actor.token, input), -110, 403);
    }
    const [row] = await t.db.select().from(dsps).where(eq(dsps.id, dsp.id));
    expect(row).toMatchObject({ timeoutMs: dsp.timeoutMs, status: 0 });
    expect(await changeCountBy(t.db, actor.user.id)).toBe(0);
  });

  it.each([
    ['the ssp role', SSP_ABILITY],
    ['the system role', SYSTEM_ABILITY],
  ])('lets %s use every endpoint', async (_who, ability) => {
    const actor = await buildActor(t.db, ability);
    // A refused test URL: the test answers at once (outcome error), nothing leaves.
    const dsp = await buildDsp(t.db, { name: unique(), requestUrl: 'http://10.9.9.9/bid' });
    for (const [endpoint, input] of requests(dsp.id)) {
      const result = await call(t.app, endpoint, actor.token, input);
      expectCode(result, 200, 200);
      expect(endpoint.response.safeParse(result.body.data).success).toBe(true);
    }
  });
});

describe('with private networks allowed (DSP_ALLOW_PRIVATE_NETWORKS)', () => {
  let lab: TestApp;
  let actor: Actor;
  beforeAll(async () => {
    lab = await createTestApp({ env: { DSP_ALLOW_PRIVATE_NETWORKS: 'true' } });
    actor = await buildActor(lab.db, SSP_ABILITY);
  });
  afterAll(async () => {
    await lab.close();
  });

  it('accepts loopback and private URLs', async () => {
    const result = await call<Dsp>(lab.app, ENDPOINTS.createDsp, actor.token, {
      body: {
        name: unique(),
        request_url: 'http://127.0.0.1:8080/bid',
        test_url: 'http://192.168.0.10/test',
      },
    });
    expectCode(result, 200, 200);
    const modified = await call<Dsp>(lab.app, ENDPOINTS.modifyDsp, actor.token, {
      body: { id: result.body.data.id, request_url: 'http://[::1]:9000/bid' },
    });
    expectCode(modified, 200, 200);
    expect(modified.body.data.request_url).toBe('http://[::1]:9000/bid');
  });

  it('still refuses other schemes and credentials', async () => {
    const result = await call(lab.app, ENDPOINTS.createDsp, actor.token, {
      body: {
        name: unique(),
        request_url: 'file:///etc/passwd',
        test_url: 'http://u:p@127.0.0.1/',
      },
    });
    expect(issuesOf(result)).toMatchObject([
      { path: 'request_url', message: MESSAGES['input.httpUrl'].en },
      { path: 'test_url', message: MESSAGES['dsp.credentials'].en },
    ]);
  });
});
