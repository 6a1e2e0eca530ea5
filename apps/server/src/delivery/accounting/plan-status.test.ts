/**
 * Each plan status rule of plan-status.ts flips with its own condition and only then.
 * Every case has its own advertiser, and the passes are scoped to it, so the shared
 * PostgreSQL test database's other plans are never touched.
 */
import { randomUUID } from 'node:crypto';
import { PlanStatus } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { configVersion, deliveryEvents, plans } from '../../db/schema.js';
import { buildPlan } from '../../test/ad-factories.js';
import { buildStatsRow } from '../../test/factories.js';
import { createAccounting } from './accounting.js';
import { HOUR_MS } from '../../stats/rows.js';
import { applyPlanStatusMoves } from './plan-status.js';
import { EVENT_RETENTION_MS } from './prune.js';
import {
  RecordingLog,
  RecordingStore,
  buildFundedUser,
  newAccounting,
  openAccountingDatabase,
  dimsOf,
  impressionOf,
} from './test-kit.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openAccountingDatabase();
});
afterAll(async () => {
  await handle.close();
});

const NOW = Date.parse('2026-05-10T12:30:00Z');
const TODAY = Date.parse('2026-05-10T03:00:00Z');
const YESTERDAY = Date.parse('2026-05-09T22:00:00Z');
const BUDGET = 50_000;
const { live, unlive, outOfTime, balanceExhausted, lackOfFunds } = PlanStatus;

interface Case {
  rule: string;
  status: number;
  balance: number;
  spentToday?: number;
  spentYesterday?: number;
  ended?: boolean;
  expected: number;
}

const CASES: Case[] = [
  {
    rule: 'live, today’s budget spent → Balance Exhausted',
    status: live,
    balance: 1_000_000,
    spentToday: BUDGET,
    expected: balanceExhausted,
  },
  {
    rule: 'live, yesterday’s budget spent only → stays Live',
    status: live,
    balance: 1_000_000,
    spentToday: BUDGET - 1,
    spentYesterday: BUDGET,
    expected: live,
  },
  { rule: 'live, balance 0 → Lack Of Funds', status: live, balance: 0, expected: lackOfFunds },
  {
    rule: 'Balance Exhausted, balance 0 → Lack Of Funds',
    status: balanceExhausted,
    balance: 0,
    spentToday: BUDGET,
    expected: lackOfFunds,
  },
  {
    rule: 'live, ended → Out Of Time',
    status: live,
    balance: 1_000_000,
    ended: true,
    expected: outOfTime,
  },
  {
    rule: 'Balance Exhausted, ended → Out Of Time',
    status: balanceExhausted,
    balance: 1_000_000,
    spentToday: BUDGET,
    ended: true,
    expected: outOfTime,
  },
  {
    rule: 'Lack Of Funds, ended → Out Of Time',
    status: lackOfFunds,
    balance: 0,
    ended: true,
    expected: outOfTime,
  },
  {
    rule: 'Balance Exhausted, a new UTC day with funds → Live',
    status: balanceExhausted,
    balance: 1_000_000,
    spentYesterday: BUDGET * 2,
    expected: live,
  },
  {
    rule: 'Balance Exhausted, today’s budget still spent → stays',
    status: balanceExhausted,
    balance: 1_000_000,
    spentToday: BUDGET + 1,
    expected: balanceExhausted,
  },
  { rule: 'Lack Of Funds, topped up → Live', status: lackOfFunds, balance: 1, expected: live },
  {
    rule: 'Lack Of Funds, topped up but today’s budget spent → Balance Exhausted',
    status: lackOfFunds,
    balance: 1_000_000,
    spentToday: BUDGET,
    expected: balanceExhausted,
  },
  {
    rule: 'Lack Of Funds, still no funds → stays',
    status: lackOfFunds,
    balance: 0,
    expected: lackOfFunds,
  },
  {
    rule: 'Out Of Time never comes back by itself',
    status: outOfTime,
    balance: 1_000_000,
    expected: outOfTime,
  },
  {
    rule: 'Unlive never moves, whatever its conditions',
    status: unlive,
    balance: 0,
    spentToday: BUDGET,
    ended: true,
    expected: unlive,
  },
];

async function arrange(db: DatabaseHandle['db'], c: Case) {
  const ownerId = await buildFundedUser(db, c.balance);
  const plan = await buildPlan(db, ownerId, {
    status: c.status,
    budget: BUDGET,
    endAt: c.ended ? new Date(NOW - 1) : new Date(NOW + 86_400_000),
    creationStep: 4,
  });
  const spend = async (hour: number, cost: number) =>
    buildStatsRow(db, { hour: new Date(hour), advertiserId: ownerId, planId: plan.id, cost });
  // Split over two rows of the day: the budget counts their sum.
  if (c.spentToday) {
    await spend(TODAY, Math.floor(c.spentToday / 2));
    await spend(TODAY + HOUR_MS, c.spentToday - Math.floor(c.spentToday / 2));
  }
  if (c.spentYesterday) await spend(YESTERDAY, c.spentYesterday);
  return { ownerId, planId: plan.id };
}

