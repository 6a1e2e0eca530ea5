import { ENDPOINTS, type AdStyle, type Country, type Language, AdStyleType } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STYLES } from '../../db/seed.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { api, expectCode, login } from '../../test/http.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db);
  token = await login(t.app, user.username, user.password);
});
afterAll(async () => {
  await t.close();
});

describe('setting lists', () => {
  it('lists the languages', async () => {
    const result = await api<Language[]>(t.app, { url: ENDPOINTS.listLanguages.path, token });
    expectCode(result, 200, 200);
    expect(result.body.data).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), name: 'English', code: 'en' },
        { id: expect.any(Number), name: 'Chinese', code: 'zh' },
        { id: expect.any(Number), name: 'French', code: 'fr' },
      ]),
    );
    expect(ENDPOINTS.listLanguages.response.safeParse(result.body.data).success).toBe(true);
  });

  it('lists every country with lang_list from its language ids', async () => {
    const languages = await api<Language[]>(t.app, { url: ENDPOINTS.listLanguages.path, token });
    const idOf = (code: string) => languages.body.data.find((l) => l.code === code)?.id;
    const result = await api<Country[]>(t.app, { url: ENDPOINTS.listAllCountries.path, token });
    expectCode(result, 200, 200);
    expect(result.body.data.length).toBeGreaterThanOrEqual(12);
    expect(result.body.data.find((c) => c.code === 'CA')).toEqual({
      id: expect.any(Number),
      name: 'Canada',
      code: 'CA',
      lang_id: idOf('en'),
      lang_list: [idOf('en'), idOf('fr')],
      status: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('lists the six demo creative styles, one per style type', async () => {
    const result = await api<AdStyle[]>(t.app, { url: ENDPOINTS.listStyles.path, token });
    expectCode(result, 200, 200);
    // Other test files may add styles to a shared PostgreSQL database: look at the demo ones.
    const demoNames = new Set(DEMO_STYLES.map((style) => style.name));
    const demo = result.body.data.filter((style) => demoNames.has(style.name));
    expect(demo.map((style) => style.type).sort()).toEqual([...AdStyleType.values].sort());
    expect(ENDPOINTS.listStyles.response.safeParse(result.body.data).success).toBe(true);
    const video = demo.find((style) => style.type === AdStyleType.video);
    expect(video).toMatchObject({
      video_size: { width: 1280, height: 720 },
      meta: expect.arrayContaining(['video']),
    });
    const text = demo.find((style) => style.type === AdStyleType.text);
    expect(text).toMatchObject({ img_size: null, title_length: 30 });
  });

  it('requires a session', async () => {
    for (const endpoint of [
      ENDPOINTS.listLanguages,
      ENDPOINTS.listAllCountries,
      ENDPOINTS.listStyles,
    ]) {
      expectCode(await api(t.app, { url: endpoint.path }), -100, 401);
    }
  });
});
