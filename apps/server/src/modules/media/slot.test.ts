/** Slot routes: list, selects, detail, create with the settings checks, modify and switch. */
import { AD_MESSAGES, ENDPOINTS, SUPPLY_MESSAGES, type Slot } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import {
  buildAdType,
  buildCountry,
  buildStyle,
  countryCodes,
} from '../../test/settings-factories.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import {
  buildStyleId,
  buildSupplyUser,
  footprint,
  issuesOf,
  send,
  slotBody,
  slotRow,
} from './test-kit.js';

type Page = { list: Slot[]; total: number; page: number; size: number };

/** Country codes of this file (YA…YZ); ZA…ZZ are never created, so always unknown. */
const nextCountry = countryCodes('Y');
const unknownCountry = countryCodes('Z');

let t: TestApp;
let me: Signed;
beforeAll(async () => {
  t = await createTestApp();
  me = await buildSupplyUser(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('create slot', () => {
  it('creates an active slot with its styles, ad type, countries and size, and logs it', async () => {
    const owner = await buildSupplyUser(t.db);
    const row = await buildMedia(t.db, owner.user.id, { name: 'News', bundle: 'com.news', os: 2 });
    const styleA = await buildStyleId(t.db);
    const styleB = await buildStyleId(t.db);
    const adType = await buildAdType(t.db);
    const [us, gb] = [nextCountry(), nextCountry()];
    await buildCountry(t.db, { code: us });
    await buildCountry(t.db, { code: gb });
    const body = slotBody(row.id, styleB, {
      style_ids: [styleB, styleA, styleB],
      ad_type_id: adType.id,
      countries: [gb, us],
      width: 0,
      height: 0,
      ad_form: 4,
      supply_type: 1,
    });
    const result = await send<Slot>(t.app, ENDPOINTS.createSlot, owner, { body });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      media_id: row.id,
      media_name: 'News',
      media_status: 0,
      media_os: 2,
      media_bundle: 'com.news',
      owner: { id: owner.user.id },
      name: body.name,
      lowest_bid: 1_500_000,
      style_ids: [styleA, styleB].sort((x, y) => x - y),
      ad_type_id: adType.id,
      ad_type_name: adType.name,
      ad_form: 4,
      countries: [gb, us].sort(),
      width: 0,
      height: 0,
      supply_type: 1,
      status: 0,
    });
    expect(ENDPOINTS.createSlot.response.safeParse(result.body.data).success).toBe(true);
    const [change] = await changesOf(t.db, 'slot', result.body.data.id);
    expect(change).toMatchObject({
      method: 'create',
      valueAfter: expect.objectContaining({
        media_id: row.id,
        width: 0,
        countries: [gb, us].sort(),
      }),
    });
  });

  it('answers the spec message on styles: none, unknown or inactive', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const inactive = await buildStyle(t.db, { status: 1 });
    const before = await footprint(t.db, me);
    for (const style_ids of [[], [999_999_999], [inactive.id]]) {
      const result = await send(t.app, ENDPOINTS.createSlot, me, {
        body: slotBody(row.id, 0, { style_ids }),
      });
      expect({ style_ids, issues: issuesOf(result) }).toMatchObject({
        style_ids,
        issues: [{ path: 'style_ids', message: AD_MESSAGES.confirmStyle.en }],
      });
    }
    expect(await footprint(t.db, me)).toEqual(before);
  });

  it('names every unknown country, an unknown ad type and bad numbers at once', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const style = await buildStyleId(t.db);
    const known = nextCountry();
    await buildCountry(t.db, { code: known });
    const off = nextCountry();
    await buildCountry(t.db, { code: off, status: 1 });
    const inactiveType = await buildAdType(t.db, { status: 1 });
    const before = await footprint(t.db, me);
    const result = await send(t.app, ENDPOINTS.createSlot, me, {
      body: slotBody(row.id, style, {
        countries: [known, unknownCountry(), off],
        ad_type_id: inactiveType.id,
      }),
    });
    expect(issuesOf(result)).toMatchObject([
      { path: 'ad_type_id', message: SUPPLY_MESSAGES.unknownAdType.en },
      { path: 'countries.1', message: SUPPLY_MESSAGES.unknownCountry.en },
      { path: 'countries.2', message: SUPPLY_MESSAGES.unknownCountry.en },
    ]);
    const shape = await send(t.app, ENDPOINTS.createSlot, me, {
      body: slotBody(row.id, style, {
        width: -1,
        height: 10_001,
        lowest_bid: -5,
        countries: ['usa'],
        ad_form: 9,
        supply_type: 4,
        name: '',
      }),
    });
    expect(issuesOf(shape).map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        'width',
        'height',
        'lowest_bid',
        'countries.0',
        'ad_form',
        'supply_type',
        'name',
      ]),
    );
    expect(await footprint(t.db, me)).toEqual(before);
  });

  it('needs a media that exists and is not deleted', async () => {
    const style = await buildStyleId(t.db);
    const missing = await send(t.app, ENDPOINTS.createSlot, me, {
      body: slotBody(999_999_999, style),
    });
    expect(issuesOf(missing)).toMatchObject([
      { path: 'media_id', message: SUPPLY_MESSAGES.unknownMedia.en },
    ]);
    const deleted = await buildMedia(t.db, me.user.id, { status: 5 });
    const gone = await send(t.app, ENDPOINTS.createSlot, me, { body: slotBody(deleted.id, style) });
    expect(issuesOf(gone)).toMatchObject([
      { path: 'media_id', message: SUPPLY_MESSAGES.mediaDeleted.en },
    ]);
    const noMedia = await send(t.app, ENDPOINTS.createSlot, me, {
      body: { name: 'x', style_ids: [style] },
    });
    expect(issuesOf(noMedia).map((issue) => issue.path)).toEqual(['media_id']);
    // An inactive media takes new slots.
    const inactive = await buildMedia(t.db, me.user.id, { status: 1 });
    expectCode(
      await send(t.app, ENDPOINTS.createSlot, me, { body: slotBody(inactive.id, style) }),
      200,
      200,
    );
  });
});

