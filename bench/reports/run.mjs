// The reports benchmark (docs/product/design.md#budgets: a 30-day report over 10 million stats rows ≤ 300 ms on
// PostgreSQL). Seeds stats_hourly with generate_series in a throw-away PostgreSQL database
// (10 million rows over 90 days) and in an in-memory PGlite (1 million rows), then times the
// typical reports through the report engine itself: median and p95 of several runs each.
// It reports, it does not judge: exit 0 unless no database could be benchmarked at all.
//
//   node bench/reports/run.mjs [--pg-rows 10000000] [--pglite-rows 1000000] [--days 90]
//                              [--runs 10] [--skip-pg] [--skip-pglite] [--fast-seed]
//   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres node bench/reports/run.mjs
//
// DATABASE_URL names the server (its database is only used to create and drop the
// throw-away one). The workload is bench/reports/workload.ts. --fast-seed seeds set-based
// (bench/reports/bulk-fold.ts: the same rows and rollups, 3.5× faster at 10 M rows; see
// cli.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'bench/reports/cli.ts');
const BUDGET_MS = 300;

const { values: flags } = parseArgs({
  options: {
    'pg-rows': { type: 'string', default: '10000000' },
    'pglite-rows': { type: 'string', default: '1000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '10' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'fast-seed': { type: 'boolean', default: false },
  },
});

/** Runs the CLI; answers its JSON line. Progress goes straight to our stderr. */
function runCli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/reports/cli.ts exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const seedFlags = flags['fast-seed'] ? ['--fast-seed'] : [];

const redacted = (url) => {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
};

async function withAdmin(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function benchPostgres() {
  const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
  const database = `adloom_bench_reports_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  try {
    await withAdmin(adminUrl, `create database "${database}"`);
  } catch (error) {
    console.error(
      `PostgreSQL skipped: cannot create a database on ${redacted(adminUrl)}: ${error.message}`,
    );
    return undefined;
  }
  console.error(`PostgreSQL: seeding ${flags['pg-rows']} rows into ${database} …`);
  try {
    return await runCli([
      '--database-url',
      url.toString(),
      '--rows',
      flags['pg-rows'],
      '--days',
      flags.days,
      '--runs',
      flags.runs,
      ...seedFlags,
    ]);
  } finally {
    await withAdmin(adminUrl, `drop database if exists "${database}" with (force)`).catch((error) =>
      console.error(`Could not drop ${database}: ${error.message}`),
    );
  }
}

async function benchPglite() {
  console.error(`PGlite: seeding ${flags['pglite-rows']} rows in memory …`);
  return runCli([
    '--pglite',
    '--rows',
    flags['pglite-rows'],
    '--days',
    flags.days,
    '--runs',
    flags.runs,
    ...seedFlags,
  ]);
}

function print(result, budgetMs) {
  const { tables } = result;
  console.info(
    `\n${result.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${tables.hourly.toLocaleString('en')} stats_hourly rows over ${flags.days} days ` +
      `(stats_daily ${tables.daily.toLocaleString('en')}, stats_plan_hourly ${tables.planHourly.toLocaleString('en')}, ` +
      `stats_geo_daily ${tables.geoDaily.toLocaleString('en')}, stats_creative_daily ${tables.creativeDaily.toLocaleString('en')}), ` +
      `seeded in ${result.seedSeconds.toFixed(0)} s; ${result.figures[0]?.runs} runs each`,
  );
  const rows = result.figures.map((figure) => ({
    report: figure.name,
    reads: figure.table,
    'hourly rows in range': figure.hourlyRows.toLocaleString('en'),
    'median ms': figure.medianMs.toFixed(1),
    'p95 ms': figure.p95Ms.toFixed(1),
    ...(budgetMs ? { [`≤ ${budgetMs} ms`]: figure.p95Ms <= budgetMs ? 'yes' : 'NO' } : {}),
  }));
  console.table(rows);
}

console.info(`Reports benchmark on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
let ran = 0;
if (!flags['skip-pg']) {
  const result = await benchPostgres().catch((error) => {
    console.error(`PostgreSQL run failed: ${error.message}`);
    return undefined;
  });
  if (result) {
    print(result, BUDGET_MS);
    ran += 1;
  }
}
if (!flags['skip-pglite']) {
  const result = await benchPglite().catch((error) => {
    console.error(`PGlite run failed: ${error.message}`);
    return undefined;
  });
  if (result) {
    print(result);
    ran += 1;
  }
}
if (ran === 0) process.exitCode = 1;
