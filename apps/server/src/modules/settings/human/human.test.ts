import { Ability, ENDPOINTS, type HumanItem, type HumanNode } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectCode } from '../../../test/http.js';
import { buildActor, call, changesOf, noteOf, type Actor } from '../../../test/settings.js';
import { buildHumanItem, uniqueSlug } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('audience characteristics', () => {
  it('answers the demo tree: Gender, Age and Interests with their children', async () => {
    const reader = await buildActor(t.db, Ability.login);
    const result = await call<HumanNode[]>(t.app, ENDPOINTS.listHuman, reader.token);
    expectCode(result, 200, 200);
    const gender = result.body.data.find((node) => node.code === 'gender');
    expect(gender?.children.map((child) => child.name)).toEqual(['Man', 'Woman']);
    const age = result.body.data.find((node) => node.code === 'age');
    expect(age?.children.map((child) => child.name)).toEqual(['18-24', '25-34', '35-44', '45+']);
    expect(result.body.data.map((node) => node.code)).toContain('interests');
  });

  it('creates top-level items and children; codes are unique among siblings only', async () => {
    const code = uniqueSlug('top');
    const top = await call<HumanItem>(t.app, ENDPOINTS.createHuman, admin.token, {
      multipart: { parent_id: '', code, name: 'Income', sort: '5' },
    });
    expectCode(top, 200, 200);
    expect(top.body.data).toMatchObject({ parent_id: null, code, sort: 5 });
    expectCode(
      await call(t.app, ENDPOINTS.createHuman, admin.token, {
        body: { parent_id: null, code, name: 'Income again' },
      }),
      -140,
      409,
    );
    const child = await call<HumanItem>(t.app, ENDPOINTS.createHuman, admin.token, {
      body: { parent_id: top.body.data.id, code, name: 'Same code, one level down' },
    });
    expectCode(child, 200, 200);
    expectCode(
      await call(t.app, ENDPOINTS.createHuman, admin.token, {
        body: { parent_id: top.body.data.id, code, name: 'Sibling twin' },
      }),
      -140,
      409,
    );
  });

  it('keeps two levels: the parent must exist and be top-level', async () => {
    const parent = await buildHumanItem(t.db);
    const child = await buildHumanItem(t.db, { parentId: parent.id });
    const tooDeep = await call<{ fields: { path: string }[] }>(
      t.app,
      ENDPOINTS.createHuman,
      admin.token,
      { body: { parent_id: child.id, code: 'deep', name: 'Too deep' } },
    );
    expectCode(tooDeep, -120, 400);
    expect(tooDeep.body.data.fields[0]?.path).toBe('parent_id');
    const missing = await call(t.app, ENDPOINTS.createHuman, admin.token, {
      body: { parent_id: 999_999, code: 'ghost', name: 'Ghost' },
    });
    expectCode(missing, -120, 400);
    expectCode(await call(t.app, ENDPOINTS.createHuman, admin.token, { body: {} }), -131, 400);
  });

  it('modifies with a note, refuses no change, switches', async () => {
    const item = await buildHumanItem(t.db, { name: 'Before', sort: 1 });
    const result = await call<HumanItem>(t.app, ENDPOINTS.modifyHuman, admin.token, {
      body: { id: item.id, name: 'After', sort: 1, note: noteOf('clearer', 'human') },
    });
    expectCode(result, 200, 200);
    expectCode(
      await call(t.app, ENDPOINTS.modifyHuman, admin.token, { body: { id: item.id, sort: 1 } }),
      -130,
      400,
    );
    expectCode(
      await call(t.app, ENDPOINTS.switchHuman, admin.token, { body: { id: item.id, status: 1 } }),
      200,
      200,
    );
    expect(await changesOf(t.db, 'human', item.id)).toMatchObject([
      { method: 'modify', valueBefore: { name: 'Before' }, valueAfter: { name: 'After' } },
      { method: 'switch', valueBefore: { status: 0 }, valueAfter: { status: 1 } },
    ]);
  });
});
