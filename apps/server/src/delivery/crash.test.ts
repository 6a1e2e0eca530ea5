/**
 * The fault test of issue 19: a real server process (tsx, main.ts) serves ads and answers
 * impressions and clicks under load, is killed with SIGKILL in the middle, and is started
 * again on the same database and journal. Every impression and click it answered (200,
 * 302) is then counted once in delivery_events and stats_hourly and billed once in the
 * ledger: 0 lost, 0 counted twice, 0 billed twice. With Redis, the advertiser's reserved
 * amount goes back to what is really unsettled (nothing stays stuck) and it still gets ads.
 *
 * PGlite under `npm run test:unit`; PostgreSQL, and PostgreSQL + Redis, under `test:pg`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Billing, type ServeAdAnswer } from '@adloom/domain';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, selectRows, type DatabaseHandle } from '../db/client.js';
import { openPglite } from '../db/pglite.js';
import { migrateDatabase } from '../db/migrate.js';
import { SERVER_ROOT } from '../paths.js';
import { stateKeys } from './state/redis-keys.js';
import { buildServingScenario, must } from './test-kit.js';
import { TokenSigner } from './tracking/token.js';

const SECRET = 'crash-test-secret-of-at-least-32-chars';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.TEST_DATABASE_URL;
/** Impressions answered before the kill: several flush intervals' worth. */
const ANSWERED_BEFORE_KILL = 400;
const WORKERS = 12;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

interface Target {
  name: string;
  env: Record<string, string>;
  /** The test's own connection; PGlite's is opened only while no server holds the directory. */
  open(): Promise<DatabaseHandle>;
  redisPrefix?: string;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      TRACKING_SECRET: SECRET,
      DELIVERY_FLUSH_MS: '300',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, exited, stderr: () => stderr };
}

const tokenOf = (url: string) => must(new URL(url).searchParams.get('t'), 'a token');

