import { AdForm, ENDPOINTS, type AdType } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectCode } from '../../../test/http.js';
import { buildActor, call, changesOf, noteOf, type Actor } from '../../../test/settings.js';
import { buildAdType } from '../../../test/settings-factories.js';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('ad types', () => {
  it('lists the demo ad types', async () => {
    const result = await call<AdType[]>(t.app, ENDPOINTS.listAdTypes, admin.token);
    expectCode(result, 200, 200);
    expect(result.body.data).toContainEqual(
      expect.objectContaining({ name: 'Splash', ad_form: AdForm.splash, status: 0 }),
    );
  });

  it('creates, refuses a duplicate name and an unknown ad form', async () => {
    const name = `Native ${Date.now()}`;
    const created = await call<AdType>(t.app, ENDPOINTS.createAdType, admin.token, {
      multipart: { name, ad_form: '4' },
    });
    expectCode(created, 200, 200);
    expect(created.body.data).toMatchObject({ name, ad_form: 4, status: 0 });
    expectCode(
      await call(t.app, ENDPOINTS.createAdType, admin.token, { body: { name, ad_form: 1 } }),
      -140,
      409,
    );
    const bad = await call(t.app, ENDPOINTS.createAdType, admin.token, {
      body: { name: 'Other', ad_form: 42 },
    });
    expectCode(bad, -120, 400);
    expect(bad.body.msg).toContain('ad_form');
  });

  it('modifies the ad form with a note and switches', async () => {
    const adType = await buildAdType(t.db, { adForm: AdForm.banner });
    const result = await call<AdType>(t.app, ENDPOINTS.modifyAdType, admin.token, {
      body: { id: adType.id, name: adType.name, ad_form: 2, note: noteOf('now interstitial') },
    });
    expectCode(result, 200, 200);
    expectCode(
      await call(t.app, ENDPOINTS.switchAdType, admin.token, {
        body: { id: adType.id, status: 1 },
      }),
      200,
      200,
    );
    const changes = await changesOf(t.db, 'adType', adType.id);
    expect(changes).toMatchObject([
      { method: 'modify', valueBefore: { ad_form: 1 }, valueAfter: { ad_form: 2 } },
      { method: 'switch', valueBefore: { status: 0 }, valueAfter: { status: 1 } },
    ]);
  });
});
