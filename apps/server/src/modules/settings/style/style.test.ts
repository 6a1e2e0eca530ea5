import { ENDPOINTS, type AdStyle } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectCode } from '../../../test/http.js';
import { buildActor, call, changesOf, noteOf, type Actor } from '../../../test/settings.js';
import { buildStyle } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

const form = (name: string) => ({
  name,
  type: '3',
  icon_size: '120 x 120',
  img_size: '480x320',
  img3_size: '',
  video_size: '',
  meta: 'title,icon,image',
  title_length: '25',
  description_length: '0',
});

describe('creative styles', () => {
  it('creates from a multipart form: sizes as "w x h", meta joined by commas', async () => {
    const name = `Style ${Date.now()}`;
    const result = await call<AdStyle>(t.app, ENDPOINTS.createStyle, admin.token, {
      multipart: form(name),
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({
      name,
      type: 3,
      icon_size: { width: 120, height: 120 },
      img_size: { width: 480, height: 320 },
      img3_size: null,
      video_size: null,
      meta: ['title', 'icon', 'image'],
      title_length: 25,
      status: 0,
    });
    const duplicate = await call(t.app, ENDPOINTS.createStyle, admin.token, {
      multipart: form(name),
    });
    expectCode(duplicate, -140, 409);
  });

  it('names a bad size, an unknown meta element and an unknown type', async () => {
    const result = await call<{ fields: { path: string }[] }>(
      t.app,
      ENDPOINTS.createStyle,
      admin.token,
      { multipart: { ...form('Bad'), icon_size: 'big', meta: 'title,sparkles', type: '9' } },
    );
    expectCode(result, -120, 400);
    expect(result.body.data.fields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['icon_size', 'meta.1', 'type']),
    );
  });

  it('modifies only what changed (an equal size is no change) and switches', async () => {
    const style = await buildStyle(t.db, { iconSize: { width: 120, height: 120 } });
    const same = await call(t.app, ENDPOINTS.modifyStyle, admin.token, {
      body: { id: style.id, icon_size: '120 x 120', meta: 'title' },
    });
    expectCode(same, -130, 400);
    const result = await call<AdStyle>(t.app, ENDPOINTS.modifyStyle, admin.token, {
      body: { id: style.id, icon_size: '64 x 64', note: noteOf('smaller icon', 'style') },
    });
    expectCode(result, 200, 200);
    const switched = await call<AdStyle>(t.app, ENDPOINTS.switchStyle, admin.token, {
      body: { id: style.id, status: 1 },
    });
    expect(switched.body.data.status).toBe(1);
    const changes = await changesOf(t.db, 'style', style.id);
    expect(changes.map((c) => [c.method, c.valueBefore, c.valueAfter, c.comment])).toEqual([
      [
        'modify',
        { icon_size: { width: 120, height: 120 } },
        { icon_size: { width: 64, height: 64 } },
        'smaller icon',
      ],
      ['switch', { status: 0 }, { status: 1 }, null],
    ]);
  });
});
