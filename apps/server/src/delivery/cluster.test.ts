/**
 * The cluster entry (cluster.ts, docs/OPERATIONS.md): two real serving processes on one port,
 * sharing PostgreSQL and Redis. A user capped at two impressions a day gets two ads whichever
 * process each request reaches; a plan paused in the database stops serving in both within
 * the configuration poll; a SIGTERM to the whole process group (as a service manager sends)
 * drains both, and what they answered is counted and billed once.
 *
 * PostgreSQL + Redis only (`test:pg`): PGlite belongs to one process, and the cluster refuses it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Billing, PlanStatus, type ServeAdAnswer } from '@adloom/domain';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, selectRows } from '../db/client.js';
import { plans } from '../db/schema.js';
import { SERVER_ROOT } from '../paths.js';
import { buildServingScenario, must } from './test-kit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.TEST_DATABASE_URL;

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

/** A GET on a connection of its own, so the cluster hands it to the next process. */
function fresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!PG_URL)('two serving processes of the cluster entry', () => {
  it(
    'share caps and configuration, and drain both on a signal to the group',
    { timeout: 180_000 },
    async () => {
      const setup = openPostgres(must(PG_URL, 'TEST_DATABASE_URL'), 2);
      cleanups.push(() => setup.close());
      const journalDir = await mkdtemp(join(tmpdir(), 'adloom-cluster-journal-'));
      const prefix = `adloom-cluster-${randomBytes(4).toString('hex')}:`;
      cleanups.push(async () => {
        await rm(journalDir, { recursive: true, force: true });
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      });
      const s = await buildServingScenario(setup.db, {
        plan: { billing: Billing.cpm, timesPerUser: 2, budget: 1_000_000_000 },
        strategy: { bid: 2_000_000 },
      });

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const primary = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts'], {
        cwd: SERVER_ROOT,
        // Its own process group: the test signals the group, as a service manager does.
        detached: true,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          DATABASE_URL: must(PG_URL),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          TRACKING_SECRET: 'cluster-test-secret-of-at-least-32-chars',
          JOURNAL_DIR: journalDir,
          DELIVERY_FLUSH_MS: '300',
          SERVER_PROCESSES: '2',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
      };
      primary.stdout.on('data', keep);
      primary.stderr.on('data', keep);
      const exited = new Promise<number | null>((resolve) => primary.on('exit', resolve));
      cleanups.push(async () => {
        if (primary.exitCode === null && primary.pid) process.kill(-primary.pid, 'SIGKILL');
      });
      const deadline = Date.now() + 120_000;
      while (!output.includes('2 serving processes ready')) {
        if (primary.exitCode !== null) throw new Error(`cluster exited: ${output.slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`cluster did not start: ${output.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Two processes, each with its own journal in the shared directory.
      const alive = (await readdir(journalDir)).filter((name) => name.endsWith('.alive'));
      expect(alive).toHaveLength(2);

      // Caps: two impressions a day for this user, whichever process answers.
      let fills = 0;
      for (let round = 0; round < 8; round += 1) {
        const served = await fresh(`${base}/serve/ad?slot_id=${s.slot.id}&os=1&uid=capped`);
        const answer = JSON.parse(served.body) as ServeAdAnswer;
        if (!answer.fill) continue;
        fills += 1;
        const impression = new URL(must(answer.impression_urls[0], 'an impression URL'));
        const pixel = await fresh(`${base}${impression.pathname}${impression.search}`);
        expect(pixel.status).toBe(200);
      }
      expect(fills).toBe(2);

      // Configuration: a plan paused in the database stops serving in both processes.
      await setup.db
        .update(plans)
        .set({ status: PlanStatus.unlive })
        .where(eq(plans.id, s.plan.id));
      const pausedBy = Date.now() + 10_000;
      let unfilledInARow = 0;
      while (unfilledInARow < 6) {
        expect(Date.now()).toBeLessThan(pausedBy);
        const served = await fresh(`${base}/serve/ad?slot_id=${s.slot.id}&os=1&uid=another`);
        unfilledInARow = (JSON.parse(served.body) as ServeAdAnswer).fill ? 0 : unfilledInARow + 1;
      }

      // A signal to the whole group: the primary drains both, each flushes once.
      process.kill(-must(primary.pid, 'a pid'), 'SIGTERM');
      expect(await exited).toBe(0);
      const [stats] = await selectRows<{ impressions: string; cost: string }>(
        setup.db,
        sql`select coalesce(sum(impressions), 0) as impressions, coalesce(sum(cost), 0) as cost
            from stats_hourly where plan_id = ${s.plan.id}`,
      );
      const [ledger] = await selectRows<{ spent: string }>(
        setup.db,
        sql`select coalesce(-sum(amount), 0) as spent from ledger_entries
            where user_id = ${s.advertiser.id} and kind = 'spend'`,
      );
      expect(Number(stats?.impressions)).toBe(2);
      expect(Number(ledger?.spent)).toBe(Number(stats?.cost));
      expect(Number(stats?.cost)).toBeGreaterThan(0);
      // Nothing left to replay: both processes flushed what they journaled.
      expect((await readdir(journalDir)).filter((name) => name.endsWith('.log'))).toEqual([]);
    },
  );
});
