/** Media routes: list, selects, owners, create, modify and switch with their notes. */
import { ENDPOINTS, ERROR_MESSAGES, SUPPLY_MESSAGES, type Media } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import {
  SSP_ABILITY,
  buildSupplyUser,
  footprint,
  issuesOf,
  mediaBody,
  mediaRow,
  send,
} from './test-kit.js';

type Page = { list: Media[]; total: number; page: number; size: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('media list', () => {
  it('lists the acting user’s media newest first with owner and live slot count', async () => {
    const me = await buildSupplyUser(t.db);
    const older = await buildMedia(t.db, me.user.id, { name: 'Older' });
    const newer = await buildMedia(t.db, me.user.id, { name: 'Newer' });
    await buildSlot(t.db, newer.id);
    await buildSlot(t.db, newer.id, { status: 1 });
    await buildSlot(t.db, newer.id, { status: 5 });
    const result = await send<Page>(t.app, ENDPOINTS.listMedia, me);
    expectCode(result, 200, 200);
    expect(result.body.data.list.map((row) => [row.id, row.slot_count])).toEqual([
      [newer.id, 2],
      [older.id, 0],
    ]);
    expect(result.body.data.list[0]?.owner).toEqual({
      id: me.user.id,
      username: me.user.username,
      nickname: expect.any(String),
    });
    expect(ENDPOINTS.listMedia.response.safeParse(result.body.data).success).toBe(true);
  });

  it('searches name, bundle and id; filters status and OS; sorts and pages', async () => {
    const me = await buildSupplyUser(t.db);
    const news = await buildMedia(t.db, me.user.id, { name: 'Daily news', bundle: 'com.news' });
    const game = await buildMedia(t.db, me.user.id, { name: 'Puzzle', bundle: 'io.game', os: 2 });
    const off = await buildMedia(t.db, me.user.id, {
      name: '100%_off',
      bundle: 'com.sale',
      status: 1,
    });
    const gone = await buildMedia(t.db, me.user.id, {
      name: 'Gone',
      bundle: 'com.gone',
      status: 5,
    });
    await buildSlot(t.db, game.id);
    await buildSlot(t.db, game.id);
    await buildSlot(t.db, off.id);
    const ids = async (query: string) =>
      (await send<Page>(t.app, ENDPOINTS.listMedia, me, { query })).body.data.list.map(
        (row) => row.id,
      );
    expect(await ids('')).toEqual([off.id, game.id, news.id]);
    expect(await ids('keyword=news')).toEqual([news.id]);
    expect(await ids('keyword=io.game')).toEqual([game.id]);
    expect(await ids('keyword=%25_')).toEqual([off.id]);
    expect(await ids(`keyword=${news.id}`)).toEqual([news.id]);
    expect(await ids('status=1')).toEqual([off.id]);
    expect(await ids('status=5')).toEqual([gone.id]);
    expect(await ids('os=2')).toEqual([game.id]);
    expect(await ids('sort=name')).toEqual([off.id, news.id, game.id]);
    expect(await ids('sort=slot_count&order=desc')).toEqual([game.id, off.id, news.id]);
    const second = await send<Page>(t.app, ENDPOINTS.listMedia, me, {
      query: 'sort=name&size=10&page=2',
    });
    expect(second.body.data).toMatchObject({ list: [], total: 3, page: 2, size: 10 });
  });

  it('names a bad status, OS, sort and page size', async () => {
    const me = await buildSupplyUser(t.db);
    const result = await send(t.app, ENDPOINTS.listMedia, me, {
      query: 'status=3&os=9&sort=owner&size=7',
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['status', 'os', 'sort', 'size']),
    );
  });

  it('listAllMedia answers every media in reach that is not deleted, by name', async () => {
    const me = await buildSupplyUser(t.db);
    const b = await buildMedia(t.db, me.user.id, { name: 'B media' });
    const a = await buildMedia(t.db, me.user.id, { name: 'A media', status: 1 });
    await buildMedia(t.db, me.user.id, { name: 'C media', status: 5 });
    const result = await send<Media[]>(t.app, ENDPOINTS.listAllMedia, me);
    expect(result.body.data.map((row) => row.id)).toEqual([a.id, b.id]);
  });
});

describe('owners a media may have', () => {
  it('offers a slot user itself and the accounts under it; ssp everyone, by keyword', async () => {
    const me = await buildSupplyUser(t.db);
    const child = await buildSupplyUser(t.db, { parentId: me.user.id });
    const stranger = await buildSupplyUser(t.db);
    const ids = async (actor: Signed, query = '') =>
      (
        await send<{ id: number }[]>(t.app, ENDPOINTS.listMediaOwners, actor, { query })
      ).body.data.map((row) => row.id);
    expect((await ids(me)).sort((x, y) => x - y)).toEqual([me.user.id, child.user.id]);
    expect(await ids(me, `keyword=${child.user.username}`)).toEqual([child.user.id]);
    const ssp = await buildSupplyUser(t.db, { ability: SSP_ABILITY });
    expect(await ids(ssp, `keyword=${stranger.user.username}`)).toEqual([stranger.user.id]);
  });
});

describe('create media', () => {
  it('creates an active media of the acting user and logs it', async () => {
    const me = await buildSupplyUser(t.db);
    const body = mediaBody({ name: '  Weather app ', bundle: 'com.weather' });
    const result = await send<Media>(t.app, ENDPOINTS.createMedia, me, { body });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      name: 'Weather app',
      bundle: 'com.weather',
      os: 1,
      status: 0,
      slot_count: 0,
      owner: { id: me.user.id },
    });
    const changes = await changesOf(t.db, 'media', result.body.data.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      method: 'create',
      valueBefore: null,
      valueAfter: { name: 'Weather app', os: 1, bundle: 'com.weather', owner_id: me.user.id },
      actorId: me.user.id,
    });
  });

  it('gives the media to another owner in reach; an unknown owner is named', async () => {
    const ssp = await buildSupplyUser(t.db, { ability: SSP_ABILITY });
    const publisher = await buildSupplyUser(t.db);
    const result = await send<Media>(t.app, ENDPOINTS.createMedia, ssp, {
      body: mediaBody({ owner_id: publisher.user.id }),
    });
    expectCode(result, 200, 200);
    expect(result.body.data.owner.id).toBe(publisher.user.id);
    const before = await footprint(t.db, ssp);
    const unknown = await send(t.app, ENDPOINTS.createMedia, ssp, {
      body: mediaBody({ owner_id: 999_999_999 }),
    });
    expect(issuesOf(unknown)).toMatchObject([
      { path: 'owner_id', message: SUPPLY_MESSAGES.unknownOwner.en },
    ]);
    expect(await footprint(t.db, ssp)).toEqual(before);
  });

  it('names bad fields and writes nothing', async () => {
    const me = await buildSupplyUser(t.db);
    const before = await footprint(t.db, me);
    const bad = await send(t.app, ENDPOINTS.createMedia, me, {
      body: { name: ' ', os: 7, bundle: 'not a bundle!' },
    });
    expect(issuesOf(bad)).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', code: 'input.required' }),
        { path: 'os', code: 'supply.os', message: SUPPLY_MESSAGES.os.en },
        { path: 'bundle', code: 'supply.bundle', message: SUPPLY_MESSAGES.bundle.en },
      ]),
    );
    expectCode(await send(t.app, ENDPOINTS.createMedia, me, { body: {} }), -131, 400);
    expect(await footprint(t.db, me)).toEqual(before);
  });
});

