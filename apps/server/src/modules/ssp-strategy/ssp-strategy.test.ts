/**
 * SSP strategies through the routes: create, modify, switch, list and the slot split, every
 * message on its path with nothing written, noted writes and 'None Update'.
 */
import {
  messageText,
  MESSAGES,
  AD_MESSAGES,
  ENDPOINTS,
  SimpleStatus,
  WideStatus,
  type SlotSplit,
  type SspStrategy,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsps } from '../../db/schema.js';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import { buildCountry, countryCodes } from '../../test/settings-factories.js';
import { buildDsp, buildSlot, buildSspStrategy } from '../../test/supply-factories.js';
import {
  buildOperator,
  buildSupply,
  footprint,
  issuesOf,
  send,
  strategyBody,
  strategyRow,
  type Supply,
} from './test-kit.js';

type Page = { list: SspStrategy[]; total: number };

let t: TestApp;
let operator: Signed;
const nextCountry = countryCodes('O');
// ISO 3166-1's user-assigned AA: no test file's code generator (countryCodes) nor the seed makes it.
const NO_SUCH_COUNTRY = 'AA';
beforeAll(async () => {
  t = await createTestApp();
  operator = await buildOperator(t.db);
});
afterAll(async () => {
  await t.close();
});

const create = (body: unknown) =>
  send<SspStrategy>(t.app, ENDPOINTS.createSspStrategy, operator, { body });
const modify = (body: unknown) =>
  send<SspStrategy>(t.app, ENDPOINTS.modifySspStrategy, operator, { body });

/** Sends a create that must be refused with exactly `issues`, and checks nothing was written. */
async function refusedCreate(supply: Supply, body: unknown, issues: unknown[]) {
  const before = await footprint(t.db, operator, supply.slot.id);
  const result = await create(body);
  expect(issuesOf(result)).toMatchObject(issues); // each also carries its code
  expect(await footprint(t.db, operator, supply.slot.id)).toEqual(before);
}

