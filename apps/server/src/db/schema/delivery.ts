/** The delivery engine's own tables: the config version, billed events, partners' health (issue 7). */
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row (id 1): bumped by a trigger on every write to the configuration the delivery
 * engine serves from (migration 0004), so each server process sees a change within a
 * second and rebuilds its in-memory snapshot (docs/product/design.md#delivery-engine).
 */
export const configVersion = pgTable('config_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every billed tracking event, by its id (`imp:<id>`, `clk:<id>`, `win:<id>`, `cpt:<plan>:<day>`):
 * the accounting flush inserts here first and counts only what was new, so an event is
 * counted and billed once across retries, replays and server processes. Rows older than
 * the tracking token's life are pruned.
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    eventId: text('event_id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('delivery_events_at_idx').on(t.at)],
);

/**
 * Demand partners' health by hour: calls, answers, bids, timeouts, errors, wins, latency, and
 * what the callers said of the ads sold (losses, impressions never billed).
 */
export const dspHealthHourly = pgTable(
  'dsp_health_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    dspId: integer('dsp_id').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    bids: bigint('bids', { mode: 'number' }).notNull().default(0),
    noBids: bigint('no_bids', { mode: 'number' }).notNull().default(0),
    timeouts: bigint('timeouts', { mode: 'number' }).notNull().default(0),
    errors: bigint('errors', { mode: 'number' }).notNull().default(0),
    wins: bigint('wins', { mode: 'number' }).notNull().default(0),
    /** Sum of answer times (ms) over the calls that answered in time, for the mean. */
    latencyMsSum: bigint('latency_ms_sum', { mode: 'number' }).notNull().default(0),
    answered: bigint('answered', { mode: 'number' }).notNull().default(0),
    /**
     * Loss notices of this partner's served bids from the caller that bought through us,
     * relayed as the partner's lurl (dsp_id 0: of our own bids).
     */
    callerLosses: bigint('caller_losses', { mode: 'number' }).notNull().default(0),
    /**
     * Impressions shown of this partner's ads sold on the caller's billing notice that never
     * came: the partner pays nothing for them (dsp_id 0: our own ads, charged nothing).
     */
    unbilled: bigint('unbilled', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dsp_health_hourly_pkey', columns: [t.hour, t.dspId] })],
);

/**
 * Partner bids refused before our auction, by hour, partner and reason (BidRejection): the
 * DSP screen's table of why a partner's bids did not compete.
 */
export const dspRejectionsHourly = pgTable(
  'dsp_rejections_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    dspId: integer('dsp_id').notNull(),
    reason: text('reason').notNull(),
    bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'dsp_rejections_hourly_pkey', columns: [t.hour, t.dspId, t.reason] })],
);