describe('media names are unique per owner (issue 20 item 6)', () => {
  const exists = [{ path: 'name', code: 'error.existent', message: ERROR_MESSAGES.existent.en }];

  it('refuses a second media of the same name, case and spaces aside, and writes nothing', async () => {
    const me = await buildSupplyUser(t.db);
    await buildMedia(t.db, me.user.id, { name: 'Daily News' });
    const before = await footprint(t.db, me);
    const again = await send(t.app, ENDPOINTS.createMedia, me, {
      body: mediaBody({ name: ' daily news ' }),
    });
    expect(issuesOf(again)).toEqual(exists);
    expect(ERROR_MESSAGES.existent.en).toBe("Exists, don't duplicate.");
    expect(await footprint(t.db, me)).toEqual(before);
  });

  it('lets another owner use the name, and a deleted media’s name be used again', async () => {
    const me = await buildSupplyUser(t.db);
    const other = await buildSupplyUser(t.db);
    await buildMedia(t.db, me.user.id, { name: 'Shared name' });
    await buildMedia(t.db, me.user.id, { name: 'Retired', status: 5 });
    const elsewhere = await send(t.app, ENDPOINTS.createMedia, other, {
      body: mediaBody({ name: 'Shared name' }),
    });
    expectCode(elsewhere, 200, 200);
    const reused = await send(t.app, ENDPOINTS.createMedia, me, {
      body: mediaBody({ name: 'Retired' }),
    });
    expectCode(reused, 200, 200);
  });

  it('refuses a rename onto a sibling’s name, or a move to an owner holding it; keeps its own', async () => {
    const me = await buildSupplyUser(t.db);
    const child = await buildSupplyUser(t.db, { parentId: me.user.id });
    const first = await buildMedia(t.db, me.user.id, { name: 'First' });
    const second = await buildMedia(t.db, me.user.id, { name: 'Second' });
    await buildMedia(t.db, child.user.id, { name: 'Second' });
    const rename = await send(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: second.id, name: 'FIRST', note: noteOf('rename it', 'media') },
    });
    expect(issuesOf(rename)).toEqual(exists);
    const move = await send(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: second.id, owner_id: child.user.id, note: noteOf('move it', 'media') },
    });
    expect(issuesOf(move)).toEqual(exists);
    expect(await mediaRow(t.db, second.id)).toMatchObject({ name: 'Second', ownerId: me.user.id });
    expect(await changesOf(t.db, 'media', second.id)).toEqual([]);
    // Its own name in another case is no duplicate.
    const recased = await send<Media>(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: first.id, name: 'first', note: noteOf('lower case', 'media') },
    });
    expectCode(recased, 200, 200);
  });
});