describe('create', () => {
  it('adds a strategy with config text, triggers and allocations, noted', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const country = await buildCountry(t.db, { code: nextCountry() });
    const result = await create(
      strategyBody(supply, {
        config: '{"seat": "adloom", "auth": {"header": "X-Key"}}',
        triggers: [
          { key: 'country', mode: 'include', values: [country.code, ` ${country.code} `, ''] },
          { key: 'appVersion', mode: 'exclude', values: ['1.0', '1.0.3'] },
          { key: 'network', mode: 'include', values: ['1', '4'] },
        ],
      }),
    );
    expectCode(result, 200, 200);
    const strategy = result.body.data;
    expect(strategy).toMatchObject({
      slot_id: supply.slot.id,
      slot_name: supply.slot.name,
      media_id: supply.media.id,
      media_name: supply.media.name,
      config: { auth: { header: 'X-Key' }, seat: 'adloom' },
      triggers: [
        { key: 'country', mode: 'include', values: [country.code] },
        { key: 'appVersion', mode: 'exclude', values: ['1.0', '1.0.3'] },
        { key: 'network', mode: 'include', values: ['1', '4'] },
      ],
      allocations: [
        { dsp_id: supply.alpha.id, dsp_name: supply.alpha.name, dsp_status: 0, permille: 600 },
        { dsp_id: supply.beta.id, dsp_name: supply.beta.name, dsp_status: 0, permille: 300 },
      ],
      own_permille: 100,
      priority: 10,
      status: SimpleStatus.active,
    });
    const changes = await changesOf(t.db, 'sspStrategy', strategy.id);
    expect(changes.map((change) => [change.method, change.valueBefore])).toEqual([
      ['create', null],
    ]);
    expect(changes[0]?.valueAfter).toMatchObject({
      slot_id: supply.slot.id,
      allocations: [
        { dsp_id: supply.alpha.id, permille: 600 },
        { dsp_id: supply.beta.id, permille: 300 },
      ],
    });
    expect(changes[0]?.actorId).toBe(operator.user.id);
  });

  it('allows no allocations (all to our own DSP), no triggers and an empty config', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const result = await create({ slot_id: supply.slot.id, name: 'Own only', config: ' ' });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      config: {},
      triggers: [],
      allocations: [],
      own_permille: 1000,
      priority: 0,
    });
  });

  it('allows exactly 1000‰ (nothing left for our own DSP)', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const result = await create(
      strategyBody(supply, {
        allocations: [
          { dsp_id: supply.alpha.id, permille: '700' },
          { dsp_id: supply.beta.id, permille: 300 },
        ],
      }),
    );
    expectCode(result, 200, 200);
    expect(result.body.data.own_permille).toBe(0);
  });

  it('needs a slot: missing, blank, unknown or deleted', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const required = [{ path: 'slot_id', message: AD_MESSAGES.slotRequired.en }];
    const { slot_id: _slot, ...withoutSlot } = strategyBody(supply);
    await refusedCreate(supply, withoutSlot, required);
    await refusedCreate(supply, strategyBody(supply, { slot_id: '' }), required);
    await refusedCreate(supply, strategyBody(supply, { slot_id: null }), required);
    await refusedCreate(supply, strategyBody(supply, { slot_id: 2_000_000_000 }), [
      { path: 'slot_id', message: MESSAGES['dsp.unknownSlot'].en },
    ]);
    const deleted = await buildSlot(t.db, supply.media.id, { status: WideStatus.deleted });
    await refusedCreate(supply, strategyBody(supply, { slot_id: deleted.id }), [
      { path: 'slot_id', message: MESSAGES['dsp.unknownSlot'].en },
    ]);
    // An inactive slot keeps its strategies configurable.
    const inactive = await buildSlot(t.db, supply.media.id, { status: WideStatus.inactive });
    expectCode(await create(strategyBody(supply, { slot_id: inactive.id })), 200, 200);
  });

  it('answers JSON format error for config text that is not a JSON object', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const issue = [{ path: 'config', message: AD_MESSAGES.jsonFormat.en }];
    for (const config of ['{"seat": ', '[1, 2]', '42', '"text"', 'null']) {
      await refusedCreate(supply, strategyBody(supply, { config }), issue);
    }
    await refusedCreate(supply, strategyBody(supply, { config: [1] }), issue);
  });

  it('checks trigger rules: keys, formats, existing countries, one rule per key', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const country = await buildCountry(t.db, { code: nextCountry() });
    const off = await buildCountry(t.db, { code: nextCountry(), status: SimpleStatus.inactive });
    const triggers = (rules: unknown[]) => strategyBody(supply, { triggers: rules });
    await refusedCreate(supply, triggers([{ key: 'brand', mode: 'include', values: ['acme'] }]), [
      { path: 'triggers.0.key', message: AD_MESSAGES.targetingWrong.en },
    ]);
    await refusedCreate(
      supply,
      triggers([
        { key: 'country', mode: 'include', values: [country.code, NO_SUCH_COUNTRY, off.code] },
      ]),
      [
        { path: 'triggers.0.values.1', message: AD_MESSAGES.targetingWrong.en },
        { path: 'triggers.0.values.2', message: AD_MESSAGES.targetingWrong.en },
      ],
    );
    await refusedCreate(
      supply,
      triggers([{ key: 'appVersion', mode: 'include', values: ['1.2', 'latest'] }]),
      [{ path: 'triggers.0.values.1', message: AD_MESSAGES.configurationFormat.en }],
    );
    await refusedCreate(supply, triggers([{ key: 'os', mode: 'include', values: ['0'] }]), [
      { path: 'triggers.0.values.0', message: AD_MESSAGES.configurationFormat.en },
    ]);
    await refusedCreate(supply, triggers([{ key: 'network', mode: 'maybe', values: ['1'] }]), [
      { path: 'triggers.0.mode', message: AD_MESSAGES.targetingWrong.en },
    ]);
    await refusedCreate(supply, triggers([{ key: 'os', mode: 'include', values: ['', ' '] }]), [
      { path: 'triggers.0.values', message: AD_MESSAGES.targetingEmpty.en },
    ]);
    await refusedCreate(
      supply,
      triggers([
        { key: 'os', mode: 'include', values: ['1'] },
        { key: 'os', mode: 'exclude', values: ['2'] },
      ]),
      [{ path: 'triggers.1.key', message: MESSAGES['dsp.triggerOnce'].en }],
    );
  });

  it('checks allocations: each 0-1000, one per DSP, sum at most 1000, partners that exist', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const allocations = (items: unknown[]) => strategyBody(supply, { allocations: items });
    const { alpha, beta } = supply;
    await refusedCreate(
      supply,
      allocations([
        { dsp_id: alpha.id, permille: 700 },
        { dsp_id: beta.id, permille: 500 },
      ]),
      [
        {
          path: 'allocations',
          message: messageText('dsp.allocationsOver', 'en', { sum: 1200, max: 1000 }),
        },
      ],
    );
    expect(messageText('dsp.allocationsOver', 'en', { sum: 1200, max: 1000 })).toBe(
      'The allocations add up to 1200‰; at most 1000‰',
    );
    await refusedCreate(
      supply,
      allocations([
        { dsp_id: alpha.id, permille: 1001 },
        { dsp_id: beta.id, permille: -1 },
      ]),
      [
        { path: 'allocations.0.permille', message: MESSAGES['dsp.permilleRange'].en },
        { path: 'allocations.1.permille', message: MESSAGES['dsp.permilleRange'].en },
      ],
    );
    await refusedCreate(supply, allocations([{ dsp_id: alpha.id, permille: 2.5 }]), [
      { path: 'allocations.0.permille', message: MESSAGES['dsp.permilleRange'].en },
    ]);
    await refusedCreate(supply, allocations([{ dsp_id: '', permille: 100 }]), [
      { path: 'allocations.0.dsp_id', message: MESSAGES['dsp.chooseDsp'].en },
    ]);
    await refusedCreate(
      supply,
      allocations([
        { dsp_id: alpha.id, permille: 100 },
        { dsp_id: alpha.id, permille: 200 },
      ]),
      [{ path: 'allocations.1.dsp_id', message: MESSAGES['dsp.dspOnce'].en }],
    );
    const off = await buildDsp(t.db, { status: SimpleStatus.inactive });
    await refusedCreate(
      supply,
      allocations([
        { dsp_id: alpha.id, permille: 100 },
        { dsp_id: 2_000_000_000, permille: 100 },
        { dsp_id: off.id, permille: 100 },
      ]),
      [
        { path: 'allocations.1.dsp_id', message: MESSAGES['dsp.unknownDsp'].en },
        { path: 'allocations.2.dsp_id', message: MESSAGES['dsp.inactiveDsp'].en },
      ],
    );
  });

  it('names every problem at once and writes nothing', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    await refusedCreate(
      supply,
      {
        slot_id: '',
        name: ' ',
        config: '{oops}',
        triggers: [{ key: 'uid', mode: 'include', values: ['x'] }],
        allocations: [{ dsp_id: supply.alpha.id, permille: 5000 }],
        priority: -1,
      },
      [
        { path: 'slot_id', message: AD_MESSAGES.slotRequired.en },
        { path: 'name', message: expect.any(String) as string },
        { path: 'config', message: AD_MESSAGES.jsonFormat.en },
        { path: 'triggers.0.key', message: AD_MESSAGES.targetingWrong.en },
        { path: 'allocations.0.permille', message: MESSAGES['dsp.permilleRange'].en },
        { path: 'priority', message: expect.any(String) as string },
      ],
    );
    expectCode(await create({}), -131, 400);
  });
});

