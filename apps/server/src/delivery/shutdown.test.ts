/**
 * The graceful shutdown loses no counted event: a real server process (the demo install on
 * its own PGlite directory, flushing only at exit) takes impressions under load, gets
 * SIGTERM in the middle, and every impression it answered is in stats_hourly and billed in
 * the ledger once it has exited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ServeAdAnswer } from '@adloom/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths.js';
import { DEMO_PASSWORD } from '../db/seed.js';
import { credentials } from '../test/factories.js';
import { must } from './test-kit.js';

const MARK = 'shutdown-test';

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

async function waitForHealth(
  base: string,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited early (${child.exitCode}): ${stderr().slice(-2000)}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

let dataDir = '';
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (dataDir) await rm(`${dataDir}-journal`, { recursive: true, force: true });
});

// Its own PGlite server process: once per run is enough (not again on PostgreSQL).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('graceful shutdown', () => {
  it(
    'flushes every impression it answered before exiting on SIGTERM',
    { timeout: 180_000 },
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'adloom-shutdown-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          PGLITE_DIR: dataDir,
          // Not the repository's journal: a test's events must never reach another database.
          JOURNAL_DIR: `${dataDir}-journal`,
          DATABASE_URL: '',
          SEED_DEMO: 'true',
          // The demo's accounts, plans and slots without its 30 days of history (~15 s of
          // seeding): the test is about the events of this run.
          DEMO_HISTORY_DAYS: '0',
          LOG_LEVEL: 'warn',
          WEB_DIST: '/nonexistent',
          TRACKING_SECRET: 'shutdown-test-secret-of-32-characters!',
          // Nothing is written before the shutdown: the last flush must carry it all.
          DELIVERY_FLUSH_MS: '60000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = server;
      let stderr = '';
      server.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
      await waitForHealth(base, server, () => stderr);

      const login = await fetch(`${base}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials('operator', DEMO_PASSWORD)),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const slotsAnswer = await fetch(`${base}/svc/ssp/slot/all`, {
        headers: { 'x-token': token },
      });
      const slotList = ((await slotsAnswer.json()) as { data: { id: number; name: string }[] })
        .data;
      const banner = slotList.find((slot) => slot.name === 'Home banner');
      if (!banner) throw new Error('the demo banner slot is missing');

      let answered = 0;
      let sent = 0;
      const worker = async (index: number) => {
        // Until the server stops answering (connection refused), or a bound.
        while (sent < 5000) {
          sent += 1;
          const uid = `u-${index}-${sent}`;
          try {
            const serve = await fetch(
              `${base}/serve/ad?slot_id=${banner.id}&os=1&country=US&lang=en&app_version=${MARK}&uid=${uid}`,
            );
            const body = (await serve.json()) as Partial<ServeAdAnswer>;
            if (!body.fill || !body.impression_urls) continue;
            const imp = new URL(must(body.impression_urls[0], 'an impression URL'));
            const pixel = await fetch(`${base}${imp.pathname}${imp.search}`);
            await pixel.arrayBuffer();
            if (pixel.status === 200) answered += 1;
          } catch {
            return;
          }
        }
      };
      const workers = Array.from({ length: 8 }, (_, index) => worker(index));
      while (answered < 150) await new Promise((resolve) => setTimeout(resolve, 20));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      await Promise.all(workers);
      expect(answered).toBeGreaterThanOrEqual(150);

      const db = await PGlite.create(dataDir);
      try {
        const stats = await db.query<{ impressions: string; cost: string }>(
          `select coalesce(sum(impressions), 0) as impressions, coalesce(sum(cost), 0) as cost
           from stats_hourly where app_version = $1`,
          [MARK],
        );
        expect(Number(must(stats.rows[0], 'a stats sum').impressions)).toBe(answered);
        const cost = Number(must(stats.rows[0], 'a stats sum').cost);
        expect(cost).toBeGreaterThan(0);
        const spend = await db.query<{ spent: string }>(
          `select coalesce(-sum(amount), 0) as spent from ledger_entries where kind = 'spend'`,
        );
        const backfill = await db.query<{ cost: string }>(
          `select coalesce(sum(cost), 0) as cost from stats_hourly where app_version <> $1`,
          [MARK],
        );
        expect(Number(must(spend.rows[0], 'a spend sum').spent)).toBe(
          cost + Number(must(backfill.rows[0], 'a backfill sum').cost),
        );
      } finally {
        await db.close();
      }
    },
  );
});