describe('modify media', () => {
  it('changes only the sent fields with the note; the same values answer None Update', async () => {
    const me = await buildSupplyUser(t.db);
    const row = await buildMedia(t.db, me.user.id, { name: 'Old', bundle: 'com.old', os: 1 });
    const result = await send<Media>(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: row.id, name: 'New', note: noteOf('rename it', 'media') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ name: 'New', bundle: 'com.old', os: 1 });
    const [change] = await changesOf(t.db, 'media', row.id);
    expect(change).toMatchObject({
      method: 'modify',
      valueBefore: { name: 'Old' },
      valueAfter: { name: 'New' },
      comment: 'rename it',
    });
    const same = await send(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: row.id, name: 'New', bundle: 'com.old' },
    });
    expectCode(same, -130, 400);
    expect(await changesOf(t.db, 'media', row.id)).toHaveLength(1);
  });

  it('moves a media to a user of the owner’s tree; an unknown owner is named', async () => {
    const me = await buildSupplyUser(t.db);
    const child = await buildSupplyUser(t.db, { parentId: me.user.id });
    const row = await buildMedia(t.db, me.user.id);
    const moved = await send<Media>(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: row.id, owner_id: child.user.id },
    });
    expect(moved.body.data.owner.id).toBe(child.user.id);
    const ssp = await buildSupplyUser(t.db, { ability: SSP_ABILITY });
    const unknown = await send(t.app, ENDPOINTS.modifyMedia, ssp, {
      body: { id: row.id, owner_id: 999_999_999 },
    });
    expect(issuesOf(unknown).map((issue) => issue.path)).toEqual(['owner_id']);
    expect((await mediaRow(t.db, row.id))?.ownerId).toBe(child.user.id);
  });

  it('names a bad bundle and an unknown id', async () => {
    const me = await buildSupplyUser(t.db);
    const row = await buildMedia(t.db, me.user.id);
    const bad = await send(t.app, ENDPOINTS.modifyMedia, me, {
      body: { id: row.id, bundle: 'com example' },
    });
    expect(issuesOf(bad)).toMatchObject([{ path: 'bundle', message: SUPPLY_MESSAGES.bundle.en }]);
    expectCode(
      await send(t.app, ENDPOINTS.modifyMedia, me, { body: { id: 999_999_999, name: 'x' } }),
      -150,
      404,
    );
    expect(await changesOf(t.db, 'media', row.id)).toEqual([]);
  });
});

describe('switch media', () => {
  it('deactivates, restores and deletes for good; its slots stay as they are', async () => {
    const me = await buildSupplyUser(t.db);
    const row = await buildMedia(t.db, me.user.id);
    const slot = await buildSlot(t.db, row.id);
    const to = (status: number) =>
      send<Media>(t.app, ENDPOINTS.switchMedia, me, { body: { id: row.id, status } });
    expect((await to(1)).body.data.status).toBe(1);
    expectCode(await to(1), -130, 400);
    expect((await to(0)).body.data.status).toBe(0);
    expect((await to(5)).body.data.status).toBe(5);
    expect(issuesOf(await to(0))).toMatchObject([
      { path: 'status', message: SUPPLY_MESSAGES.mediaFinal.en },
    ]);
    expect(
      issuesOf(await send(t.app, ENDPOINTS.modifyMedia, me, { body: { id: row.id, name: 'x' } })),
    ).toMatchObject([{ path: 'status', message: SUPPLY_MESSAGES.mediaFinal.en }]);
    const changes = await changesOf(t.db, 'media', row.id);
    expect(changes.map((change) => [change.method, change.valueAfter])).toEqual([
      ['switch', { status: 1 }],
      ['switch', { status: 0 }],
      ['switch', { status: 5 }],
    ]);
    expect(
      (await send(t.app, ENDPOINTS.getSlot, me, { query: `id=${slot.id}` })).body.data,
    ).toMatchObject({ status: 0, media_status: 5 });
    const bad = await send(t.app, ENDPOINTS.switchMedia, me, { body: { id: row.id, status: 2 } });
    expect(issuesOf(bad)).toMatchObject([{ path: 'status', message: SUPPLY_MESSAGES.status.en }]);
  });
});