describe('modify', () => {
  it('None Update for the same fields in another form; logs only what changed', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const created = (await create(strategyBody(supply))).body.data;
    const same = await modify({
      id: created.id,
      name: created.name,
      config: '{ "bid_floor_boost": 1.2, "seat": "adloom" }',
      triggers: [{ key: 'os', mode: 'include', values: ['1', ' 2', '2', ''] }],
      allocations: [
        { dsp_id: String(supply.alpha.id), permille: '600' },
        { dsp_id: supply.beta.id, permille: 300 },
      ],
      priority: '10',
      slot_id: supply.slot.id,
    });
    expectCode(same, -130, 400);
    expect(await changesOf(t.db, 'sspStrategy', created.id)).toHaveLength(1);

    const changed = await modify({
      id: created.id,
      name: created.name,
      allocations: [{ dsp_id: supply.alpha.id, permille: 250 }],
      priority: 20,
      note: noteOf('shift traffic to own DSP', 'sspStrategy'),
    });
    expectCode(changed, 200, 200);
    expect(changed.body.data).toMatchObject({ own_permille: 750, priority: 20 });
    const changes = await changesOf(t.db, 'sspStrategy', created.id);
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      method: 'modify',
      comment: 'shift traffic to own DSP',
      valueBefore: {
        allocations: [
          { dsp_id: supply.alpha.id, permille: 600 },
          { dsp_id: supply.beta.id, permille: 300 },
        ],
        priority: 10,
      },
      valueAfter: { allocations: [{ dsp_id: supply.alpha.id, permille: 250 }], priority: 20 },
    });
  });

  it('refuses bad changes on their paths and writes nothing', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const created = (await create(strategyBody(supply))).body.data;
    const row = await strategyRow(t.db, created.id);
    const cases: [Record<string, unknown>, unknown[]][] = [
      [{ slot_id: null }, [{ path: 'slot_id', message: AD_MESSAGES.slotRequired.en }]],
      [{ slot_id: '' }, [{ path: 'slot_id', message: AD_MESSAGES.slotRequired.en }]],
      [{ slot_id: 2_000_000_000 }, [{ path: 'slot_id', message: MESSAGES['dsp.unknownSlot'].en }]],
      [{ config: 'not json' }, [{ path: 'config', message: AD_MESSAGES.jsonFormat.en }]],
      [
        {
          allocations: [
            { dsp_id: supply.alpha.id, permille: 900 },
            { dsp_id: supply.beta.id, permille: 101 },
          ],
        },
        [
          {
            path: 'allocations',
            message: messageText('dsp.allocationsOver', 'en', { sum: 1001, max: 1000 }),
          },
        ],
      ],
      [
        { triggers: [{ key: 'country', mode: 'exclude', values: [NO_SUCH_COUNTRY] }] },
        [{ path: 'triggers.0.values.0', message: AD_MESSAGES.targetingWrong.en }],
      ],
    ];
    const before = await footprint(t.db, operator, supply.slot.id);
    for (const [patch, issues] of cases) {
      expect(issuesOf(await modify({ id: created.id, ...patch }))).toMatchObject(issues);
    }
    expect(await footprint(t.db, operator, supply.slot.id)).toEqual(before);
    expect(await strategyRow(t.db, created.id)).toEqual(row);
    expectCode(await modify({ id: 2_000_000_000, name: 'Gone' }), -150, 404);
  });

  it('keeps a partner switched off later, but refuses adding an inactive one', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const strategy = await buildSspStrategy(t.db, supply.slot.id, {
      allocations: [{ dsp_id: supply.alpha.id, permille: 500 }],
    });
    const off = await buildDsp(t.db, { status: SimpleStatus.inactive });
    // Alpha is switched off after the strategy was saved.
    await t.db
      .update(dsps)
      .set({ status: SimpleStatus.inactive })
      .where(eq(dsps.id, supply.alpha.id));
    expectCode(await modify({ id: strategy.id, name: 'Renamed' }), 200, 200);
    const kept = await modify({
      id: strategy.id,
      allocations: [
        { dsp_id: supply.alpha.id, permille: 400 },
        { dsp_id: supply.beta.id, permille: 100 },
      ],
    });
    expectCode(kept, 200, 200);
    expect(kept.body.data.allocations[0]).toMatchObject({ dsp_id: supply.alpha.id, dsp_status: 1 });
    expect(
      issuesOf(await modify({ id: strategy.id, allocations: [{ dsp_id: off.id, permille: 100 }] })),
    ).toMatchObject([{ path: 'allocations.0.dsp_id', message: MESSAGES['dsp.inactiveDsp'].en }]);
  });

  it('moves a strategy to another slot', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const other = await buildSlot(t.db, supply.media.id);
    const strategy = await buildSspStrategy(t.db, supply.slot.id);
    const moved = await modify({ id: strategy.id, slot_id: other.id });
    expectCode(moved, 200, 200);
    expect(moved.body.data).toMatchObject({ slot_id: other.id, slot_name: other.name });
  });
});