async function crashAndRecover(target: Target) {
  const started = Date.now();
  const setup = await target.open();
  const scenario = await buildServingScenario(setup.db, {
    plan: { billing: Billing.cpm, budget: 1_000_000_000_000 },
    strategy: { bid: 2_000_000 },
  });
  if (setup.kind === 'pglite') await setup.close();
  const signer = new TokenSigner(SECRET);
  const slotId = scenario.slot.id;

  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = Math.round((Date.now() - mark) / 100) / 10;
    mark = Date.now();
  };
  phase('setupSeconds');
  const first = await startServer(target.env);
  phase('firstStartSeconds');
  const served = new Map<string, number>(); // token id → cost (micros) of its impression
  const answeredImps = new Set<string>();
  const answeredClicks = new Set<string>();
  let stop = false;
  const worker = async (index: number) => {
    for (let round = 0; !stop; round += 1) {
      try {
        const serve = await fetch(
          `${first.base}/serve/ad?slot_id=${slotId}&os=1&uid=crash-${index}-${round}`,
        );
        const answer = (await serve.json()) as Partial<ServeAdAnswer>;
        if (!answer.fill || !answer.impression_urls || !answer.ad) continue;
        const impression = must(answer.impression_urls[0], 'an impression URL');
        const claims = must(signer.open(tokenOf(impression)), 'a genuine token');
        served.set(claims.id, Math.round(claims.price / 1000));
        const pixel = await fetch(impression.replace(/^https?:\/\/[^/]+/, first.base));
        await pixel.arrayBuffer();
        if (pixel.status === 200) answeredImps.add(claims.id);
        if (round % 4 === 0) {
          const click = await fetch(answer.ad.click_url.replace(/^https?:\/\/[^/]+/, first.base), {
            redirect: 'manual',
          });
          await click.arrayBuffer();
          if (click.status === 302) answeredClicks.add(claims.id);
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
  while (answeredImps.size < ANSWERED_BEFORE_KILL && first.child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  first.child.kill('SIGKILL');
  await first.exited;
  stop = true;
  await Promise.all(workers);
  expect(answeredImps.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
  phase('trafficSeconds');
  const journalLeft = (await readdir(target.env.JOURNAL_DIR ?? '')).filter((name) =>
    name.endsWith('.log'),
  );

  // The restart replays the journal before it listens; its graceful stop flushes the rest.
  const second = await startServer(target.env);
  phase('restartSeconds');
  let fillsAfter = 0;
  for (let round = 0; round < 20; round += 1) {
    const answer = (await (
      await fetch(`${second.base}/serve/ad?slot_id=${slotId}&os=1&uid=after-${round}`)
    ).json()) as Partial<ServeAdAnswer>;
    if (answer.fill) fillsAfter += 1;
  }
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  // Redis: what stays reserved for the advertiser is exactly the holds of the ads served
  // after the restart (their impressions never came; they expire) — nothing of the crash.
  let pendingAfterRestart = 0;
  let heldAfterRestart = 0;
  let trackedAfterRestart = 0;
  if (target.redisPrefix) {
    const redis = new Redis(REDIS_URL);
    const keys = stateKeys(target.redisPrefix);
    pendingAfterRestart = Number((await redis.get(keys.pending(scenario.advertiser.id))) ?? 0);
    const amountOf = (members: string[]) =>
      members
        .map((member) => member.split('|'))
        .filter((fields) => fields.at(-3) === String(scenario.advertiser.id))
        .reduce((sum, fields) => sum + Number(fields.at(-1)), 0);
    heldAfterRestart = amountOf(await redis.zrange(keys.holds(), '0', '-1'));
    trackedAfterRestart = amountOf(await redis.zrange(keys.reserved(), '0', '-1'));
    await redis.quit();
  }

  const check = await target.open();
  try {
    const ids = [...served.keys()];
    const counted = await selectRows<{ event_id: string }>(
      check.db,
      sql`select event_id from delivery_events
          where event_id in (select 'imp:' || unnest(${`{${ids.join(',')}}`}::text[]))
             or event_id in (select 'clk:' || unnest(${`{${ids.join(',')}}`}::text[]))`,
    );
    const countedIds = new Set(counted.map((row) => row.event_id));
    const lostImps = [...answeredImps].filter((id) => !countedIds.has(`imp:${id}`));
    const lostClicks = [...answeredClicks].filter((id) => !countedIds.has(`clk:${id}`));
    const countedImps = ids.filter((id) => countedIds.has(`imp:${id}`));
    const countedClicks = ids.filter((id) => countedIds.has(`clk:${id}`));
    const [stats] = await selectRows<{ impressions: string; clicks: string; cost: string }>(
      check.db,
      sql`select coalesce(sum(impressions), 0) as impressions, coalesce(sum(clicks), 0) as clicks,
            coalesce(sum(cost), 0) as cost
          from stats_hourly where slot_id = ${slotId} and plan_id = ${scenario.plan.id}`,
    );
    const [ledger] = await selectRows<{ spent: string }>(
      check.db,
      sql`select coalesce(-sum(amount), 0) as spent from ledger_entries
          where user_id = ${scenario.advertiser.id} and kind = 'spend'`,
    );
    const expectedCost = countedImps.reduce((sum, id) => sum + (served.get(id) ?? 0), 0);
    const figures = {
      target: target.name,
      answeredImpressions: answeredImps.size,
      answeredClicks: answeredClicks.size,
      journalSegmentsAfterKill: journalLeft.length,
      lostImpressions: lostImps.length,
      lostClicks: lostClicks.length,
      statsImpressions: Number(stats?.impressions),
      countedImpressions: countedImps.length,
      statsClicks: Number(stats?.clicks),
      countedClicks: countedClicks.length,
      statsCost: Number(stats?.cost),
      ledgerSpend: Number(ledger?.spent),
      expectedCost,
      fillsAfterRestart: fillsAfter,
      pendingAfterRestart,
      heldAfterRestart,
      trackedAfterRestart,
      seconds: Math.round((Date.now() - started) / 1000),
      ...phases,
    };
    console.info(`crash test: ${JSON.stringify(figures)}`);
    expect(lostImps).toEqual([]);
    expect(lostClicks).toEqual([]);
    // Counted once: stats hold exactly the claimed ids (an impression counted whose answer
    // the kill cut off is counted too, once).
    expect(figures.statsImpressions).toBe(countedImps.length);
    expect(figures.statsClicks).toBe(countedClicks.length);
    // Billed once: the ledger equals stats, and stats equal the claimed impressions' prices.
    expect(figures.statsCost).toBe(expectedCost);
    expect(figures.ledgerSpend).toBe(expectedCost);
    expect(fillsAfter).toBe(20);
    if (target.redisPrefix) {
      expect(trackedAfterRestart).toBe(0);
      expect(pendingAfterRestart).toBe(heldAfterRestart);
    }
  } finally {
    await check.close();
  }
}

describe.skipIf(Boolean(PG_URL))('a kill -9 under load (PGlite)', () => {
  it(
    'loses, double-counts and double-bills nothing it answered',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'adloom-crash-pglite-'));
      const journalDir = await mkdtemp(join(tmpdir(), 'adloom-crash-journal-'));
      let created = false;
      cleanups.push(async () => {
        await rm(dataDir, { recursive: true, force: true });
        await rm(journalDir, { recursive: true, force: true });
      });
      await crashAndRecover({
        name: 'PGlite',
        env: { DATABASE_URL: '', PGLITE_DIR: dataDir, JOURNAL_DIR: journalDir, REDIS_URL: '' },
        open: async () => {
          // First from the run's migrated template (no migrations to wait for), then as is.
          const template = created ? null : inject('pgliteTemplate');
          created = true;
          const handle = openPglite(
            await PGlite.create(
              dataDir,
              template ? { loadDataDir: new Blob([await readFile(template)]) } : {},
            ),
          );
          if (!template) await migrateDatabase(handle);
          return handle;
        },
      });
    },
  );
});

describe.skipIf(!PG_URL)('a kill -9 under load (PostgreSQL)', () => {
  const open = async () => openPostgres(must(PG_URL, 'TEST_DATABASE_URL'), 2);

  it(
    'loses, double-counts and double-bills nothing it answered',
    { timeout: 180_000 },
    async () => {
      const journalDir = await mkdtemp(join(tmpdir(), 'adloom-crash-journal-'));
      cleanups.push(() => rm(journalDir, { recursive: true, force: true }));
      await crashAndRecover({
        name: 'PostgreSQL',
        env: { DATABASE_URL: must(PG_URL), JOURNAL_DIR: journalDir, REDIS_URL: '' },
        open,
      });
    },
  );

  it('with Redis, also leaves no reservation stuck', { timeout: 180_000 }, async () => {
    const journalDir = await mkdtemp(join(tmpdir(), 'adloom-crash-journal-'));
    const prefix = `adloom-crash-${randomBytes(4).toString('hex')}:`;
    cleanups.push(async () => {
      await rm(journalDir, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    await crashAndRecover({
      name: 'PostgreSQL + Redis',
      env: {
        DATABASE_URL: must(PG_URL),
        JOURNAL_DIR: journalDir,
        REDIS_URL,
        REDIS_PREFIX: prefix,
      },
      open,
      redisPrefix: prefix,
    });
  });
});
