import { Ability, ENDPOINTS, type Language } from '@adloom/domain';
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
import { buildLanguage, uniqueLanguageCode } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('languages', () => {
  it('creates from a multipart form and lists it for any signed-in user', async () => {
    const code = uniqueLanguageCode();
    const created = await call<Language>(t.app, ENDPOINTS.createLanguage, admin.token, {
      multipart: { name: 'Quenya', code },
    });
    expectCode(created, 200, 200);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Quenya', code });
    const reader = await buildActor(t.db, Ability.login);
    const list = await call<Language[]>(t.app, ENDPOINTS.listLanguages, reader.token);
    expect(list.body.data).toContainEqual(created.body.data);
    const [change] = await changesOf(t.db, 'language', created.body.data.id);
    expect(change).toMatchObject({ method: 'create', valueAfter: { name: 'Quenya', code } });
  });

  it('refuses a duplicate code (-140), an empty create (-131) and bad fields (-120)', async () => {
    const existing = await buildLanguage(t.db);
    const before = await changeCountBy(t.db, admin.user.id);
    const duplicate = await call(t.app, ENDPOINTS.createLanguage, admin.token, {
      body: { name: 'Copy', code: existing.code },
    });
    expectCode(duplicate, -140, 409);
    expectCode(await call(t.app, ENDPOINTS.createLanguage, admin.token, { body: {} }), -131, 400);
    const bad = await call<{ fields: { path: string }[] }>(
      t.app,
      ENDPOINTS.createLanguage,
      admin.token,
      { body: { name: 'y'.repeat(10_000), code: 'English' } },
    );
    expectCode(bad, -120, 400);
    expect(bad.body.data.fields.map((f) => f.path).sort()).toEqual(['code', 'name']);
    expect(await changeCountBy(t.db, admin.user.id)).toBe(before);
  });

  it('modifies with a note, refuses no change with -130 and an unknown id with -150', async () => {
    const language = await buildLanguage(t.db, { name: 'Before' });
    const result = await call<Language>(t.app, ENDPOINTS.modifyLanguage, admin.token, {
      body: { id: language.id, name: 'After', code: language.code, note: noteOf('renamed') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.name).toBe('After');
    const same = await call(t.app, ENDPOINTS.modifyLanguage, admin.token, {
      body: { id: language.id, name: 'After' },
    });
    expectCode(same, -130, 400);
    const changes = await changesOf(t.db, 'language', language.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      valueBefore: { name: 'Before' },
      valueAfter: { name: 'After' },
      comment: 'renamed',
    });
    expectCode(
      await call(t.app, ENDPOINTS.modifyLanguage, admin.token, {
        body: { id: 999_999, name: 'Z' },
      }),
      -150,
      404,
    );
  });

  it('refuses writes to a user without the system role', async () => {
    const agent = await buildActor(t.db, Ability.login | Ability.userAgent);
    const language = await buildLanguage(t.db);
    const result = await call(t.app, ENDPOINTS.modifyLanguage, agent.token, {
      body: { id: language.id, name: 'Nope' },
    });
    expectCode(result, -110, 403);
    expect(await changesOf(t.db, 'language', language.id)).toHaveLength(0);
  });
});