describe('switch', () => {
  it('switches with a note; the same status is None Update', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const strategy = await buildSspStrategy(t.db, supply.slot.id);
    const send1 = (status: number) =>
      send<SspStrategy>(t.app, ENDPOINTS.switchSspStrategy, operator, {
        body: { id: strategy.id, status, note: noteOf('pause it', 'sspStrategy', 'switch') },
      });
    expectCode(await send1(SimpleStatus.active), -130, 400);
    const off = await send1(SimpleStatus.inactive);
    expectCode(off, 200, 200);
    expect(off.body.data.status).toBe(SimpleStatus.inactive);
    const changes = await changesOf(t.db, 'sspStrategy', strategy.id);
    expect(changes.map((change) => [change.method, change.valueBefore, change.valueAfter])).toEqual(
      [['switch', { status: 0 }, { status: 1 }]],
    );
    expect(
      issuesOf(
        await send(t.app, ENDPOINTS.switchSspStrategy, operator, {
          body: { id: strategy.id, status: 5 },
        }),
      ).map((issue) => issue.path),
    ).toEqual(['status']);
  });
});

describe('list', () => {
  it('filters by slot, DSP, status and keyword (slot and media names too), sorts and pages', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const lone = await buildDsp(t.db);
    const first = await buildSspStrategy(t.db, supply.slot.id, {
      name: 'Zulu split',
      priority: 1,
      allocations: [{ dsp_id: supply.alpha.id, permille: 100 }],
    });
    const second = await buildSspStrategy(t.db, supply.slot.id, {
      name: 'Alpha split',
      priority: 9,
      allocations: [
        { dsp_id: supply.beta.id, permille: 100 },
        { dsp_id: lone.id, permille: 50 },
      ],
    });
    const third = await buildSspStrategy(t.db, supply.slot.id, {
      name: 'Paused split',
      status: SimpleStatus.inactive,
    });
    const list = async (query: string) =>
      (await send<Page>(t.app, ENDPOINTS.listSspStrategies, operator, { query })).body.data;
    const ids = async (query: string) => (await list(query)).list.map((row) => row.id);
    const slot = `slot_id=${supply.slot.id}`;
    expect(await ids(slot)).toEqual([third.id, second.id, first.id]);
    expect(await ids(`${slot}&sort=priority&order=desc`)).toEqual([second.id, first.id, third.id]);
    expect(await ids(`${slot}&sort=name`)).toEqual([second.id, third.id, first.id]);
    expect(await ids(`dsp_id=${lone.id}`)).toEqual([second.id]);
    expect(await ids(`${slot}&status=1`)).toEqual([third.id]);
    expect(await ids(`keyword=${encodeURIComponent(supply.slot.name)}`)).toHaveLength(3);
    expect(await ids(`keyword=${encodeURIComponent(supply.media.name)}&status=0`)).toEqual([
      second.id,
      first.id,
    ]);
    expect(await ids(`${slot}&keyword=zulu`)).toEqual([first.id]);
    expect(await ids(`keyword=${second.id}`)).toContain(second.id);
    const page = await list(`${slot}&size=10&page=1&sort=id`);
    expect(page).toMatchObject({ total: 3, page: 1, size: 10 });
    const row = (await list(`dsp_id=${lone.id}`)).list[0];
    expect(row).toMatchObject({
      slot_name: supply.slot.name,
      media_name: supply.media.name,
      allocations: [
        { dsp_id: supply.beta.id, dsp_name: supply.beta.name, permille: 100 },
        { dsp_id: lone.id, dsp_name: lone.name, permille: 50 },
      ],
      own_permille: 850,
    });
    const bad = await send(t.app, ENDPOINTS.listSspStrategies, operator, { query: 'status=5' });
    expect(issuesOf(bad).map((issue) => issue.path)).toEqual(['status']);
  });
});

