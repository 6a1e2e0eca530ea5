/**
 * Bulk shelve / restore / delete on the creative list: reach refuses everything, a row whose
 * state refuses the action is named with its reason and the others are written.
 */
import { Ability, ENDPOINTS, WideStatus, type BulkResult } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISER_ABILITY, buildSigned, type Signed } from '../../test/accounts.js';
import { buildCreative } from '../../test/ad-factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changeCountBy, changesOf } from '../../test/settings.js';
import { buildStyles, creativeRow, send, type Styles } from './test-kit.js';

let t: TestApp;
let styles: Styles;
beforeAll(async () => {
  t = await createTestApp();
  styles = await buildStyles(t.db);
});
afterAll(async () => {
  await t.close();
});

const advertiser = () => buildSigned(t.db, { ability: ADVERTISER_ABILITY });
const creativeOf = (owner: Signed, status: number = WideStatus.active) =>
  buildCreative(t.db, owner.user.id, { styleId: styles.text.id, status });
const bulk = (actor: Signed, body: unknown) =>
  send<BulkResult>(t.app, ENDPOINTS.bulkCreatives, actor.token, body);
const statusesOf = (ids: number[]) =>
  Promise.all(ids.map(async (id) => (await creativeRow(t.db, id))?.status));

describe('bulk creative actions', () => {
  it('shelves the selection, one noted change per creative', async () => {
    const me = await advertiser();
    const [a, b] = [await creativeOf(me), await creativeOf(me)];
    const result = await bulk(me, { ids: [a.id, b.id], action: 'shelve', comment: 'Tired ads' });
    expectCode(result, 200, 200);
    expect(result.body.data).toEqual({ done: [a.id, b.id], failed: [] });
    expect(await statusesOf([a.id, b.id])).toEqual([WideStatus.inactive, WideStatus.inactive]);
    const [change] = await changesOf(t.db, 'creative', a.id);
    expect(change).toMatchObject({
      method: 'switch',
      valueBefore: { status: WideStatus.active },
      valueAfter: { status: WideStatus.inactive },
      comment: 'Tired ads',
    });
  });

  it('deletes the valid ones and names a deleted or unchanged one with its reason', async () => {
    const me = await advertiser();
    const live = await creativeOf(me);
    const shelved = await creativeOf(me, WideStatus.inactive);
    const gone = await creativeOf(me, WideStatus.deleted);
    const result = await bulk(me, { ids: [live.id, gone.id, shelved.id], action: 'delete' });
    expect(result.body.data).toEqual({
      done: [live.id, shelved.id],
      failed: [{ id: gone.id, code: 'creative.deleted' }],
    });
    expect(await statusesOf([live.id, shelved.id, gone.id])).toEqual([
      WideStatus.deleted,
      WideStatus.deleted,
      WideStatus.deleted,
    ]);
    const again = await bulk(me, { ids: [shelved.id], action: 'delete' });
    expect(again.body.data.failed).toEqual([{ id: shelved.id, code: 'creative.deleted' }]);

    const active = await creativeOf(me);
    const restore = await bulk(me, { ids: [active.id], action: 'restore' });
    expect(restore.body.data.failed).toEqual([{ id: active.id, code: 'error.noneUpdate' }]);
  });

  it('refuses everything when one creative is out of reach or missing', async () => {
    const me = await advertiser();
    const other = await advertiser();
    const mine = await creativeOf(me);
    const theirs = await creativeOf(other);
    const before = await changeCountBy(t.db, me.user.id);
    expectCode(await bulk(me, { ids: [mine.id, theirs.id], action: 'delete' }), -110, 403);
    expectCode(await bulk(me, { ids: [mine.id, 2_000_000_000], action: 'delete' }), -150, 404);
    expect(await statusesOf([mine.id, theirs.id])).toEqual([WideStatus.active, WideStatus.active]);
    expect(await changeCountBy(t.db, me.user.id)).toBe(before);
  });

  it('a global ad manager reaches everyone’s creatives', async () => {
    const manager = await buildSigned(t.db, {
      ability: Ability.login | Ability.adManage | Ability.examAdvanced,
    });
    const owner = await advertiser();
    const creative = await creativeOf(owner);
    const result = await bulk(manager, { ids: [creative.id], action: 'shelve' });
    expect(result.body.data).toEqual({ done: [creative.id], failed: [] });
  });
});
