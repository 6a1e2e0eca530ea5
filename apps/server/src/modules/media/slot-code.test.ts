/** A slot's code: set, changed and cleared through the slot routes; unique among live slots. */
import { randomUUID } from 'node:crypto';
import { ENDPOINTS, SUPPLY_MESSAGES, type Slot } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { buildMedia } from '../../test/supply-factories.js';
import {
  buildStyleId,
  buildSupplyUser,
  footprint,
  issuesOf,
  send,
  slotBody,
  slotRow,
} from './test-kit.js';

let t: TestApp;
let me: Signed;
let mediaId: number;
let styleId: number;
beforeAll(async () => {
  t = await createTestApp();
  me = await buildSupplyUser(t.db);
  mediaId = (await buildMedia(t.db, me.user.id)).id;
  styleId = await buildStyleId(t.db);
});
afterAll(async () => {
  await t.close();
});

const uniqueCode = () => `home-top ${randomUUID().slice(0, 8)}`;

async function create(overrides: Record<string, unknown>) {
  return send<Slot>(t.app, ENDPOINTS.createSlot, me, {
    body: slotBody(mediaId, styleId, overrides),
  });
}

describe('slot code', () => {
  it('is saved trimmed, shown, changed and cleared; a blank one is none', async () => {
    const code = uniqueCode();
    const created = await create({ code: `  ${code} ` });
    expectCode(created, 200, 200);
    expect(created.body.data.code).toBe(code);
    expect((await slotRow(t.db, created.body.data.id))?.code).toBe(code);

    const renamed = uniqueCode();
    const changed = await send<Slot>(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: created.body.data.id, code: renamed },
    });
    expectCode(changed, 200, 200);
    expect(changed.body.data.code).toBe(renamed);

    const cleared = await send<Slot>(t.app, ENDPOINTS.modifySlot, me, {
      body: { id: created.body.data.id, code: '' },
    });
    expectCode(cleared, 200, 200);
    expect(cleared.body.data.code).toBeNull();
    expect((await create({})).body.data.code).toBeNull();
  });

  it('belongs to one live slot: a second one is refused on the field, nothing written', async () => {
    const code = uniqueCode();
    const first = await create({ code });
    expectCode(first, 200, 200);
    const before = await footprint(t.db, me);
    expect(issuesOf(await create({ code }))).toMatchObject([
      { path: 'code', message: SUPPLY_MESSAGES.slotCodeTaken.en },
    ]);
    const other = await create({});
    const after = await footprint(t.db, me);
    expect(after.slots).toBe(before.slots + 1);
    expect(
      issuesOf(
        await send(t.app, ENDPOINTS.modifySlot, me, { body: { id: other.body.data.id, code } }),
      ),
    ).toMatchObject([{ path: 'code', message: SUPPLY_MESSAGES.slotCodeTaken.en }]);
    expect((await slotRow(t.db, other.body.data.id))?.code).toBeNull();
    // Saving the slot with its own code again is no conflict.
    expectCode(
      await send(t.app, ENDPOINTS.modifySlot, me, {
        body: { id: first.body.data.id, code, name: 'Renamed' },
      }),
      200,
      200,
    );

    // A deleted slot gives its code up.
    expectCode(
      await send(t.app, ENDPOINTS.switchSlot, me, { body: { id: first.body.data.id, status: 5 } }),
      200,
      200,
    );
    expectCode(await create({ code }), 200, 200);
  });

  it('is found by the list search', async () => {
    const code = uniqueCode();
    const created = await create({ code });
    const found = await send<{ list: Slot[] }>(t.app, ENDPOINTS.listSlots, me, {
      query: `keyword=${encodeURIComponent(code.slice(-8))}`,
    });
    expectCode(found, 200, 200);
    expect(found.body.data.list.map((slot) => slot.id)).toEqual([created.body.data.id]);
  });

  it('refuses control characters and more than 64 characters', async () => {
    for (const code of ['tab\there', 'x'.repeat(65)]) {
      const issues = issuesOf(await create({ code }));
      expect(issues.map((issue) => issue.path)).toEqual(['code']);
    }
  });
});
