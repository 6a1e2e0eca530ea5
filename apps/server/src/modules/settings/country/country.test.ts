import { Ability, ENDPOINTS, type Country } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildUser } from '../../../test/factories.js';
import { expectCode } from '../../../test/http.js';
import {
  buildActor,
  call,
  changeCountBy,
  changesOf,
  noteOf,
  type Actor,
} from '../../../test/settings.js';
import { buildCountry, buildLanguage, countryCodes } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
let en: number;
let fr: number;
const nextCode = countryCodes('QZ');

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
  en = (await buildLanguage(t.db)).id;
  fr = (await buildLanguage(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

const rowsWithCode = (code: string) =>
  t.db.select().from(countries).where(eq(countries.code, code));

describe('country create', () => {
  it('creates from a multipart form with lang_ids "1,2", answers lang_list and logs it', async () => {
    const code = nextCode();
    const result = await call<Country>(t.app, ENDPOINTS.createCountry, admin.token, {
      multipart: { name: 'Quarkland', code, lang_id: String(fr), lang_ids: `${en},${fr}` },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      name: 'Quarkland',
      code,
      lang_id: fr,
      lang_list: [en, fr],
      status: 0,
    });
    expect(ENDPOINTS.createCountry.response.safeParse(result.body.data).success).toBe(true);
    const [change] = await changesOf(t.db, 'country', result.body.data.id);
    expect(change).toMatchObject({
      method: 'create',
      valueBefore: null,
      valueAfter: { name: 'Quarkland', code, lang_id: fr, lang_ids: [en, fr] },
      comment: null,
      actorId: admin.user.id,
      actingUserId: admin.user.id,
    });
  });

  it('answers -140 on a duplicate code and writes nothing', async () => {
    const code = nextCode();
    await buildCountry(t.db, { code });
    const before = await changeCountBy(t.db, admin.user.id);
    const result = await call(t.app, ENDPOINTS.createCountry, admin.token, {
      body: { name: 'Again', code, lang_id: null, lang_ids: [] },
    });
    expectCode(result, -140, 409);
    expect(result.body.msg).toBe("Exists, don't duplicate.");
    expect(await rowsWithCode(code)).toHaveLength(1);
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
  });

  it('answers -131 on an empty create, JSON or multipart', async () => {
    expectCode(await call(t.app, ENDPOINTS.createCountry, admin.token, { body: {} }), -131, 400);
    const blank = await call(t.app, ENDPOINTS.createCountry, admin.token, {
      multipart: { name: '', code: '', lang_ids: '' },
    });
    expectCode(blank, -131, 400);
    expect(blank.body.msg).toBe('None Create.');
  });

  it('names the fields of a bad input and writes nothing', async () => {
    const before = await changeCountBy(t.db, admin.user.id);
    const cases: [unknown, string][] = [
      [{ name: 'X', code: 'fr', lang_id: null, lang_ids: [] }, 'code'],
      [{ name: 'x'.repeat(10_000), code: nextCode(), lang_id: null, lang_ids: [] }, 'name'],
      [{ name: 'X', code: nextCode(), lang_id: 'abc', lang_ids: [] }, 'lang_id'],
      [{ name: 'X', code: nextCode(), lang_id: null, lang_ids: 'a,b' }, 'lang_ids.0'],
      [{ code: nextCode(), lang_id: null, lang_ids: [] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const result = await call<{ fields: { path: string }[] }>(
        t.app,
        ENDPOINTS.createCountry,
        admin.token,
        { body },
      );
      expectCode(result, -120, 400);
      expect(result.body.data.fields.map((f) => f.path)).toContain(field);
    }
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
  });

  it('requires the main language among the languages, and every language to exist', async () => {
    const code = nextCode();
    const outside = await call(t.app, ENDPOINTS.createCountry, admin.token, {
      body: { name: 'X', code, lang_id: fr, lang_ids: [en] },
    });
    expectCode(outside, -120, 400);
    expect(outside.body.data).toMatchObject({
      fields: [{ path: 'lang_id', message: expect.any(String) }],
    });
    const unknown = await call(t.app, ENDPOINTS.createCountry, admin.token, {
      body: { name: 'X', code, lang_id: null, lang_ids: [en, 987_654] },
    });
    expectCode(unknown, -120, 400);
    expect(unknown.body.msg).toContain('lang_ids');
    expect(await rowsWithCode(code)).toHaveLength(0);
  });

  it('refuses a user without the system role (-110) and writes nothing', async () => {
    const user = await buildActor(t.db, Ability.login | Ability.userManage);
    const code = nextCode();
    const result = await call(t.app, ENDPOINTS.createCountry, user.token, {
      body: { name: 'X', code, lang_id: null, lang_ids: [] },
    });
    expectCode(result, -110, 403);
    expect(await rowsWithCode(code)).toHaveLength(0);
  });
});

describe('country modify and switch', () => {
  it('logs only the changed fields, the comment, the actor and the acting user', async () => {
    const country = await buildCountry(t.db, {
      code: nextCode(),
      name: 'Old',
      langId: en,
      langIds: [en],
    });
    const result = await call<Country>(t.app, ENDPOINTS.modifyCountry, admin.token, {
      multipart: {
        id: String(country.id),
        name: 'Old',
        lang_ids: `${en},${fr}`,
        note: noteOf('added French'),
      },
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ name: 'Old', lang_list: [en, fr], lang_id: en });
    const changes = await changesOf(t.db, 'country', country.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      method: 'modify',
      valueBefore: { lang_ids: [en] },
      valueAfter: { lang_ids: [en, fr] },
      comment: 'added French',
      actorId: admin.user.id,
      actingUserId: admin.user.id,
    });
  });

  it('answers -130 when nothing differs and writes no change row', async () => {
    const country = await buildCountry(t.db, { code: nextCode(), name: 'Same', langIds: [] });
    const result = await call(t.app, ENDPOINTS.modifyCountry, admin.token, {
      body: { id: country.id, name: 'Same', lang_ids: [], note: noteOf('nothing') },
    });
    expectCode(result, -130, 400);
    expect(result.body.msg).toBe('None Update.');
    expect(await changesOf(t.db, 'country', country.id)).toHaveLength(0);
  });

  it('answers -120 naming note.comment for a one-character comment, writing nothing', async () => {
    const country = await buildCountry(t.db, { code: nextCode(), name: 'Kept' });
    const result = await call<{ fields: { path: string }[] }>(
      t.app,
      ENDPOINTS.modifyCountry,
      admin.token,
      { body: { id: country.id, name: 'Changed', note: noteOf('x') } },
    );
    expectCode(result, -120, 400);
    expect(result.body.data.fields.map((f) => f.path)).toContain('note.comment');
    const [row] = await rowsWithCode(country.code);
    expect(row?.name).toBe('Kept');
    expect(await changesOf(t.db, 'country', country.id)).toHaveLength(0);
  });

  it('checks the merged row: dropping the main language from lang_ids is refused', async () => {
    const country = await buildCountry(t.db, { code: nextCode(), langId: en, langIds: [en, fr] });
    const result = await call(t.app, ENDPOINTS.modifyCountry, admin.token, {
      body: { id: country.id, lang_ids: [fr] },
    });
    expectCode(result, -120, 400);
    expect(result.body.msg).toContain('lang_id');
    expect(await changesOf(t.db, 'country', country.id)).toHaveLength(0);
  });

  it('answers -140 when renaming the code onto another country', async () => {
    const taken = await buildCountry(t.db, { code: nextCode() });
    const country = await buildCountry(t.db, { code: nextCode() });
    const result = await call(t.app, ENDPOINTS.modifyCountry, admin.token, {
      body: { id: country.id, code: taken.code },
    });
    expectCode(result, -140, 409);
    expect(await changesOf(t.db, 'country', country.id)).toHaveLength(0);
  });

  it('answers -150 for an unknown id on modify and switch', async () => {
    expectCode(
      await call(t.app, ENDPOINTS.modifyCountry, admin.token, { body: { id: 999_999, name: 'X' } }),
      -150,
      404,
    );
    expectCode(
      await call(t.app, ENDPOINTS.switchCountry, admin.token, { body: { id: 999_999, status: 1 } }),
      -150,
      404,
    );
  });

  it('switches the status with a note, and refuses the same status with -130', async () => {
    const country = await buildCountry(t.db, { code: nextCode() });
    const result = await call<Country>(t.app, ENDPOINTS.switchCountry, admin.token, {
      multipart: { id: String(country.id), status: '1', note: noteOf('closed market') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.status).toBe(1);
    const again = await call(t.app, ENDPOINTS.switchCountry, admin.token, {
      body: { id: country.id, status: 1 },
    });
    expectCode(again, -130, 400);
    const bad = await call(t.app, ENDPOINTS.switchCountry, admin.token, {
      body: { id: country.id, status: 3 },
    });
    expectCode(bad, -120, 400);
    const changes = await changesOf(t.db, 'country', country.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      method: 'switch',
      valueBefore: { status: 0 },
      valueAfter: { status: 1 },
      comment: 'closed market',
    });
  });

  it('records the real and the acting user of a proxied write', async () => {
    const other = await buildUser(t.db, { ability: Ability.login | Ability.systemManage });
    const country = await buildCountry(t.db, { code: nextCode(), name: 'Before' });
    const result = await call(t.app, ENDPOINTS.modifyCountry, admin.token, {
      query: `user=${other.id}`,
      body: { id: country.id, name: 'After' },
    });
    expectCode(result, 200, 200);
    const [change] = await changesOf(t.db, 'country', country.id);
    expect(change).toMatchObject({ actorId: admin.user.id, actingUserId: other.id });
  });
});

describe('country lists', () => {
  it('pages, searches by name or code (escaping % and _), filters and sorts', async () => {
    const reader = await buildActor(t.db, Ability.login);
    const tag = `Zeta${Date.now().toString(36)}`;
    const a = await buildCountry(t.db, { code: nextCode(), name: `${tag} b` });
    const b = await buildCountry(t.db, { code: nextCode(), name: `${tag} a`, status: 1 });
    const c = await buildCountry(t.db, { code: nextCode(), name: `${tag} c` });

    const byName = await call<{ list: Country[]; total: number; page: number; size: number }>(
      t.app,
      ENDPOINTS.listCountries,
      reader.token,
      { query: `keyword=${tag}&sort=name&order=desc&size=10` },
    );
    expectCode(byName, 200, 200);
    expect(byName.body.data).toMatchObject({ total: 3, page: 1, size: 10 });
    expect(byName.body.data.list.map((row) => row.id)).toEqual([c.id, a.id, b.id]);

    const paged = await call<{ list: Country[]; total: number }>(
      t.app,
      ENDPOINTS.listCountries,
      reader.token,
      { query: `keyword=${tag}&page=2&size=10` },
    );
    expect(paged.body.data).toMatchObject({ total: 3, list: [] });

    const inactive = await call<{ list: Country[] }>(t.app, ENDPOINTS.listCountries, reader.token, {
      query: `keyword=${tag}&status=1`,
    });
    expect(inactive.body.data.list.map((row) => row.id)).toEqual([b.id]);

    const byCode = await call<{ list: Country[] }>(t.app, ENDPOINTS.listCountries, reader.token, {
      query: `keyword=${a.code.toLowerCase()}`,
    });
    expect(byCode.body.data.list.map((row) => row.id)).toContain(a.id);

    const wildcard = await call<{ total: number }>(t.app, ENDPOINTS.listCountries, reader.token, {
      query: 'keyword=%25',
    });
    expect(wildcard.body.data.total).toBe(0);

    const badSort = await call(t.app, ENDPOINTS.listCountries, reader.token, {
      query: 'sort=password',
    });
    expectCode(badSort, -120, 400);
    const badSize = await call(t.app, ENDPOINTS.listCountries, reader.token, { query: 'size=7' });
    expectCode(badSize, -120, 400);
  });
});