describe('slot list', () => {
  it('filters by media, status, supply type and ad form; searches; sorts; hides deleted', async () => {
    const owner = await buildSupplyUser(t.db);
    const news = await buildMedia(t.db, owner.user.id, { name: 'News' });
    const game = await buildMedia(t.db, owner.user.id, { name: 'Game', status: 5 });
    const top = await buildSlot(t.db, news.id, { name: 'Top banner', lowestBid: 3 });
    const feed = await buildSlot(t.db, news.id, { name: 'Feed', adForm: 4, lowestBid: 1 });
    const reward = await buildSlot(t.db, game.id, { name: 'Reward', supplyType: 1, status: 1 });
    const gone = await buildSlot(t.db, news.id, { name: 'Old', status: 5 });
    const list = async (query = '') =>
      (await send<Page>(t.app, ENDPOINTS.listSlots, owner, { query })).body.data.list;
    const ids = async (query = '') => (await list(query)).map((row) => row.id);
    expect(await ids()).toEqual([reward.id, feed.id, top.id]);
    expect(await ids(`media_id=${news.id}`)).toEqual([feed.id, top.id]);
    expect(await ids('status=1')).toEqual([reward.id]);
    expect(await ids('status=5')).toEqual([gone.id]);
    expect(await ids('supply_type=1')).toEqual([reward.id]);
    expect(await ids('ad_form=4')).toEqual([feed.id]);
    expect(await ids('keyword=game')).toEqual([reward.id]);
    expect(await ids(`keyword=${top.id}`)).toEqual([top.id]);
    expect(await ids(`media_id=${news.id}&sort=lowest_bid&order=desc`)).toEqual([top.id, feed.id]);
    const [first] = await list(`media_id=${game.id}`);
    expect(first).toMatchObject({
      media_name: 'Game',
      media_status: 5,
      owner: { id: owner.user.id },
    });
    const bad = await send(t.app, ENDPOINTS.listSlots, owner, {
      query: 'supply_type=9&ad_form=x&sort=media&media_id=0',
    });
    expect(issuesOf(bad).map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['supply_type', 'ad_form', 'sort', 'media_id']),
    );
  });

  it('listAllSlots leaves out deleted slots and the slots of deleted media', async () => {
    const owner = await buildSupplyUser(t.db);
    const live = await buildMedia(t.db, owner.user.id, { name: 'A live' });
    const off = await buildMedia(t.db, owner.user.id, { name: 'B off', status: 1 });
    const gone = await buildMedia(t.db, owner.user.id, { name: 'C gone', status: 5 });
    const a = await buildSlot(t.db, live.id, { name: 'a' });
    await buildSlot(t.db, live.id, { name: 'b', status: 5 });
    const c = await buildSlot(t.db, off.id, { name: 'c', status: 1 });
    await buildSlot(t.db, gone.id, { name: 'd' });
    const result = await send<Slot[]>(t.app, ENDPOINTS.listAllSlots, owner);
    expect(result.body.data.map((row) => row.id)).toEqual([a.id, c.id]);
  });

  it('getSlot answers one slot, -150 when absent', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const slot = await buildSlot(t.db, row.id);
    const result = await send<Slot>(t.app, ENDPOINTS.getSlot, me, { query: `id=${slot.id}` });
    expect(result.body.data).toMatchObject({ id: slot.id, media_id: row.id });
    expectCode(await send(t.app, ENDPOINTS.getSlot, me, { query: 'id=999999999' }), -150, 404);
  });
});

