/**
 * Prepares the delivery benchmark's database (bench/delivery/run.mjs runs this with tsx
 * before it starts the server): migrates the database of DATABASE_URL (else the PGlite
 * directory of PGLITE_DIR), seeds BENCH_SHAPE into it, and writes the /serve/ad paths the
 * benchmark cycles through (simulated traffic over the bench slots) to `--out`.
 *
 * With `--auction-out`, also the same traffic as OpenRTB BidRequests of one impression each
 * (auction.ts), for POST /openrtb2/auction.
 *
 *   tsx bench/delivery/seed.ts --out /tmp/paths.json [--requests 20000]
 *       [--auction-out /tmp/auctions.json]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SERVE_AD_PATH } from '@adloom/domain';
import { loadConfig } from '../../apps/server/src/config.js';
import { createDatabase } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { benchBidRequest } from './auction.js';
import { BENCH_SHAPE, seedBenchData } from './fixture.js';
import { createTrafficModel, serveQuery } from '../../apps/server/src/delivery/simulate/traffic.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'auction-out': { type: 'string' },
    requests: { type: 'string', default: '20000' },
  },
});
if (!values.out) {
  console.error('bench/delivery/seed.ts: --out <file> is required');
  process.exit(1);
}

const config = loadConfig();
const database = await createDatabase(config);
try {
  const started = performance.now();
  await migrateDatabase(database);
  const slots = await seedBenchData(database.db, BENCH_SHAPE);
  const model = createTrafficModel({ seed: BENCH_SHAPE.seed, slots });
  const shapes = new Map(slots.map((slot) => [slot.id, slot]));
  const paths: string[] = [];
  const auctions: string[] = [];
  for (let seq = 0; seq < Number(values.requests); seq += 1) {
    const { facts, slot } = model.next();
    paths.push(`${SERVE_AD_PATH}?${serveQuery(facts)}`);
    const shape = shapes.get(slot.id);
    if (values['auction-out'] && shape) auctions.push(benchBidRequest(seq, facts, shape));
  }
  await writeFile(values.out, JSON.stringify(paths));
  if (values['auction-out']) await writeFile(values['auction-out'], JSON.stringify(auctions));
  console.info(
    JSON.stringify({
      database: database.kind,
      plans: BENCH_SHAPE.plans,
      strategies: BENCH_SHAPE.plans * BENCH_SHAPE.strategiesPerPlan,
      slots: slots.length,
      paths: paths.length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    }),
  );
} finally {
  await database.close();
}
