/**
 * Who reaches media and slots (docs/product/roles-and-access.md#ownership): an advertiser none (-110 on every endpoint); a
 * slot user the media it owns or owns through its users; ssp and system all of them. Out
 * of reach answers -110 and writes nothing; history reads follow the same rule.
 */
import { ENDPOINTS, type Media, type Slot } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf } from '../../test/settings.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import {
  ADVERTISER_ABILITY,
  SSP_ABILITY,
  SYSTEM_ABILITY,
  buildStyleId,
  buildSupplyUser,
  footprint,
  mediaBody,
  mediaRow,
  send,
  slotBody,
  slotRow,
} from './test-kit.js';

type Page<T> = { list: T[]; total: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

async function mediaIds(actor: Signed, query = '') {
  const result = await send<Page<Media>>(t.app, ENDPOINTS.listMedia, actor, { query });
  expectCode(result, 200, 200);
  return sorted(result.body.data.list.map((row) => row.id));
}

async function slotIds(actor: Signed, query = '') {
  const result = await send<Page<Slot>>(t.app, ENDPOINTS.listSlots, actor, { query });
  expectCode(result, 200, 200);
  return sorted(result.body.data.list.map((row) => row.id));
}

/** A publisher tree: a slot user owning a slot user, each with a media and a slot. */
async function buildTree() {
  const parent = await buildSupplyUser(t.db);
  const child = await buildSupplyUser(t.db, { parentId: parent.user.id });
  const parentMedia = await buildMedia(t.db, parent.user.id);
  const childMedia = await buildMedia(t.db, child.user.id);
  const parentSlot = await buildSlot(t.db, parentMedia.id);
  const childSlot = await buildSlot(t.db, childMedia.id);
  return { parent, child, parentMedia, childMedia, parentSlot, childSlot };
}

describe('an advertiser', () => {
  it('is refused every media and slot endpoint', async () => {
    const advertiser = await buildSupplyUser(t.db, { ability: ADVERTISER_ABILITY });
    const { parentMedia, parentSlot } = await buildTree();
    const style = await buildStyleId(t.db);
    const calls: [keyof typeof ENDPOINTS, { body?: unknown; query?: string }][] = [
      ['listMedia', {}],
      ['listAllMedia', {}],
      ['listMediaOwners', {}],
      ['createMedia', { body: mediaBody() }],
      ['modifyMedia', { body: { id: parentMedia.id, name: 'Taken' } }],
      ['switchMedia', { body: { id: parentMedia.id, status: 1 } }],
      ['listSlots', {}],
      ['listAllSlots', {}],
      ['getSlot', { query: `id=${parentSlot.id}` }],
      ['createSlot', { body: slotBody(parentMedia.id, style) }],
      ['modifySlot', { body: { id: parentSlot.id, name: 'Taken' } }],
      ['switchSlot', { body: { id: parentSlot.id, status: 1 } }],
    ];
    for (const [name, input] of calls) {
      const result = await send(t.app, ENDPOINTS[name], advertiser, input);
      expect({ name, code: result.body.code, status: result.status }).toEqual({
        name,
        code: -110,
        status: 403,
      });
    }
    expect(await footprint(t.db, advertiser)).toEqual({ media: 0, slots: 0, changes: 0 });
  });
});

describe('a slot user', () => {
  it('sees only its own media and slots and those of its users', async () => {
    const tree = await buildTree();
    const stranger = await buildSupplyUser(t.db);
    const strangerMedia = await buildMedia(t.db, stranger.user.id);
    await buildSlot(t.db, strangerMedia.id);
    expect(await mediaIds(tree.parent)).toEqual(sorted([tree.parentMedia.id, tree.childMedia.id]));
    expect(await mediaIds(tree.child)).toEqual([tree.childMedia.id]);
    expect(await mediaIds(tree.parent, `owner_id=${tree.child.user.id}`)).toEqual([
      tree.childMedia.id,
    ]);
    expect(await slotIds(tree.parent)).toEqual(sorted([tree.parentSlot.id, tree.childSlot.id]));
    expect(await slotIds(tree.child)).toEqual([tree.childSlot.id]);
    const all = await send<Slot[]>(t.app, ENDPOINTS.listAllSlots, tree.child);
    expect(all.body.data.map((row) => row.id)).toEqual([tree.childSlot.id]);
    const allMedia = await send<Media[]>(t.app, ENDPOINTS.listAllMedia, tree.child);
    expect(allMedia.body.data.map((row) => row.id)).toEqual([tree.childMedia.id]);
  });

  it('manages its users’ media and slots: writes are the user’s, noted with the actor', async () => {
    const tree = await buildTree();
    const style = await buildStyleId(t.db);
    const created = await send<Media>(t.app, ENDPOINTS.createMedia, tree.parent, {
      body: mediaBody({ owner_id: tree.child.user.id }),
    });
    expect(created.body.data.owner.id).toBe(tree.child.user.id);
    const slot = await send<Slot>(t.app, ENDPOINTS.createSlot, tree.parent, {
      body: slotBody(tree.childMedia.id, style),
    });
    expectCode(slot, 200, 200);
    expectCode(
      await send(t.app, ENDPOINTS.modifySlot, tree.parent, {
        body: { id: tree.childSlot.id, lowest_bid: 90_000 },
      }),
      200,
      200,
    );
    const [change] = await changesOf(t.db, 'slot', slot.body.data.id);
    expect(change).toMatchObject({ actorId: tree.parent.user.id });
    const history = await send<Page<unknown>>(t.app, ENDPOINTS.listChanges, tree.child, {
      query: `target_type=slot&target_id=${slot.body.data.id}`,
    });
    expect(history.body.data.total).toBe(1);
  });

  it('answers -110 on another’s media and slots on every endpoint, writing nothing', async () => {
    const tree = await buildTree();
    const style = await buildStyleId(t.db);
    // The child reaches neither its owner's media nor slots.
    const outsider = tree.child;
    const mediaBefore = await mediaRow(t.db, tree.parentMedia.id);
    const slotBefore = await slotRow(t.db, tree.parentSlot.id);
    const before = await footprint(t.db, outsider);
    const calls: [keyof typeof ENDPOINTS, { body?: unknown; query?: string }][] = [
      ['listMedia', { query: `owner_id=${tree.parent.user.id}` }],
      ['createMedia', { body: mediaBody({ owner_id: tree.parent.user.id }) }],
      ['modifyMedia', { body: { id: tree.parentMedia.id, name: 'Taken' } }],
      ['modifyMedia', { body: { id: tree.childMedia.id, owner_id: tree.parent.user.id } }],
      ['switchMedia', { body: { id: tree.parentMedia.id, status: 5 } }],
      ['listSlots', { query: `media_id=${tree.parentMedia.id}` }],
      ['getSlot', { query: `id=${tree.parentSlot.id}` }],
      ['createSlot', { body: slotBody(tree.parentMedia.id, style) }],
      ['modifySlot', { body: { id: tree.parentSlot.id, name: 'Taken' } }],
      ['switchSlot', { body: { id: tree.parentSlot.id, status: 5 } }],
      ['listChanges', { query: `target_type=media&target_id=${tree.parentMedia.id}` }],
      ['listChanges', { query: `target_type=slot&target_id=${tree.parentSlot.id}` }],
      ['listChanges', { query: 'target_type=slot' }],
    ];
    for (const [name, input] of calls) {
      const result = await send(t.app, ENDPOINTS[name], outsider, input);
      expect({ name, input, code: result.body.code }).toEqual({ name, input, code: -110 });
    }
    // An unknown owner is not told apart from one out of reach.
    expectCode(
      await send(t.app, ENDPOINTS.createMedia, outsider, {
        body: mediaBody({ owner_id: 999_999_999 }),
      }),
      -110,
      403,
    );
    expect(await mediaRow(t.db, tree.parentMedia.id)).toEqual(mediaBefore);
    expect(await slotRow(t.db, tree.parentSlot.id)).toEqual(slotBefore);
    expect(await footprint(t.db, outsider)).toEqual(before);
    expect(await changesOf(t.db, 'media', tree.parentMedia.id)).toEqual([]);
  });
});

describe('ssp and system', () => {
  it.each([
    ['ssp', SSP_ABILITY],
    ['system', SYSTEM_ABILITY],
  ])('%s reaches every media and slot', async (_name, ability) => {
    const operator = await buildSupplyUser(t.db, { ability });
    const tree = await buildTree();
    const style = await buildStyleId(t.db);
    expect(await mediaIds(operator, `owner_id=${tree.parent.user.id}`)).toEqual([
      tree.parentMedia.id,
    ]);
    expect(await slotIds(operator, `media_id=${tree.childMedia.id}`)).toEqual([tree.childSlot.id]);
    const moved = await send<Media>(t.app, ENDPOINTS.modifyMedia, operator, {
      body: { id: tree.childMedia.id, owner_id: tree.parent.user.id },
    });
    expect(moved.body.data.owner.id).toBe(tree.parent.user.id);
    expectCode(
      await send(t.app, ENDPOINTS.createSlot, operator, {
        body: slotBody(tree.parentMedia.id, style),
      }),
      200,
      200,
    );
    expectCode(
      await send(t.app, ENDPOINTS.switchSlot, operator, {
        body: { id: tree.parentSlot.id, status: 1 },
      }),
      200,
      200,
    );
    const history = await send<Page<unknown>>(t.app, ENDPOINTS.listChanges, operator, {
      query: 'target_type=media',
    });
    expectCode(history, 200, 200);
  });
});
