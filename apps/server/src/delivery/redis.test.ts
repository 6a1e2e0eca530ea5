/**
 * Two server processes (two apps on one database) with REDIS_URL agree on frequency caps:
 * a user who saw a plan its times per day through one cannot be served it by the other.
 */
import { randomBytes } from 'node:crypto';
import type { ServeAdAnswer } from '@adloom/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildServingScenario, must } from './test-kit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `adloom-test-${randomBytes(4).toString('hex')}:`;
const env = {
  REDIS_URL,
  REDIS_PREFIX: prefix,
  TRACKING_SECRET: 'redis-test-secret-of-at-least-32-characters',
  DELIVERY_FLUSH_MS: '60000',
};

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({ env });
  // The second "process" shares the first one's database.
  second = await createTestApp({ env, database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function serve(app: TestApp, slotId: number, uid: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/serve/ad?slot_id=${slotId}&os=1&uid=${uid}`,
  });
  return response.json() as ServeAdAnswer;
}

describe('frequency caps in Redis', () => {
  it('are shared by two server processes', async () => {
    const s = await buildServingScenario(first.db, { plan: { timesPerUser: 1 } });
    await first.app.delivery().sync();
    await second.app.delivery().sync();

    const served = await serve(first, s.slot.id, 'shared-user');
    if (!served.fill) throw new Error(`no fill: ${served.reason}`);
    const impression = new URL(must(served.impression_urls[0], 'an impression URL'));
    await first.app.inject({ method: 'GET', url: `${impression.pathname}${impression.search}` });

    expect((await serve(second, s.slot.id, 'shared-user')).fill).toBe(false);
    expect((await serve(first, s.slot.id, 'shared-user')).fill).toBe(false);
    // Another user is still served, by either process.
    expect((await serve(second, s.slot.id, 'another-user')).fill).toBe(true);
  });
});