describe('modify and switch slot', () => {
  it('changes only the sent fields with the note; the same values answer None Update', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const style = await buildStyleId(t.db);
    const slot = await buildSlot(t.db, row.id, { styleIds: [style], width: 320, height: 50 });
    const result = await send<Slot>(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: slot.id, width: 0, lowest_bid: 2_000_000, note: noteOf('wider', 'slot') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ width: 0, height: 50, lowest_bid: 2_000_000 });
    const [change] = await changesOf(t.db, 'slot', slot.id);
    expect(change).toMatchObject({
      method: 'modify',
      valueBefore: { width: 320, lowest_bid: 500_000 },
      valueAfter: { width: 0, lowest_bid: 2_000_000 },
      comment: 'wider',
    });
    // The same styles in another order, repeated: nothing changes.
    const same = await send(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: slot.id, width: 0, style_ids: [style, style] },
    });
    expectCode(same, -130, 400);
    expect(await changesOf(t.db, 'slot', slot.id)).toHaveLength(1);
  });

  it('checks only what the edit adds: a slot with a style switched off can be renamed', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const later = await buildStyle(t.db, { status: 1 });
    const code = nextCountry();
    await buildCountry(t.db, { code, status: 1 });
    const slot = await buildSlot(t.db, row.id, { styleIds: [later.id], countries: [code] });
    expectCode(
      await send(t.app, ENDPOINTS.modifySlot, me, { body: { id: slot.id, name: 'Renamed' } }),
      200,
      200,
    );
    const extra = unknownCountry();
    const adding = await send(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: slot.id, countries: [code, extra], style_ids: [later.id, 999_999_999] },
    });
    expect(issuesOf(adding)).toMatchObject([
      { path: 'style_ids', message: AD_MESSAGES.confirmStyle.en },
      { path: 'countries.1', message: SUPPLY_MESSAGES.unknownCountry.en },
    ]);
    const empty = await send(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: slot.id, style_ids: [] },
    });
    expect(issuesOf(empty)).toMatchObject([
      { path: 'style_ids', message: AD_MESSAGES.confirmStyle.en },
    ]);
    expect((await slotRow(t.db, slot.id))?.countries).toEqual([code]);
  });

  it('switches inactive, active, deleted; a deleted slot is final', async () => {
    const row = await buildMedia(t.db, me.user.id);
    const slot = await buildSlot(t.db, row.id);
    const to = (status: number) =>
      send<Slot>(t.app, ENDPOINTS.switchSlot, me, {
        body: { id: slot.id, status, note: noteOf('switch it', 'slot', 'switch') },
      });
    expect((await to(1)).body.data.status).toBe(1);
    expectCode(await to(1), -130, 400);
    expect((await to(5)).body.data.status).toBe(5);
    expect(issuesOf(await to(0))).toMatchObject([
      { path: 'status', message: SUPPLY_MESSAGES.slotFinal.en },
    ]);
    expect(
      issuesOf(await send(t.app, ENDPOINTS.modifySlot, me, { body: { id: slot.id, name: 'x' } })),
    ).toMatchObject([{ path: 'status', message: SUPPLY_MESSAGES.slotFinal.en }]);
    const changes = await changesOf(t.db, 'slot', slot.id);
    expect(changes.map((change) => [change.method, change.valueAfter, change.comment])).toEqual([
      ['switch', { status: 1 }, 'switch it'],
      ['switch', { status: 5 }, 'switch it'],
    ]);
  });
});
