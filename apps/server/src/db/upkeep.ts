/**
 * Autovacuum's work for the embedded database, which has none: PGlite runs PostgreSQL as one
 * backend, without the background workers that vacuum and analyse tables on a server
 * (docs/decisions/pglite-thread.md). Without it the stats tables' planner statistics and
 * sizes never appear (the report chooser, modules/report/sizes.ts, then keeps its static
 * order), no page is ever marked all-visible (an index-only scan reads the rows anyway), and
 * the dead rows of upserts and of delivery_events' pruning are never reclaimed.
 *
 * Every few minutes the server reads pg_stat_user_tables and treats the tables past
 * autovacuum's default thresholds as autovacuum would: VACUUM and ANALYZE past the dead-row or
 * inserted-row threshold, ANALYZE past the changed-row one. A table at a time, so that the
 * flush and the console's queries take their turns between them on PGlite's one session.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from './client.js';

/** autovacuum_vacuum_threshold and _scale_factor (PostgreSQL's defaults). */
const DEAD_ROWS = { base: 50, scale: 0.2 };
/** autovacuum_vacuum_insert_threshold and _scale_factor: sets the visibility map of new rows. */
const INSERTED_ROWS = { base: 1000, scale: 0.2 };
/** autovacuum_analyze_threshold and _scale_factor. */
const CHANGED_ROWS = { base: 50, scale: 0.1 };

export const UPKEEP_EVERY_MS = 5 * 60_000;

/**
 * ANALYZE's sample is 300 × this many rows, held in memory at once: at PostgreSQL's default
 * of 100, stats_creative_running's ~4.5 KB rows would take ~135 MB of PGlite's WebAssembly
 * memory, which never shrinks (the idle budget is 300 MB in all). A tenth of that sample
 * still gives the planner row counts and the common values of the stats tables' keys.
 */
const STATISTICS_TARGET = 10;

export interface TableUpkeep {
  table: string;
  work: 'vacuum' | 'analyze';
}

const past = (column: string, { base, scale }: { base: number; scale: number }) =>
  sql.raw(`s.${column} > ${base} + ${scale} * greatest(c.reltuples, 0)`);

const VACUUM_DUE = sql`(${past('n_dead_tup', DEAD_ROWS)} or ${past('n_ins_since_vacuum', INSERTED_ROWS)})`;
/**
 * PGlite keeps no statistics counters across a restart (only the catalog's sizes): a table
 * never vacuumed nor analysed is treated once whatever the counters say.
 */
const NEVER_ANALYSED = sql.raw('c.reltuples < 0');

/** The tables past a threshold and what each needs, largest first. */
export async function tablesDue(db: Database): Promise<TableUpkeep[]> {
  // A backend publishes its counts at most once a second: the session's own writes first.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = await selectRows<{ table: string; vacuum: boolean }>(
    db,
    sql`select s.relname as "table", (${NEVER_ANALYSED} or ${VACUUM_DUE}) as vacuum
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
          and (${NEVER_ANALYSED} or ${VACUUM_DUE} or ${past('n_mod_since_analyze', CHANGED_ROWS)})
        order by c.relpages desc, s.relname`,
  );
  return rows.map((row) => ({ table: row.table, work: row.vacuum ? 'vacuum' : 'analyze' }));
}

/** Vacuums and analyses the tables that need it; answers what it did. */
export async function upkeepTables(db: Database): Promise<TableUpkeep[]> {
  const due = await tablesDue(db);
  for (const { table, work } of due) {
    if (work === 'vacuum') await db.execute(sql`vacuum ${sql.identifier(table)}`);
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
      await tx.execute(sql`analyze ${sql.identifier(table)}`);
    });
  }
  return due;
}

/**
 * Runs the upkeep every UPKEEP_EVERY_MS, the first a period after the start (the server's
 * main, on the embedded database only); the answer stops it, waiting for a pass under way.
 */
export function startEmbeddedUpkeep(db: Database, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const pass = () => {
    // One pass at a time: a long first vacuum of a big database is not started twice.
    if (running) return;
    const started = Date.now();
    running = upkeepTables(db)
      .then(
        (done) => {
          if (done.length > 0) {
            log.info({ tables: done, ms: Date.now() - started }, 'database: tables vacuumed');
          }
        },
        (error: unknown) => log.error({ err: error }, 'database: vacuum failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, UPKEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
