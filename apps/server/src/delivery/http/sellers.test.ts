/**
 * /sellers.json names every media owner we sell for by the seller id our supply-chain node
 * gives partners (the owner's account id), and nobody whose media are all deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { buildMedia } from '../../test/supply-factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /sellers.json', () => {
  it("lists media owners in IAB's format, with a web media's domain", async () => {
    const app = await buildUser(t.db, { nickname: 'Game Studio' });
    await buildMedia(t.db, app.id, { os: 1, bundle: 'com.example.game' });
    const web = await buildUser(t.db, { nickname: 'Daily News' });
    await buildMedia(t.db, web.id, { os: 0, bundle: 'News.Example.org' });
    const gone = await buildUser(t.db);
    await buildMedia(t.db, gone.id, { status: 5 });

    const response = await t.app.inject({ method: 'GET', url: '/sellers.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json() as { version: string; sellers: Record<string, unknown>[] };
    expect(body.version).toBe('1.0');
    const byId = new Map(body.sellers.map((seller) => [seller.seller_id, seller]));
    expect(byId.get(String(app.id))).toEqual({
      seller_id: String(app.id),
      name: 'Game Studio',
      seller_type: 'PUBLISHER',
    });
    expect(byId.get(String(web.id))).toEqual({
      seller_id: String(web.id),
      name: 'Daily News',
      domain: 'news.example.org',
      seller_type: 'PUBLISHER',
    });
    expect(byId.has(String(gone.id))).toBe(false);
  });
});
