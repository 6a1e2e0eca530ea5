import { Ability, ENDPOINTS, type Model } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectCode } from '../../../test/http.js';
import {
  buildActor,
  call,
  changeCountBy,
  changesOf,
  noteOf,
  type Actor,
} from '../../../test/settings.js';
import { buildBrand, buildModel } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('models', () => {
  it('pages the models of one brand, searching by code or name', async () => {
    const brand = await buildBrand(t.db);
    const other = await buildBrand(t.db);
    const s21 = await buildModel(t.db, { brandId: brand.id, code: 'SM-G9910', name: 'Galaxy S21' });
    const s22 = await buildModel(t.db, { brandId: brand.id, code: 'SM-S9080', name: 'Galaxy S22' });
    await buildModel(t.db, { brandId: other.id, code: 'SM-G9910', name: 'Same code elsewhere' });
    const reader = await buildActor(t.db, Ability.login);
    const all = await call<{ list: Model[]; total: number }>(
      t.app,
      ENDPOINTS.listModels,
      reader.token,
      { query: `brand_id=${brand.id}&sort=code&order=desc` },
    );
    expectCode(all, 200, 200);
    expect(all.body.data.list.map((m) => m.id)).toEqual([s22.id, s21.id]);
    const search = await call<{ list: Model[] }>(t.app, ENDPOINTS.listModels, reader.token, {
      query: `brand_id=${brand.id}&keyword=s21`,
    });
    expect(search.body.data.list.map((m) => m.id)).toEqual([s21.id]);
    expectCode(await call(t.app, ENDPOINTS.listModels, reader.token), -120, 400);
  });

  it('creates under an existing brand; the code is unique within the brand only', async () => {
    const brand = await buildBrand(t.db);
    const created = await call<Model>(t.app, ENDPOINTS.createModel, admin.token, {
      multipart: { brand_id: String(brand.id), code: 'PEGM00', name: 'Find X3' },
    });
    expectCode(created, 200, 200);
    expect(created.body.data).toMatchObject({ brand_id: brand.id, code: 'PEGM00', status: 0 });
    const before = await changeCountBy(t.db, admin.user.id);
    expectCode(
      await call(t.app, ENDPOINTS.createModel, admin.token, {
        body: { brand_id: brand.id, code: 'PEGM00', name: 'Again' },
      }),
      -140,
      409,
    );
    const unknownBrand = await call<{ fields: { path: string }[] }>(
      t.app,
      ENDPOINTS.createModel,
      admin.token,
      { body: { brand_id: 999_999, code: 'X1', name: 'Ghost' } },
    );
    expectCode(unknownBrand, -120, 400);
    expect(unknownBrand.body.data.fields).toMatchObject([
      { path: 'brand_id', message: expect.any(String) },
    ]);
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
    const elsewhere = await buildBrand(t.db);
    expectCode(
      await call(t.app, ENDPOINTS.createModel, admin.token, {
        body: { brand_id: elsewhere.id, code: 'PEGM00', name: 'Find X3' },
      }),
      200,
      200,
    );
  });

  it('modifies with a note, refuses no change, switches', async () => {
    const brand = await buildBrand(t.db);
    const model = await buildModel(t.db, { brandId: brand.id, name: 'Old name' });
    const result = await call<Model>(t.app, ENDPOINTS.modifyModel, admin.token, {
      body: { id: model.id, name: 'New name', note: noteOf('marketing name', 'model') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.brand_id).toBe(brand.id);
    expectCode(
      await call(t.app, ENDPOINTS.modifyModel, admin.token, {
        body: { id: model.id, name: 'New name', code: model.code },
      }),
      -130,
      400,
    );
    expectCode(
      await call(t.app, ENDPOINTS.switchModel, admin.token, { body: { id: model.id, status: 1 } }),
      200,
      200,
    );
    expect(await changesOf(t.db, 'model', model.id)).toMatchObject([
      { valueBefore: { name: 'Old name' }, valueAfter: { name: 'New name' } },
      { method: 'switch' },
    ]);
  });
});