async function statusOf(db: DatabaseHandle['db'], planId: number) {
  const [row] = await db.select({ status: plans.status }).from(plans).where(eq(plans.id, planId));
  return row?.status;
}

describe('plan status moves', () => {
  it.each(CASES)('$rule', async (c) => {
    const db = handle.db;
    const { ownerId, planId } = await arrange(db, c);
    const moves = await applyPlanStatusMoves(db, { now: NOW, ownerIds: [ownerId] });
    expect(await statusOf(db, planId)).toBe(c.expected);
    expect(moves).toEqual(
      c.expected === c.status ? [] : [{ planId, from: c.status, to: c.expected }],
    );
  });

  it('an end exactly now counts as passed; one a millisecond later does not', async () => {
    const db = handle.db;
    const ownerId = await buildFundedUser(db, 1_000_000);
    const endsNow = await buildPlan(db, ownerId, { status: live, endAt: new Date(NOW) });
    const endsLater = await buildPlan(db, ownerId, { status: live, endAt: new Date(NOW + 1) });
    const open = await buildPlan(db, ownerId, { status: live, endAt: null });
    await applyPlanStatusMoves(db, { now: NOW, ownerIds: [ownerId] });
    expect(await statusOf(db, endsNow.id)).toBe(outOfTime);
    expect(await statusOf(db, endsLater.id)).toBe(live);
    expect(await statusOf(db, open.id)).toBe(live);
  });

  it('updates only rows that change: a second pass moves nothing and bumps no version', async () => {
    const db = handle.db;
    const ownerId = await buildFundedUser(db, 0);
    const plan = await buildPlan(db, ownerId, { status: live });
    const other = await buildPlan(db, await buildFundedUser(db, 0), { status: live });
    expect(await applyPlanStatusMoves(db, { now: NOW, ownerIds: [ownerId] })).toEqual([
      { planId: plan.id, from: live, to: lackOfFunds },
    ]);
    expect(await statusOf(db, other.id)).toBe(live);

    const version = async () => (await db.select().from(configVersion))[0]?.version;
    const before = await version();
    expect(await applyPlanStatusMoves(db, { now: NOW, ownerIds: [ownerId] })).toEqual([]);
    // The PostgreSQL test database is shared: others may bump the version meanwhile.
    if (handle.kind === 'pglite') expect(await version()).toBe(before);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'without a scope, checks every running plan (own database only)',
    async () => {
      const db = handle.db;
      const plan = await buildPlan(db, await buildFundedUser(db, 0), { status: live });
      const moves = await applyPlanStatusMoves(db, { now: NOW });
      expect(moves).toContainEqual({ planId: plan.id, from: live, to: lackOfFunds });
    },
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the timer checks every running plan and prunes event ids once a minute (own database only)',
    async () => {
      const db = handle.db;
      let clock = NOW;
      const accounting = createAccounting({
        db,
        store: new RecordingStore(),
        log: new RecordingLog(),
        flushMs: 20,
        now: () => clock,
      });
      const plan = await buildPlan(db, await buildFundedUser(db, 0), { status: live });
      const expired = `imp:${randomUUID()}`;
      await db
        .insert(deliveryEvents)
        .values({ eventId: expired, at: new Date(NOW - EVENT_RETENTION_MS) });
      accounting.start();
      clock = NOW + 60_000;
      try {
        await expect.poll(() => statusOf(db, plan.id), { timeout: 10_000 }).toBe(lackOfFunds);
        await expect
          .poll(
            async () =>
              (await db.select().from(deliveryEvents).where(eq(deliveryEvents.eventId, expired)))
                .length,
            { timeout: 10_000 },
          )
          .toBe(0);
      } finally {
        await accounting.stop();
      }
    },
  );

  it('a flush that bills moves its advertiser’s plans at once', async () => {
    const db = handle.db;
    const now = Date.now();
    const exhaustedOwner = await buildFundedUser(db, 1_000_000);
    const brokeOwner = await buildFundedUser(db, 3_000);
    const busy = await buildPlan(db, exhaustedOwner, { status: live, budget: 4_000 });
    const calm = await buildPlan(db, exhaustedOwner, { status: live, budget: 4_000 });
    const broke = await buildPlan(db, brokeOwner, { status: live, budget: 1_000_000 });
    const { accounting, log } = newAccounting(db);
    const busyDims = dimsOf({ advertiserId: exhaustedOwner, planId: busy.id });
    accounting.countEvent(impressionOf(busyDims, now, 2_500));
    accounting.countEvent(impressionOf(busyDims, now, 1_500));
    accounting.countEvent(
      impressionOf(dimsOf({ advertiserId: brokeOwner, planId: broke.id }), now, 3_000),
    );
    await accounting.flush();

    expect(await statusOf(db, busy.id)).toBe(balanceExhausted);
    expect(await statusOf(db, calm.id)).toBe(live);
    expect(await statusOf(db, broke.id)).toBe(lackOfFunds);
    expect(log.levels('info')).toContain('accounting: plan statuses moved');
  });
});
