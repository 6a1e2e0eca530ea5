/**
 * The publisher's side of serving (issue 17): the web SDK at its versioned path (short cache)
 * and its hashed alias (immutable), gzipped when the browser takes it; the demo publisher's
 * pages, one per ad form, putting the SDK on the slot of their form.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AdForm, DEMO_PUBLISHER_PATH, SDK_PATH } from '@adloom/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import { registerSdkFiles } from './sdk-files.js';

const CODE = 'window.adloom={version:"test"};'.repeat(40);
const HASHED = 'adloom.0123456789ab.js';

describe('the SDK files', () => {
  let dir: string;
  const app = Fastify();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'adloom-sdk-'));
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ hashed: HASHED }));
    await writeFile(join(dir, HASHED), CODE);
    registerSdkFiles(app, dir);
    const missing = await mkdtemp(join(tmpdir(), 'adloom-sdk-missing-'));
    await app.register(async (scope) => registerSdkFiles(scope, missing), { prefix: '/unbuilt' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the versioned path as JavaScript with a short cache, to any origin', async () => {
    const res = await app.inject({ method: 'GET', url: SDK_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toBe(CODE);
  });

  it('serves the hashed alias as immutable, and no other hash', async () => {
    const res = await app.inject({ method: 'GET', url: `/sdk/v1/${HASHED}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(CODE);
    const other = await app.inject({ method: 'GET', url: '/sdk/v1/adloom.ffffffffffff.js' });
    expect(other.statusCode).toBe(404);
  });

  it('sends it gzipped to a browser that takes gzip', async () => {
    const res = await app.inject({
      method: 'GET',
      url: SDK_PATH,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(CODE.length);
    expect(gunzipSync(res.rawPayload).toString()).toBe(CODE);
  });

  it('answers 404 with a hint when the SDK is not built', async () => {
    const res = await app.inject({ method: 'GET', url: `/unbuilt${SDK_PATH}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('npm run build');
  });
});

describe('the demo publisher pages', () => {
  let t: TestApp;
  let bannerSlot: number;
  let rewardedSlot: number;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.db);
    const site = await buildMedia(t.db, owner.id, { os: 1, bundle: 'com.demo.reader' });
    bannerSlot = (await buildSlot(t.db, site.id, { adForm: AdForm.banner, countries: ['GB'] })).id;
    rewardedSlot = (await buildSlot(t.db, site.id, { adForm: AdForm.rewardedVideo })).id;
  });
  afterAll(async () => t.close());

  it('lists a page per ad form', async () => {
    const res = await t.app.inject({ method: 'GET', url: DEMO_PUBLISHER_PATH });
    expect(res.statusCode).toBe(200);
    for (const page of ['banner', 'interstitial', 'splash', 'feed', 'rewarded']) {
      expect(res.body).toContain(`${DEMO_PUBLISHER_PATH}/${page}`);
    }
  });

  it('puts the SDK and a marked element of the named slot on the banner page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${DEMO_PUBLISHER_PATH}/banner?slot=${bannerSlot}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<script src="${SDK_PATH}" async></script>`);
    expect(res.body).toContain(`data-adloom-slot="${bannerSlot}"`);
    expect(res.body).toContain('data-adloom-app="com.demo.reader"');
    expect(res.body).toContain('data-adloom-country="GB"');
  });

  it('finds a slot of its form without ?slot=, and calls render on the rewarded page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DEMO_PUBLISHER_PATH}/rewarded` });
    expect(res.body).toMatch(
      /window\.adloom\.render\(document\.body, Object\.assign\(\{ slot: \d+/,
    );
    const named = await t.app.inject({
      method: 'GET',
      url: `${DEMO_PUBLISHER_PATH}/rewarded?slot=${rewardedSlot}`,
    });
    expect(named.body).toContain(`slot: ${rewardedSlot},`);
  });

  it('lets a page of any origin read the /serve/ad answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/serve/ad?slot_id=${bannerSlot}&os=1&country=GB&uid=u1`,
      headers: { origin: 'https://news.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toMatchObject({ fill: false });
  });

  it('says so when no slot of the form is active, ignoring an odd ?slot=', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${DEMO_PUBLISHER_PATH}/banner?slot=${encodeURIComponent('1 or 1=1')}`,
    });
    expect(res.statusCode).toBe(200);
    const none = await t.app.inject({
      method: 'GET',
      url: `${DEMO_PUBLISHER_PATH}/banner?slot=999999999`,
    });
    expect(none.body).toContain('No active banner slot');
    expect(none.body).not.toContain('data-adloom-slot=');
  });
});
