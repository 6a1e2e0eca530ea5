/**
 * Issue 19 item 6 through the real routes: text the database cannot store, ids that are not
 * ids and amounts past any range answer 400 naming the field, and nothing is written.
 */
import {
  ABILITY_ALL,
  INPUT_MESSAGES,
  ResponseCode,
  encodeCredential,
  messageText,
  type MessageCode,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, slots, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildSession, buildUser, type TestUser } from '../test/factories.js';
import { api, type ApiRequest } from '../test/http.js';
import { buildMedia, buildSlot } from '../test/supply-factories.js';

let t: TestApp;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, { ability: ABILITY_ALL });
  token = await buildSession(t.db, admin.id);
});
afterAll(async () => {
  await t.close();
});

const send = (request: ApiRequest) => api(t.app, { ...request, token });

function expectRefused(result: Awaited<ReturnType<typeof send>>, path: string, code?: MessageCode) {
  expect(result.status).toBe(400);
  expect(result.body.code).toBe(ResponseCode.validation);
  expect(result.body.data).toEqual({
    fields: [code ? { path, code, message: messageText(code) } : expect.objectContaining({ path })],
  });
}

describe('text with NUL or a lone surrogate', () => {
  it.each([
    ['a NUL', 'Nick\u0000name'],
    ['a lone high surrogate', 'Nick\uD800'],
    ['a lone low surrogate', '\uDC00Nick'],
  ])('is refused in a nickname (%s), the profile unchanged', async (_name, nickname) => {
    const before = await t.db.select().from(users).where(eq(users.id, admin.id));
    const result = await send({
      method: 'PUT',
      url: '/svc/sys/user/profile',
      body: { nickname, avatar: '', introduction: 'hello' },
    });
    expectRefused(result, 'nickname', 'input.unsafeText');
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toEqual(before);
  });

  it('is refused in a multipart form field, a query string and a nested array', async () => {
    expectRefused(
      await send({
        method: 'PUT',
        url: '/svc/sys/user/profile',
        multipart: { nickname: 'ok', avatar: '', introduction: 'intro\u0000' },
      }),
      'introduction',
      'input.unsafeText',
    );
    expectRefused(
      await send({ url: `/svc/ssp/media/list?keyword=${encodeURIComponent('a\u0000')}` }),
      'keyword',
      'input.unsafeText',
    );
    expectRefused(
      await send({
        method: 'POST',
        url: '/svc/ssp/slot/create',
        body: { media_id: 1, name: 'Slot', style_ids: [1], countries: ['US', '\uD83D'] },
      }),
      'countries.1',
      'input.unsafeText',
    );
  });

  it('is refused inside a DSP config once the JSON text is parsed', async () => {
    const result = await send({
      method: 'POST',
      url: '/svc/ssp/dsp/create',
      body: {
        name: 'Hostile DSP',
        request_url: 'https://dsp.example.com/bid',
        config: '{"seat":"a\\u0000b"}',
      },
    });
    expect(result.status).toBe(400);
    expect(result.body.data).toMatchObject({
      fields: [
        { path: 'config.seat', code: 'input.unsafeText', message: INPUT_MESSAGES.unsafeText.en },
      ],
    });
  });

  it('is refused in an encoded credential once decoded, the password unchanged', async () => {
    const account = await buildUser(t.db, { parentId: admin.id });
    const [before] = await t.db.select().from(users).where(eq(users.id, account.id));
    const result = await send({
      method: 'PUT',
      url: '/svc/sys/account/password',
      body: { id: account.id, password: encodeCredential('Long enough\u0000but NUL 9') },
    });
    expectRefused(result, 'password', 'input.unsafeText');
    const [after] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('still takes emoji, Chinese and meta characters', async () => {
    const nickname = `😀 中文 <b>'";--`;
    const result = await send({
      method: 'PUT',
      url: '/svc/sys/user/profile',
      body: { nickname, avatar: '', introduction: '' },
    });
    expect(result.body).toMatchObject({ code: 200, data: { nickname } });
  });
});

describe('ids and statuses are strict integers', () => {
  it.each([true, '1e0', '0x1', ' 1', '01', 1.5, ''])(
    'a slot switch refuses status %j and leaves the slot live',
    async (status) => {
      const media = await buildMedia(t.db, admin.id);
      const slot = await buildSlot(t.db, media.id);
      const result = await send({
        method: 'PATCH',
        url: '/svc/ssp/slot/switch',
        body: { id: slot.id, status },
      });
      expectRefused(result, 'status');
      const [row] = await t.db.select().from(slots).where(eq(slots.id, slot.id));
      expect(row?.status).toBe(0);
    },
  );

  it.each([true, '1e0', '0x1', ' 1', '01'])('a switch refuses id %j', async (id) => {
    const result = await send({
      method: 'PATCH',
      url: '/svc/ssp/slot/switch',
      body: { id, status: 1 },
    });
    expectRefused(result, 'id');
  });

  it('a query id and the proxy parameter are strict too', async () => {
    expectRefused(await send({ url: '/svc/ssp/slot/detail?id=1e0' }), 'id');
    expectRefused(
      await send({ url: `/svc/ssp/media/list?user=0x${admin.id.toString(16)}` }),
      'user',
    );
  });
});

describe('money out of range', () => {
  it.each([
    ['/svc/fund/topup', '99999999999999999999'],
    ['/svc/fund/adjust', '-99999999999999999999'],
    ['/svc/fund/topup', 1e20],
  ])('%s refuses %j naming the amount, the ledger untouched', async (url, amount) => {
    const target = await buildUser(t.db);
    const result = await send({
      method: 'POST',
      url,
      body: { user_id: target.id, amount, note: 'hostile amount' },
    });
    expectRefused(result, 'amount');
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, target.id));
    expect(entries).toEqual([]);
  });
});
