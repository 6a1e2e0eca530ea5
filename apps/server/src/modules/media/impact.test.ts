/** GET /svc/ssp/impact: what stops with a media or a slot, in the caller's reach only. */
import { ENDPOINTS, type SupplyImpact } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { buildMedia, buildSlot } from '../../test/supply-factories.js';
import { ADVERTISER_ABILITY, buildSupplyUser, send } from './test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const hourAgo = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - hours * HOUR);

async function requestsOn(mediaId: number, slotId: number, hoursAgo: number, requests: number) {
  await t.db
    .insert(statsHourly)
    .values({ hour: hourAgo(hoursAgo), mediaId, slotId, requests, country: `H${hoursAgo}` });
}

describe('supply impact', () => {
  it("counts a media's active slots and their requests in the last 24 h and 7 days", async () => {
    const me = await buildSupplyUser(t.db);
    const site = await buildMedia(t.db, me.user.id);
    const [a, b, off] = [
      await buildSlot(t.db, site.id),
      await buildSlot(t.db, site.id),
      await buildSlot(t.db, site.id, { status: 1 }),
    ];
    await requestsOn(site.id, a.id, 1, 100);
    await requestsOn(site.id, b.id, 30, 20);
    await requestsOn(site.id, a.id, 24 * 8, 5000); // older than 7 days
    await requestsOn(site.id, off.id, 2, 7); // an inactive slot stops nothing
    const media = await send<SupplyImpact>(t.app, ENDPOINTS.getSupplyImpact, me, {
      query: `target=media&id=${site.id}`,
    });
    expect(media.body.data).toEqual({ live_slots: 2, requests_24h: 100, requests_7d: 120 });
    const slot = await send<SupplyImpact>(t.app, ENDPOINTS.getSupplyImpact, me, {
      query: `target=slot&id=${b.id}`,
    });
    expect(slot.body.data).toEqual({ live_slots: 1, requests_24h: 0, requests_7d: 20 });
    const inactive = await send<SupplyImpact>(t.app, ENDPOINTS.getSupplyImpact, me, {
      query: `target=slot&id=${off.id}`,
    });
    expect(inactive.body.data).toEqual({ live_slots: 0, requests_24h: 0, requests_7d: 0 });
  });

  it("refuses another owner's media, an advertiser, an unknown id and a bad target", async () => {
    const owner = await buildSupplyUser(t.db);
    const stranger = await buildSupplyUser(t.db);
    const site = await buildMedia(t.db, owner.user.id);
    expectCode(
      await send(t.app, ENDPOINTS.getSupplyImpact, stranger, {
        query: `target=media&id=${site.id}`,
      }),
      -110,
      403,
    );
    const advertiser = await buildSupplyUser(t.db, { ability: ADVERTISER_ABILITY });
    expectCode(
      await send(t.app, ENDPOINTS.getSupplyImpact, advertiser, {
        query: `target=media&id=${site.id}`,
      }),
      -110,
      403,
    );
    expectCode(
      await send(t.app, ENDPOINTS.getSupplyImpact, owner, { query: 'target=slot&id=99999999' }),
      -150,
      404,
    );
    expectCode(
      await send(t.app, ENDPOINTS.getSupplyImpact, owner, { query: `target=plan&id=${site.id}` }),
      -120,
      400,
    );
  });
});
