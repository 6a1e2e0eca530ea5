/**
 * No ad served that nobody pays for (issue 19, item 2): with four impressions' worth of
 * balance or budget left, 300 concurrent requests fill at most four, and every ad served is
 * billed when its impression comes — in one process (memory state) and in two processes
 * sharing Redis. Without serve-time holds all 300 filled and 4 were billed.
 */
import { randomBytes } from 'node:crypto';
import { Billing, type ServeAdAnswer } from '@adloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { deleteKeys, REDIS_URL } from './state/test-kit.js';
import { buildServingScenario, must } from './test-kit.js';

/** The slot's floor: alone, the winner pays floor + 1 cent per mille = 510 µ an impression. */
const FLOOR = 500_000;
const PRICE = 510;
const LEFT = 4 * PRICE + 300;
const REQUESTS = 300;

const opened: TestApp[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
  for (const prefix of prefixes) await deleteKeys(prefix);
});

async function apps(withRedis: boolean): Promise<TestApp[]> {
  if (!withRedis) {
    const app = await createTestApp({ env: { DELIVERY_FLUSH_MS: '60000' } });
    opened.push(app);
    return [app];
  }
  const prefix = `adloom-test-holds-${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  const env = {
    REDIS_URL,
    REDIS_PREFIX: prefix,
    TRACKING_SECRET: 'holds-test-secret-of-at-least-32-characters',
    DELIVERY_FLUSH_MS: '60000',
  };
  const first = await createTestApp({ env });
  opened.push(first);
  // The second "process" shares the first one's database and Redis.
  const second = await createTestApp({ env, database: first.database });
  opened.push(second);
  return [first, second];
}

const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function scarce(withRedis: boolean, what: 'balance' | 'budget') {
  const servers = await apps(withRedis);
  const db = must(servers[0]).db;
  const s = await buildServingScenario(db, {
    balance: what === 'balance' ? LEFT : 1_000_000_000,
    plan: { billing: Billing.cpm, budget: what === 'budget' ? LEFT : 1_000_000_000 },
    strategy: { bid: 2_000_000 },
    slot: { lowestBid: FLOOR },
  });
  for (const server of servers) await server.app.delivery().sync();

  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, async (_, index) => {
      const server = must(servers[index % servers.length]);
      const response = await server.app.inject({
        method: 'GET',
        url: `/serve/ad?slot_id=${s.slot.id}&os=1&uid=scarce-${index}`,
      });
      return { server, answer: response.json() as ServeAdAnswer };
    }),
  );
  const filled = answers.filter(({ answer }) => answer.fill);
  // Every ad served is shown: each impression must be billed.
  for (const { server, answer } of filled) {
    if (!answer.fill) continue;
    const pixel = await server.app.inject({
      method: 'GET',
      url: local(must(answer.impression_urls[0])),
    });
    expect(pixel.statusCode).toBe(200);
  }
  for (const server of servers) await server.app.delivery().flush();
  const [spent] = await db
    .select({ micros: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, s.advertiser.id), eq(ledgerEntries.kind, 'spend')));
  const billed = Math.round(must(spent).micros / PRICE);
  const servedUnbilled = filled.length - billed;
  return { fills: filled.length, billed, servedUnbilled, spent: must(spent).micros };
}

describe.each([
  ['memory state', false],
  ['two processes sharing Redis', true],
])('serve-time holds (%s)', (_name, withRedis) => {
  it.each(['balance', 'budget'] as const)(
    'fills no more than the %s left pays for, and bills every ad served',
    { timeout: 60_000 },
    async (what) => {
      const outcome = await scarce(withRedis, what);
      expect(outcome.fills).toBe(4);
      expect(outcome.billed).toBe(4);
      expect(outcome.spent).toBe(4 * PRICE);
      // ≤ 1 % of the remaining budget's worth (4 impressions) served unbilled: none.
      expect(outcome.servedUnbilled).toBe(0);
    },
  );
});
