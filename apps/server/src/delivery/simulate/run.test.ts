/**
 * `npm run simulate` end to end without the terminal: a real server listening on a loopback
 * port, slots discovered through the console API, traffic through /serve/ad and our tracking
 * URLs, and the counts the simulator reports found in stats_hourly.
 */
import { Ability, WideStatus } from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsHourly } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD, buildUser } from '../../test/factories.js';
import { buildSlot } from '../../test/supply-factories.js';
import { buildServingScenario } from '../test-kit.js';
import { demoCatalog } from './catalog.js';
import { ConsoleApi, DiscoveryError, checkReachable, discoverSlots } from './discover.js';
import { HttpClient, HttpFailure } from './http-client.js';
import { ownTrackingTarget, percentile, runSimulation } from './run.js';
import { createTrafficModel } from './traffic.js';

let t: TestApp;
let client: HttpClient;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRACKING_SECRET: 'simulate-test-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  client = new HttpClient(`http://127.0.0.1:${port}`, { connections: 8, timeoutMs: 5_000 });
});
afterAll(async () => {
  client.close();
  await t.close();
});

async function operatorApi() {
  const operator = await buildUser(t.db, { ability: Ability.login | Ability.ssp });
  return ConsoleApi.signIn(client, operator.username, TEST_PASSWORD);
}

describe('slot discovery through the console API', () => {
  it('lists active slots of active media with their app, and honours --slots', async () => {
    const s = await buildServingScenario(t.db);
    const inactive = await buildSlot(t.db, s.media.id, { status: WideStatus.inactive });
    const api = await operatorApi();

    const every = await discoverSlots(api, null);
    const mine = every.find((slot) => slot.id === s.slot.id);
    expect(mine).toEqual({
      id: s.slot.id,
      mediaId: s.media.id,
      mediaOs: s.media.os,
      mediaBundle: s.media.bundle,
    });
    expect(every.some((slot) => slot.id === inactive.id)).toBe(false);

    // Asked for by id: kept even when inactive or unknown (the server says why it won't serve).
    const chosen = await discoverSlots(api, [inactive.id, 987_654_321]);
    expect(chosen.map((slot) => slot.id)).toEqual([inactive.id, 987_654_321]);
    expect(chosen[1]).toMatchObject({ mediaOs: 0, mediaBundle: '' });
  });

  it('refuses a wrong password with a readable error', async () => {
    const operator = await buildUser(t.db, { ability: Ability.login | Ability.ssp });
    await expect(ConsoleApi.signIn(client, operator.username, 'wrong-password')).rejects.toThrow(
      DiscoveryError,
    );
  });

  it('reports an unreachable server with its error code', async () => {
    const closed = new HttpClient('http://127.0.0.1:9', { connections: 1, timeoutMs: 2_000 });
    const failure = await checkReachable(closed).catch((error: unknown) => error);
    closed.close();
    expect(failure).toBeInstanceOf(HttpFailure);
    expect((failure as HttpFailure).code).toBe('ECONNREFUSED');
  });
});

describe('runSimulation', () => {
  it('serves, renders and clicks through HTTP; the stats count what it reports', async () => {
    const s = await buildServingScenario(t.db, { strategy: { languages: [] } });
    const slots = await discoverSlots(await operatorApi(), [s.slot.id]);
    const model = createTrafficModel({ seed: 3, slots, catalog: demoCatalog(), users: 200 });
    const ticks: number[] = [];
    const stats = await runSimulation({
      client,
      model,
      durationSeconds: 1.5,
      rate: 60,
      concurrency: 8,
      tickMs: 100,
      onTick: (current) => ticks.push(current.requests),
    });
    // 1.5 s at 60/s: 90 requests, each sent or (on a machine too busy to keep up) dropped.
    expect(stats.requests + stats.dropped).toBe(90);
    expect(stats.requests).toBeGreaterThan(0);
    expect(stats.answered).toBe(stats.requests);
    expect(stats.errors).toBe(0);
    expect(stats.fills).toBeGreaterThan(0);
    expect(stats.impressions).toBeGreaterThan(0);
    expect(stats.impressions).toBeLessThanOrEqual(stats.fills);
    expect(ticks.at(-1)).toBe(stats.requests);
    expect(percentile(stats.latenciesMs, 50)).toBeGreaterThan(0);

    await t.app.delivery().flush();
    const [counted] = await t.db
      .select({
        requests: sql<number>`coalesce(sum(${statsHourly.requests}), 0)`.mapWith(Number),
        fills: sql<number>`coalesce(sum(${statsHourly.fills}), 0)`.mapWith(Number),
        impressions: sql<number>`coalesce(sum(${statsHourly.impressions}), 0)`.mapWith(Number),
        clicks: sql<number>`coalesce(sum(${statsHourly.clicks}), 0)`.mapWith(Number),
      })
      .from(statsHourly)
      .where(eq(statsHourly.slotId, s.slot.id));
    expect(counted).toEqual({
      requests: stats.answered,
      fills: stats.fills,
      impressions: stats.impressions,
      clicks: stats.clicks,
    });
  });

  it('fires only our own tracking URLs', () => {
    expect(ownTrackingTarget('https://ads.example.com/track/imp?t=abc', 'imp')).toBe(
      '/track/imp?t=abc',
    );
    expect(ownTrackingTarget('https://dsp.example.net/win?p=1', 'imp')).toBeNull();
    expect(ownTrackingTarget('not a url', 'clk')).toBeNull();
  });
});
