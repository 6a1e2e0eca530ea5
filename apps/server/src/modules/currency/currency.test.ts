import { Ability, ENDPOINTS, type CurrencyRate } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { buildActor, call, changesOf, noteOf, type Actor } from '../../test/settings.js';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({ isolated: true });
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('currency rates', () => {
  it('creates a rate from the form, answers it in millionths and logs it', async () => {
    const result = await call<CurrencyRate>(t.app, ENDPOINTS.createCurrencyRate, admin.token, {
      multipart: { code: 'eur', rate: '0.92' },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ code: 'EUR', per_usd_micros: 920_000, status: 0 });
    const [change] = await changesOf(t.db, 'currencyRate', result.body.data.id);
    expect(change).toMatchObject({ method: 'create', valueAfter: { code: 'EUR', rate: 920_000 } });
  });

  it.each([
    [{ code: 'EU', rate: '1' }, 'code'],
    [{ code: 'XAU', rate: '1' }, 'code'],
    [{ code: 'USD', rate: '1' }, 'code'],
    [{ code: 'GBP', rate: '0' }, 'rate'],
    [{ code: 'GBP', rate: '1.1234567' }, 'rate'],
    [{ code: 'GBP', rate: '-2' }, 'rate'],
  ])('refuses %o naming %s and writes nothing', async (body, field) => {
    const result = await call(t.app, ENDPOINTS.createCurrencyRate, admin.token, { body });
    expectCode(result, -120, 400);
    expect(JSON.stringify(result.body)).toContain(field);
    expect(await t.db.select().from(currencyRates).where(eq(currencyRates.code, 'GBP'))).toEqual(
      [],
    );
  });

  it("refuses a duplicate code: Exists, don't duplicate.", async () => {
    await call(t.app, ENDPOINTS.createCurrencyRate, admin.token, {
      body: { code: 'JPY', rate: '150' },
    });
    const again = await call(t.app, ENDPOINTS.createCurrencyRate, admin.token, {
      body: { code: 'JPY', rate: '151' },
    });
    expectCode(again, -140, 409);
  });

  it('modifies a rate with a note, pages and searches, and bumps the serving snapshot', async () => {
    const created = await call<CurrencyRate>(t.app, ENDPOINTS.createCurrencyRate, admin.token, {
      body: { code: 'CHF', rate: '0.88' },
    });
    await t.app.delivery().sync();
    expect((await t.app.delivery().currencyRates()).get('CHF')).toBe(880_000);
    const modified = await call<CurrencyRate>(t.app, ENDPOINTS.modifyCurrencyRate, admin.token, {
      multipart: {
        id: String(created.body.data.id),
        rate: '0.9',
        note: noteOf('weekly update', 'currencyRate'),
      },
    });
    expectCode(modified, 200, 200);
    expect(modified.body.data.per_usd_micros).toBe(900_000);
    const same = await call(t.app, ENDPOINTS.modifyCurrencyRate, admin.token, {
      body: { id: created.body.data.id, rate: '0.900000' },
    });
    expectCode(same, -130, 400);
    await t.app.delivery().sync();
    expect((await t.app.delivery().currencyRates()).get('CHF')).toBe(900_000);
    const page = await call<{ list: CurrencyRate[]; total: number }>(
      t.app,
      ENDPOINTS.listCurrencyRates,
      admin.token,
      { query: 'keyword=ch&size=10' },
    );
    expect(page.body.data.list.map((row) => row.code)).toEqual(['CHF']);
    // Switched off: the snapshot converts it no longer.
    await call(t.app, ENDPOINTS.switchCurrencyRate, admin.token, {
      body: { id: created.body.data.id, status: 1 },
    });
    await t.app.delivery().sync();
    expect((await t.app.delivery().currencyRates()).has('CHF')).toBe(false);
  });

  it('lets ssp read and only system write', async () => {
    const ssp = await buildActor(t.db, Ability.login | Ability.ssp);
    expectCode(await call(t.app, ENDPOINTS.listCurrencyRates, ssp.token), 200, 200);
    const refused = await call(t.app, ENDPOINTS.createCurrencyRate, ssp.token, {
      body: { code: 'SEK', rate: '10.5' },
    });
    expectCode(refused, -110, 403);
  });
});
