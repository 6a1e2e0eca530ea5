/**
 * A complete serving scenario in the database for delivery tests: an advertiser with a
 * balance, an approved creative of a style, a live plan (complete, every hour) with one
 * strategy serving it, and an active slot of an active media taking that style.
 */
import { Ability, PlanStatus, PlanStep, SupplyType, type PartnerHealth } from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import {
  dspHealthHourly,
  type creatives,
  type plans,
  type slots,
  type strategies,
} from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildCreative, buildPlan, buildStrategy } from '../test/ad-factories.js';
import { buildLedgerEntry, buildSession, buildUser } from '../test/factories.js';
import { buildStyle } from '../test/settings-factories.js';
import { buildMedia, buildSlot } from '../test/supply-factories.js';

export interface ScenarioOptions {
  /** The advertiser's balance, micros (default 1,000 units). */
  balance?: number;
  plan?: Partial<typeof plans.$inferInsert>;
  strategy?: Partial<typeof strategies.$inferInsert>;
  creative?: Partial<typeof creatives.$inferInsert>;
  slot?: Partial<typeof slots.$inferInsert>;
}

export async function buildServingScenario(db: Database, options: ScenarioOptions = {}) {
  const advertiser = await buildUser(db);
  const balance = options.balance ?? 1_000_000_000;
  if (balance > 0) {
    await buildLedgerEntry(db, { userId: advertiser.id, amount: balance, balanceAfter: balance });
  }
  const publisher = await buildUser(db);
  const style = await buildStyle(db);
  const creative = await buildCreative(db, advertiser.id, {
    styleId: style.id,
    review: 0,
    clickUrl: 'https://example.com/landing',
    ...options.creative,
  });
  const plan = await buildPlan(db, advertiser.id, {
    status: PlanStatus.live,
    creationStep: PlanStep.complete,
    publishedAt: new Date(),
    ...options.plan,
  });
  const strategy = await buildStrategy(db, plan.id, advertiser.id, {
    styleIds: [style.id],
    languages: [],
    creativeIds: [creative.id],
    ...options.strategy,
  });
  const media = await buildMedia(db, publisher.id);
  const slot = await buildSlot(db, media.id, {
    styleIds: [style.id],
    lowestBid: 500_000,
    supplyType: SupplyType.sdk,
    ...options.slot,
  });
  return { advertiser, publisher, style, creative, plan, strategy, media, slot };
}

/**
 * A test app that serves ads on a database of its own (the own DSP bids with every live plan
 * in the database: on PostgreSQL, not other files'), its flush left to the test.
 */
export function createServingTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    isolated: true,
    env: {
      TRACKING_SECRET: 'test-tracking-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
      ...env,
    },
  });
}

/**
 * What the callers said of a partner's sold ads, as its health rows hold them after a flush
 * (dsp 0: our own ads): loss notices and impressions never billed.
 */
export async function noticeHealthOf(t: TestApp, dspId: number) {
  await t.app.delivery().flush();
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [row] = await t.db
    .select({
      callerLosses: total(dspHealthHourly.callerLosses),
      unbilled: total(dspHealthHourly.unbilled),
    })
    .from(dspHealthHourly)
    .where(eq(dspHealthHourly.dspId, dspId));
  return row ?? { callerLosses: 0, unbilled: 0 };
}

/** The DSP screen's partner health over the last hour, as an operator sees it. */
export async function partnerHealthRows(t: TestApp): Promise<PartnerHealth[]> {
  const operator = await buildUser(t.db, { ability: Ability.login | Ability.systemManage });
  const health = await t.app.inject({
    method: 'GET',
    url: '/svc/delivery/partner/health?hours=1',
    headers: { 'x-token': await buildSession(t.db, operator.id) },
  });
  return (health.json() as { data: PartnerHealth[] }).data;
}

/** The value, or a failed test naming what was missing (instead of a non-null assertion). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}
