/**
 * Closing hours in stats_daily (migration 0008, docs/decisions/reports.md): the hours from
 * stats_daily_open's `open_from` are read from stats_hourly; once an hour is over, its
 * hourly rows are added to their days' stats_daily rows in one statement and `open_from`
 * moves past it. A day's stats_daily row thus holds its hours before open_from. The
 * open_from row is held FOR UPDATE meanwhile: a write to an hour being closed waits and then
 * maintains stats_daily through the trigger itself, so no count is lost or doubled.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Database } from '../../db/client.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** An hour is closed within a minute or two of its end; reports read at most that late. */
const FOLD_EVERY_MS = 60_000;

const utcMidnight = (epochMs: number) => Math.floor(epochMs / DAY_MS) * DAY_MS;

/** Adds every closed hour not yet in stats_daily to it; answers how many hours it closed. */
export async function foldClosedHours(db: Database, nowMs: number): Promise<number> {
  const current = new Date(Math.floor(nowMs / HOUR_MS) * HOUR_MS).toISOString();
  return db.transaction(async (tx) => {
    const [open] = await selectRows<{ hours: number }>(
      tx,
      sql`select floor(extract(epoch from (${current}::timestamptz - open_from)) / 3600)::int as hours
          from stats_daily_open where id = 1 for update`,
    );
    const hours = open?.hours ?? 0;
    if (hours <= 0) return 0;
    await tx.execute(sql`
      insert into stats_daily as t (day, advertiser_id, plan_id, strategy_id, creative_id,
        media_id, slot_id, dsp_id, country, os, app_version,
        requests, fills, impressions, clicks, cost, income, partner_revenue, partner_take)
      select date_trunc('day', h.hour, 'UTC'), h.advertiser_id, h.plan_id, h.strategy_id,
        h.creative_id, h.media_id, h.slot_id, h.dsp_id, h.country, h.os, h.app_version,
        sum(h.requests), sum(h.fills), sum(h.impressions), sum(h.clicks), sum(h.cost),
        sum(h.income), sum(h.partner_revenue), sum(h.partner_take)
      from stats_hourly h
      where h.hour >= (select open_from from stats_daily_open where id = 1)
        and h.hour < ${current}::timestamptz
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      having sum(h.requests) <> 0 or sum(h.fills) <> 0 or sum(h.impressions) <> 0
        or sum(h.clicks) <> 0 or sum(h.cost) <> 0 or sum(h.income) <> 0
        or sum(h.partner_revenue) <> 0 or sum(h.partner_take) <> 0
      on conflict on constraint stats_daily_pkey do update set
        requests = t.requests + excluded.requests, fills = t.fills + excluded.fills,
        impressions = t.impressions + excluded.impressions, clicks = t.clicks + excluded.clicks,
        cost = t.cost + excluded.cost, income = t.income + excluded.income,
        partner_revenue = t.partner_revenue + excluded.partner_revenue,
        partner_take = t.partner_take + excluded.partner_take`);
    await tx.execute(
      sql`update stats_daily_open set open_from = ${current}::timestamptz where id = 1`,
    );
    return hours;
  });
}

/**
 * Opens the days from `fromMs` (a UTC midnight) again: their stats_daily rows go and reports
 * read them from stats_hourly until they are folded anew. For re-deriving stats_daily after
 * a repair of stats_hourly, and for tests; never moves open_from later.
 */
export async function reopenDays(db: Database, fromMs: number): Promise<void> {
  const from = new Date(utcMidnight(fromMs)).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select open_from from stats_daily_open where id = 1 for update`);
    await tx.execute(sql`delete from stats_daily where day >= ${from}::timestamptz`);
    await tx.execute(
      sql`update stats_daily_open set open_from = least(open_from, ${from}::timestamptz)
          where id = 1`,
    );
  });
}

/** The first hour stats_daily does not hold yet (epoch ms). */
export async function openFrom(db: Database): Promise<number> {
  const [row] = await selectRows<{ ms: string | number }>(
    db,
    sql`select (extract(epoch from open_from) * 1000)::bigint as ms from stats_daily_open where id = 1`,
  );
  return Number(row?.ms ?? 0);
}

/**
 * Closes hours now and every minute (the server's main only); the answer stops it, waiting
 * for a fold under way.
 */
export function startDailyFold(db: Database, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const fold = () => {
    running = foldClosedHours(db, Date.now()).then(
      (hours) => {
        if (hours > 1) log.info({ hours }, 'reports: closed hours added to stats_daily');
      },
      (error: unknown) => log.error({ err: error }, 'reports: closing hours failed'),
    );
  };
  fold();
  const timer = setInterval(fold, FOLD_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
