/**
 * A partner's billing notice (burl) fires once when our impression beacon for its ad fires,
 * whichever server process the impression reaches: two app instances on one database and
 * one Redis, the ad served by the first, its impression counted by the second (and called
 * again on both). The memory store (no REDIS_URL) takes a notice once and forgets expired ones.
 */
import { randomUUID } from 'node:crypto';
import { Billing, type ServeAdAnswer } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedDsp, type ScriptedDsp } from '../../test/fake-dsp.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildDsp, buildSspStrategy } from '../../test/supply-factories.js';
import { buildServingScenario, must } from '../test-kit.js';
import {
  MAX_PENDING_BILLING_NOTICES,
  createMemoryBillingNotices,
  createRedisBillingNotices,
} from './billing-notices.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the memory store', () => {
  it('gives a notice to one taker, and nothing once it has expired', async () => {
    let now = 1_000;
    const store = createMemoryBillingNotices(() => now);
    await store.keep('a', 'https://p.example/burl?a', 2_000);
    await store.keep('b', 'https://p.example/burl?b', 2_000);
    expect(await store.take('a')).toBe('https://p.example/burl?a');
    expect(await store.take('a')).toBeNull();
    now = 2_001;
    expect(await store.take('b')).toBeNull();
    await store.close();
  });

  it('makes room when full: expired notices first, then the oldest, a tenth at once', async () => {
    let now = 1_000;
    const store = createMemoryBillingNotices(() => now);
    await store.keep('expires', 'https://p.example/burl?e', 1_500);
    for (let index = 1; index < MAX_PENDING_BILLING_NOTICES; index += 1) {
      await store.keep(`n${index}`, `https://p.example/burl?${index}`, 9_000);
    }
    now = 2_000;
    // Full: the expired notice goes, then the oldest until a tenth of the room is free.
    await store.keep('new', 'https://p.example/burl?new', 9_000);
    expect(await store.take('new')).toBe('https://p.example/burl?new');
    expect(await store.take('n1')).toBeNull();
    expect(await store.take(`n${MAX_PENDING_BILLING_NOTICES / 10 - 1}`)).toBeNull();
    const kept = `n${MAX_PENDING_BILLING_NOTICES / 10 + 1}`;
    expect(await store.take(kept)).toBe(`https://p.example/burl?${kept.slice(1)}`);
    await store.close();
  });
});

describe('the Redis store', () => {
  it('gives a notice to one of many concurrent takers', async () => {
    const keyPrefix = `adloom-test-${randomUUID()}:`;
    const first = createRedisBillingNotices({ url: REDIS_URL, keyPrefix });
    const second = createRedisBillingNotices({ url: REDIS_URL, keyPrefix });
    try {
      await first.keep('t1', 'https://p.example/burl?t1', Date.now() + 60_000);
      const taken = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).take('t1')),
      );
      expect(taken.filter((url) => url !== null)).toEqual(['https://p.example/burl?t1']);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('ids awaiting a billing notice (upstream/unbilled.ts)', () => {
  it('the memory store gives each id past its time once, later ones not yet', async () => {
    const store = createMemoryBillingNotices();
    await store.expect('early', 1_000);
    await store.expect('late', 5_000);
    expect(await store.due(2_000, 10)).toEqual(['early']);
    expect(await store.due(2_000, 10)).toEqual([]);
    expect(await store.due(6_000, 10)).toEqual(['late']);
    await store.close();
  });

  it('Redis gives each id past its time to one of two sweeping processes', async () => {
    const keyPrefix = `adloom-test-${randomUUID()}:`;
    const first = createRedisBillingNotices({ url: REDIS_URL, keyPrefix });
    const second = createRedisBillingNotices({ url: REDIS_URL, keyPrefix });
    try {
      for (const id of ['a', 'b', 'c']) await first.expect(id, 1_000);
      await first.expect('later', 9_000);
      const [one, two] = await Promise.all([first.due(2_000, 10), second.due(2_000, 10)]);
      expect([...(one ?? []), ...(two ?? [])].sort()).toEqual(['a', 'b', 'c']);
      expect(await second.due(10_000, 10)).toEqual(['later']);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('two server processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let partner: ScriptedDsp;
  let slotId = 0;

  beforeAll(async () => {
    partner = await startScriptedDsp(({ method, body }) => {
      if (method !== 'POST') return { status: 204 };
      const request = body as { id: string; imp: { id: string }[] };
      const imp = must(request.imp[0], 'an imp');
      return {
        status: 200,
        body: {
          id: request.id,
          cur: 'USD',
          seatbid: [
            {
              seat: 'seat-1',
              bid: [
                {
                  id: 'bid-1',
                  impid: imp.id,
                  price: 3,
                  crid: 'cr-1',
                  adm: '<div>partner ad</div>',
                  burl: `${partner.url('/burl')}?id=\${AUCTION_ID}&p=\${AUCTION_PRICE}`,
                  w: 320,
                  h: 50,
                },
              ],
            },
          ],
        },
      };
    });
    const env = {
      TRACKING_SECRET: 'billing-notices-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
      REDIS_URL,
      REDIS_PREFIX: `adloom-test-${randomUUID()}:`,
    };
    a = await createTestApp({ isolated: true, env });
    b = await createTestApp({ database: a.database, env });
    const s = await buildServingScenario(a.db, {
      plan: { billing: Billing.cpm, bid: 1_000_000 },
      slot: { lowestBid: 500_000 },
    });
    const dsp = await buildDsp(a.db, { requestUrl: partner.url('/rtb'), timeoutMs: 1000 });
    await buildSspStrategy(a.db, s.slot.id, { allocations: [{ dsp_id: dsp.id, permille: 1000 }] });
    slotId = s.slot.id;
    await a.app.delivery().sync();
    await b.app.delivery().sync();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await partner.close();
  });

  const billed = (auctionId: string) =>
    partner.requests.filter(
      (request) =>
        request.path === '/burl' && new URLSearchParams(request.search).get('id') === auctionId,
    );

  it('fires the burl once from the process the impression reaches', async () => {
    // The first request of a process opens its connections (Redis, the partner's pool): a
    // partner answer later than the request's time is a timeout, so a few tries at most.
    let answer: ServeAdAnswer | undefined;
    for (
      let attempt = 0;
      attempt < 3 && !(answer?.fill && answer.ad.source === 'partner');
      attempt += 1
    ) {
      const response = await a.app.inject({
        method: 'GET',
        url: `/serve/ad?slot_id=${slotId}&os=1&country=US&uid=u-${randomUUID()}`,
      });
      answer = response.json() as ServeAdAnswer;
    }
    if (!answer?.fill) throw new Error('no fill');
    expect(answer.ad.source).toBe('partner');
    const beacon = must(answer.impression_urls[0], 'an impression URL').replace(
      /^https?:\/\/[^/]+/,
      '',
    );
    // Served by a; its impression reaches b, then both again (a retried pixel, a reload).
    expect((await b.app.inject({ method: 'GET', url: beacon })).statusCode).toBe(200);
    await b.app.inject({ method: 'GET', url: beacon });
    // b fired it: the notice a kept was in Redis.
    await b.app.delivery().notices.drain();
    expect(billed(answer.request_id)).toHaveLength(1);
    await a.app.inject({ method: 'GET', url: beacon });
    await a.app.delivery().notices.drain();
    await b.app.delivery().notices.drain();
    expect(billed(answer.request_id)).toHaveLength(1);
  });
});
