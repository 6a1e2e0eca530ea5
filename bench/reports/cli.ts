/**
 * One run of the reports benchmark on one database (bench/reports/run.mjs calls it): migrate,
 * seed, time the typical reports, print the figures as one JSON line on stdout (progress, the
 * seed's phases and the tables' sizes on stderr).
 *
 *   node --import tsx bench/reports/cli.ts \
 *     (--database-url postgres://…/throwaway | --pglite) [--rows 10000000] [--days 90] [--runs 10]
 *     [--repeat 3] [--fast-seed] [--seed-only | --measured-only] [--seed-days 1-45]
 *
 * With --measured-only and --database-url, a database seeded by an earlier run is migrated
 * and measured again without seeding (a 10 M-row seed through the trigger takes a quarter of
 * an hour). With --repeat 3 the reports are measured three times on the one seed (a PGlite
 * seed is lost with the process): each figure's medianMs is then the median of the three
 * runs' medians, which `runMediansMs` lists. PGlite runs on its own thread, as the server's
 * does (docs/decisions/pglite-thread.md); PGLITE_THREAD=false runs it in this one.
 *
 * --fast-seed writes each day in one transaction with the rollup trigger disabled and sums
 * the rollups set-based from the day's rows (workload.ts `bulk`, bulk-fold.ts): the same rows
 * in every table as the default trigger seed (seed.test.ts), 3.5× faster at 10 M rows.
 * --seed-only seeds (and folds, vacuums) without measuring, so a long seed can run under a
 * shared lock and the timing under an exclusive one (`--measured-only` after it);
 * --seed-days seeds part of the days (1-based, inclusive), so a 100 M-row seed can be made in
 * parts:
 *
 *   cli.ts --database-url … --rows 100000000 --fast-seed --seed-only --seed-days 1-45
 *   cli.ts --database-url … --rows 100000000 --fast-seed --seed-only --seed-days 46-90
 *   cli.ts --database-url … --measured-only --runs 5 --repeat 3
 *
 * --rows must be the same in each part (it sets the rows per hour).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPostgres, selectRows } from '../../apps/server/src/db/client.js';
import { openPglite } from '../../apps/server/src/db/pglite.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { upkeepTables } from '../../apps/server/src/db/upkeep.js';
import { foldClosedHours } from '../../apps/server/src/stats/fold.js';
import { SOURCES } from '../../apps/server/src/modules/report/sources.js';
import { benchCases, measureReports, seedBenchStats, type BenchFigure } from './workload.js';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    rows: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '10' },
    'measured-only': { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    'fast-seed': { type: 'boolean', default: false },
    'seed-days': { type: 'string' },
    repeat: { type: 'string', default: '1' },
  },
});

const url = flags['database-url'];
if (!url && !flags.pglite) throw new Error('Give --database-url or --pglite');
if (flags['seed-only'] && flags['measured-only']) throw new Error('--seed-only or --measured-only');
if (flags['measured-only'] && !url)
  throw new Error('--measured-only measures a kept database: give --database-url');
const seedDays = flags['seed-days']
  ? (() => {
      const [from, to] = (flags['seed-days'] ?? '').split('-').map(Number);
      if (!from || !to || from > to || to > Number(flags.days))
        throw new Error('--seed-days FROM-TO: days 1 to --days, FROM <= TO');
      return { from, to };
    })()
  : undefined;
/** In memory, on its own thread as the server runs it (PGLITE_THREAD=false: in this one). */
async function openEmbedded() {
  if (process.env.PGLITE_THREAD === 'false') return openPglite(await PGlite.create());
  const { openPgliteThread } = await import('../../apps/server/src/db/pglite-worker.js');
  return openPgliteThread({ dataDir: 'memory://', postgresqlconf: [] });
}
const handle = url ? openPostgres(url, 2) : await openEmbedded();
try {
  await migrateDatabase(handle);
  const now = new Date();
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const started = performance.now();
  const phases: Record<string, number> = {};
  const rows = flags['measured-only']
    ? 0
    : await seedBenchStats(handle.db, {
        rows: Number(flags.rows),
        days: Number(flags.days),
        lastDay,
        mode: flags['fast-seed'] ? 'bulk' : 'trigger',
        onlyDays: seedDays,
        phases,
        onDay: (done, of) => {
          if (done % 10 === 0 || done === of) process.stderr.write(`  seeded ${done}/${of} days\n`);
        },
      });
  const seedSeconds = (performance.now() - started) / 1000;
  const seedPhases = Object.fromEntries(
    Object.entries(phases).map(([phase, ms]) => [phase, Math.round(ms / 100) / 10]),
  );
  if (rows > 0) process.stderr.write(`  seed phases (s): ${JSON.stringify(seedPhases)}\n`);
  // What a running server does within a minute: the closed hours go into the daily rollups.
  // Then what autovacuum does to a table that has stopped changing: its statistics (the sizes
  // chooseSource reads) and its visibility map, so the keys of a range come from an index
  // alone (running-query.ts) as on a server whose older days are settled. On PGlite, which has
  // no autovacuum, what the server does in its place (db/upkeep.ts, a smaller sample).
  // (A first part of a seed in parts leaves that to the last.)
  const lastPart = !seedDays || seedDays.to === Number(flags.days);
  if (lastPart) {
    await foldClosedHours(handle.db, Date.now());
    if (flags.pglite) {
      const started = performance.now();
      const tables = await upkeepTables(handle.db);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(`  the upkeep's first pass: ${tables.length} tables in ${seconds} s\n`);
    } else {
      for (const table of SOURCES.map((source) => source.table)) {
        await handle.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
      }
    }
  }
  const [sizes] = await selectRows<Record<string, number>>(
    handle.db,
    sql`select (select count(*) from stats_hourly)::int as hourly,
               (select count(*) from stats_daily)::int as daily,
               (select count(*) from stats_plan_hourly)::int as "planHourly",
               (select count(*) from stats_geo_daily)::int as "geoDaily",
               (select count(*) from stats_creative_daily)::int as "creativeDaily",
               (select count(*) from stats_creative_running)::int as "creativeRunning"`,
  );
  const [bytes] = await selectRows<Record<string, number>>(
    handle.db,
    sql.raw(
      `select ${['stats_hourly', ...SOURCES.map((source) => source.table)]
        .filter((table, index, all) => all.indexOf(table) === index)
        .map((table) => `pg_total_relation_size('${table}')::bigint as "${table}"`)
        .join(', ')}, pg_database_size(current_database())::bigint as "database"`,
    ),
  );
  process.stderr.write(
    `  sizes (MB): ${JSON.stringify(Object.fromEntries(Object.entries(bytes ?? {}).map(([table, size]) => [table, Math.round(Number(size) / 1048576)])))}\n`,
  );
  const measured: BenchFigure[][] = [];
  for (let run = 0; run < (flags['seed-only'] ? 0 : Number(flags.repeat)); run += 1) {
    measured.push(await measureReports(handle.db, benchCases(lastDay), Number(flags.runs)));
  }
  const middle = (values: number[]) =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;
  const figures = (measured[0] ?? []).map((figure, index) => {
    const runMediansMs = measured.map((run) => run[index]?.medianMs ?? Number.NaN);
    return { ...figure, medianMs: middle(runMediansMs), runMediansMs };
  });
  process.stdout.write(
    `${JSON.stringify({ database: handle.kind, rows, seedSeconds, seedPhases, tables: sizes, bytes, figures })}\n`,
  );
} finally {
  await handle.close();
}