describe('slot split', () => {
  it('lists the active strategies by priority with shares, names and the remainder', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const off = await buildDsp(t.db, { status: SimpleStatus.inactive });
    const low = await buildSspStrategy(t.db, supply.slot.id, {
      name: 'Low',
      priority: 1,
      triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
      allocations: [
        { dsp_id: supply.alpha.id, permille: 600 },
        { dsp_id: off.id, permille: 150 },
      ],
    });
    const high = await buildSspStrategy(t.db, supply.slot.id, {
      name: 'High',
      priority: 50,
      allocations: [
        { dsp_id: supply.alpha.id, permille: 333 },
        { dsp_id: supply.beta.id, permille: 667 },
      ],
    });
    const tie = await buildSspStrategy(t.db, supply.slot.id, { name: 'Tie', priority: 1 });
    await buildSspStrategy(t.db, supply.slot.id, {
      name: 'Paused',
      priority: 99,
      status: SimpleStatus.inactive,
      allocations: [{ dsp_id: supply.beta.id, permille: 1000 }],
    });
    const other = await buildSlot(t.db, supply.media.id);
    await buildSspStrategy(t.db, other.id, { name: 'Elsewhere' });

    const result = await send<SlotSplit>(t.app, ENDPOINTS.getSlotSplit, operator, {
      query: `slot_id=${supply.slot.id}`,
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toEqual({
      slot_id: supply.slot.id,
      slot_name: supply.slot.name,
      media_name: supply.media.name,
      strategies: [
        {
          id: high.id,
          name: 'High',
          priority: 50,
          triggers: [],
          shares: [
            { dsp_id: supply.alpha.id, dsp_name: supply.alpha.name, dsp_status: 0, permille: 333 },
            { dsp_id: supply.beta.id, dsp_name: supply.beta.name, dsp_status: 0, permille: 667 },
          ],
          own_permille: 0,
        },
        {
          id: low.id,
          name: 'Low',
          priority: 1,
          triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
          shares: [
            { dsp_id: supply.alpha.id, dsp_name: supply.alpha.name, dsp_status: 0, permille: 600 },
            { dsp_id: off.id, dsp_name: off.name, dsp_status: 1, permille: 150 },
          ],
          own_permille: 250,
        },
        { id: tie.id, name: 'Tie', priority: 1, triggers: [], shares: [], own_permille: 1000 },
      ],
    });
    const empty = await send<SlotSplit>(t.app, ENDPOINTS.getSlotSplit, operator, {
      query: `slot_id=${(await buildSlot(t.db, supply.media.id)).id}`,
    });
    expect(empty.body.data.strategies).toEqual([]);
    expectCode(
      await send(t.app, ENDPOINTS.getSlotSplit, operator, { query: 'slot_id=2000000000' }),
      -150,
      404,
    );
    expect(
      issuesOf(await send(t.app, ENDPOINTS.getSlotSplit, operator, { query: 'slot_id=x' })).map(
        (issue) => issue.path,
      ),
    ).toEqual(['slot_id']);
  });

  it('follows writes: a new strategy and a switched-off one', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const created = (
      await create(
        strategyBody(supply, { allocations: [{ dsp_id: supply.alpha.id, permille: 600 }] }),
      )
    ).body.data;
    const split = async () =>
      (
        await send<SlotSplit>(t.app, ENDPOINTS.getSlotSplit, operator, {
          query: `slot_id=${supply.slot.id}`,
        })
      ).body.data.strategies;
    expect(await split()).toMatchObject([
      { id: created.id, shares: [{ permille: 600 }], own_permille: 400 },
    ]);
    await send(t.app, ENDPOINTS.switchSspStrategy, operator, {
      body: { id: created.id, status: SimpleStatus.inactive },
    });
    expect(await split()).toEqual([]);
  });
});
