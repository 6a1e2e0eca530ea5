import { Ability, ENDPOINTS, type Brand } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectCode } from '../../../test/http.js';
import { buildActor, call, changesOf, noteOf, type Actor } from '../../../test/settings.js';
import { buildBrand, buildModel, uniqueSlug } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
let reader: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
  reader = await buildActor(t.db, Ability.login | Ability.adManage);
});
afterAll(async () => {
  await t.close();
});

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

describe('brands', () => {
  it('answers the demo brands with their model counts to any signed-in user', async () => {
    const all = await call<Brand[]>(t.app, ENDPOINTS.listAllBrands, reader.token);
    expectCode(all, 200, 200);
    const codes = all.body.data.map((brand) => brand.code);
    expect(codes).toEqual(
      expect.arrayContaining(['huawei', 'xiaomi', 'samsung', 'apple', 'oppo', 'vivo']),
    );
    const samsung = all.body.data.find((brand) => brand.code === 'samsung');
    expect(samsung?.model_count).toBe(4);
    const detail = await call<Brand>(t.app, ENDPOINTS.getBrand, reader.token, {
      query: `id=${samsung?.id}`,
    });
    expect(detail.body.data).toEqual(samsung);
    expectCode(
      await call(t.app, ENDPOINTS.getBrand, reader.token, { query: 'id=999999' }),
      -150,
      404,
    );
  });

  it('pages with search, status filter and sort', async () => {
    const tag = uniqueSlug('pg');
    const first = await buildBrand(t.db, { code: `${tag}_b`, name: 'Beta' });
    const second = await buildBrand(t.db, { code: `${tag}_a`, name: 'Alpha', status: 1 });
    await buildModel(t.db, { brandId: first.id });
    const page = await call<Page<Brand>>(t.app, ENDPOINTS.listBrands, reader.token, {
      query: `keyword=${tag}&sort=code&size=10`,
    });
    expectCode(page, 200, 200);
    expect(page.body.data).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(page.body.data.list.map((b) => [b.id, b.model_count])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    const active = await call<Page<Brand>>(t.app, ENDPOINTS.listBrands, reader.token, {
      query: `keyword=${tag}&status=0`,
    });
    expect(active.body.data.list.map((b) => b.id)).toEqual([first.id]);
    const underscore = await call<Page<Brand>>(t.app, ENDPOINTS.listBrands, reader.token, {
      query: 'keyword=_',
    });
    expect(underscore.body.data.list.every((b) => b.code.includes('_'))).toBe(true);
  });

  it('creates, refuses duplicates and bad codes, modifies with a note, switches', async () => {
    const code = uniqueSlug('new');
    const created = await call<Brand>(t.app, ENDPOINTS.createBrand, admin.token, {
      multipart: { code, name: 'Newco' },
    });
    expectCode(created, 200, 200);
    expect(created.body.data).toMatchObject({ code, name: 'Newco', model_count: 0, status: 0 });
    expectCode(
      await call(t.app, ENDPOINTS.createBrand, admin.token, { body: { code, name: 'Again' } }),
      -140,
      409,
    );
    const bad = await call(t.app, ENDPOINTS.createBrand, admin.token, {
      body: { code: 'Not A Slug', name: 'X' },
    });
    expectCode(bad, -120, 400);
    expect(bad.body.msg).toContain('code');

    const id = created.body.data.id;
    const modified = await call<Brand>(t.app, ENDPOINTS.modifyBrand, admin.token, {
      body: { id, code, name: 'Newco Mobile', note: noteOf('full name', 'brand') },
    });
    expectCode(modified, 200, 200);
    expectCode(
      await call(t.app, ENDPOINTS.modifyBrand, admin.token, { body: { id, name: 'Newco Mobile' } }),
      -130,
      400,
    );
    expectCode(
      await call(t.app, ENDPOINTS.switchBrand, admin.token, { body: { id, status: 1 } }),
      200,
      200,
    );
    const changes = await changesOf(t.db, 'brand', id);
    expect(changes).toMatchObject([
      { method: 'create', valueBefore: null, valueAfter: { code, name: 'Newco' } },
      {
        method: 'modify',
        valueBefore: { name: 'Newco' },
        valueAfter: { name: 'Newco Mobile' },
        comment: 'full name',
      },
      { method: 'switch', valueAfter: { status: 1 } },
    ]);
  });
});
