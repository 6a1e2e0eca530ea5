/**
 * A slot's auction type (docs/decisions/partner-pricing.md): second price unless set, first
 * price when set, 1 or 2 only, changed with a note that the history keeps.
 */
import { ENDPOINTS, type Slot } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import { buildMedia } from '../../test/supply-factories.js';
import { buildStyleId, buildSupplyUser, send, slotBody, slotRow } from './test-kit.js';

let t: TestApp;
let me: Signed;
beforeAll(async () => {
  t = await createTestApp();
  me = await buildSupplyUser(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('a slot’s auction type', () => {
  it('is second price by default, first price when set, 1 or 2 only, noted when changed', async () => {
    const media = await buildMedia(t.db, me.user.id);
    const style = await buildStyleId(t.db);
    const plain = await send<Slot>(t.app, ENDPOINTS.createSlot, me, {
      body: slotBody(media.id, style),
    });
    expectCode(plain, 200, 200);
    expect((plain.body.data as Slot).auction_type).toBe(2);

    const first = await send<Slot>(t.app, ENDPOINTS.createSlot, me, {
      body: slotBody(media.id, style, { auction_type: 1 }),
    });
    expectCode(first, 200, 200);
    const slot = first.body.data as Slot;
    expect(slot.auction_type).toBe(1);
    expect((await slotRow(t.db, slot.id))?.auctionType).toBe(1);

    for (const value of [0, 3, 1.5]) {
      const refused = await send(t.app, ENDPOINTS.modifySlot, me, {
        body: { id: slot.id, auction_type: value },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('auction_type');
    }
    expect((await slotRow(t.db, slot.id))?.auctionType).toBe(1);

    const changed = await send<Slot>(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: slot.id, auction_type: 2, note: noteOf('back to second price', 'slot') },
    });
    expectCode(changed, 200, 200);
    expect((changed.body.data as Slot).auction_type).toBe(2);
    expect((await changesOf(t.db, 'slot', slot.id)).at(-1)).toMatchObject({
      method: 'modify',
      comment: 'back to second price',
      valueBefore: { auction_type: 1 },
      valueAfter: { auction_type: 2 },
    });
  });
});
