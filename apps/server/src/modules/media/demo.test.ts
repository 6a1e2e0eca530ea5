/** The demo supply (db/seed.ts) keeps the rules the API enforces: the operator opens on real data. */
import { ENDPOINTS, type Media, type Slot } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSession } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { slotIssues } from './checks.js';
import { send } from './test-kit.js';

let t: TestApp;
let operator: Signed;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.select().from(users).where(eq(users.username, 'operator'));
  if (!row) throw new Error('demo user operator missing');
  operator = {
    user: { id: row.id, username: row.username, password: '', ability: row.ability },
    token: await buildSession(t.db, row.id),
  };
});
afterAll(async () => {
  await t.close();
});

describe('the demo supply of operator', () => {
  it('holds a media with three slots that keep every slot rule', async () => {
    const list = await send<{ list: Media[] }>(t.app, ENDPOINTS.listMedia, operator, {
      query: `owner_id=${operator.user.id}`,
    });
    expectCode(list, 200, 200);
    const demo = list.body.data.list.find((row) => row.name === 'Adloom News (demo)');
    expect(demo).toMatchObject({ slot_count: 3, status: 0, bundle: 'com.adloom.news' });
    const slots = await send<{ list: Slot[] }>(t.app, ENDPOINTS.listSlots, operator, {
      query: `media_id=${demo?.id ?? 0}&sort=name`,
    });
    const rows = slots.body.data.list;
    expect(rows.map((slot) => [slot.name, slot.width, slot.height])).toEqual([
      ['Article feed', 0, 0],
      ['Home banner', 320, 50],
      ['Launch splash', 1080, 1920],
    ]);
    for (const slot of rows) {
      expect(slot.style_ids.length, slot.name).toBeGreaterThan(0);
      expect(slot.ad_type_name, slot.name).not.toBeNull();
      expect(await slotIssues(t.db, slot), slot.name).toEqual([]);
    }
  });
});
