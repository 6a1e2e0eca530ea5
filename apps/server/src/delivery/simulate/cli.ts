/**
 * `npm run simulate`: realistic ad traffic against a running Adloom server through its real
 * HTTP endpoints (/serve/ad, then /track/imp and /track/clk), with a progress bar and a
 * summary. Slots and settings come from the console API signed in as the demo operator
 * (discover.ts says why not from the database).
 *
 *   npm run simulate -- [--url http://localhost:3000] [--duration 60] [--rate 50]
 *                       [--slots 1,2,3] [--seed 1] [--concurrency 64] [--users 5000]
 *                       [--user operator] [--password adloom123]
 *
 * Exit status: 0 done; 1 bad flags, no slots or no request answered; 2 server unreachable.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { DEMO_PASSWORD } from '../../db/seed.js';
import {
  ConsoleApi,
  DiscoveryError,
  bareSlots,
  checkReachable,
  discoverCatalog,
  discoverSlots,
  unreachableMessage,
} from './discover.js';
import { HttpClient, HttpFailure } from './http-client.js';
import { emptyStats, percentile, runSimulation, type SimulationStats } from './run.js';
import { demoCatalog, type TrafficCatalog } from './catalog.js';
import { DEFAULT_USERS, createTrafficModel, type TrafficSlot } from './traffic.js';

/** The demo supply-side account (db/seed.ts): it reaches every media and slot. */
const DEFAULT_USER = 'operator';
const REQUEST_TIMEOUT_MS = 5_000;

const USAGE = `Usage: npm run simulate -- [options]
  --url <origin>        the server (default http://localhost:3000)
  --duration <seconds>  how long to send traffic (default 60)
  --rate <n>            ad requests per second (default 50)
  --slots <ids>         comma-separated slot ids (default: every active slot)
  --seed <n>            traffic seed: the same seed sends the same users (default 1)
  --concurrency <n>     device sessions in flight at most (default 64)
  --users <n>           distinct returning users (default ${DEFAULT_USERS})
  --user <name>         console account that lists slots (default ${DEFAULT_USER})
  --password <secret>   its password (default: the demo password)`;

interface Flags {
  url: string;
  duration: number;
  rate: number;
  slots: number[] | null;
  seed: number;
  concurrency: number;
  users: number;
  user: string;
  password: string;
}

class UsageError extends Error {}

function positive(name: string, text: string, { integer = true } = {}): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function readFlags(argv: string[]): Flags | null {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      duration: { type: 'string', default: '60' },
      rate: { type: 'string', default: '50' },
      slots: { type: 'string' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '64' },
      users: { type: 'string', default: String(DEFAULT_USERS) },
      user: { type: 'string', default: DEFAULT_USER },
      password: { type: 'string', default: DEMO_PASSWORD },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url is not a URL: ${values.url}`);
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
  return {
    url: url.origin,
    duration: positive('duration', values.duration, { integer: false }),
    rate: positive('rate', values.rate, { integer: false }),
    slots: values.slots ? values.slots.split(',').map((id) => positive('slots', id.trim())) : null,
    seed,
    concurrency: positive('concurrency', values.concurrency),
    users: positive('users', values.users),
    user: values.user,
    password: values.password,
  };
}

/** Slots and catalog from the console API; --slots alone when signing in fails. */
async function discover(
  client: HttpClient,
  flags: Flags,
): Promise<{ slots: TrafficSlot[]; catalog: TrafficCatalog }> {
  let api: ConsoleApi;
  try {
    api = await ConsoleApi.signIn(client, flags.user, flags.password);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!flags.slots) {
      throw new DiscoveryError(
        `Could not sign in as ${flags.user} to list the slots (${reason}).\n` +
          'Pass --user and --password of an ssp or system account, or name the slots with --slots 1,2,3.',
      );
    }
    console.warn(
      `Could not sign in as ${flags.user} (${reason}): using --slots with demo devices.`,
    );
    return { slots: bareSlots(flags.slots), catalog: demoCatalog() };
  }
  const [slots, catalog] = await Promise.all([
    discoverSlots(api, flags.slots),
    discoverCatalog(api),
  ]);
  return { slots, catalog };
}

function rate(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '-';
}

function printSummary(stats: SimulationStats, flags: Flags): void {
  const seconds = stats.elapsedMs / 1000;
  const lines = [
    '',
    `Simulated ${seconds.toFixed(1)} s against ${flags.url} (seed ${flags.seed})`,
    `  ad requests   ${stats.requests} sent, ${stats.answered} answered (${(stats.answered / Math.max(seconds, 0.001)).toFixed(1)}/s)` +
      (stats.dropped ? `, ${stats.dropped} not sent: the server could not keep up` : ''),
    `  fills         ${stats.fills} (fill rate ${rate(stats.fills, stats.answered)})`,
    `  impressions   ${stats.impressions} (${rate(stats.impressions, stats.fills)} of fills)`,
    `  clicks        ${stats.clicks} (CTR ${rate(stats.clicks, stats.impressions)})`,
    `  latency       p50 ${percentile(stats.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(stats.latenciesMs, 99).toFixed(1)} ms (ad requests)`,
  ];
  const reasons = Object.entries(stats.noFills).sort((a, b) => b[1] - a[1]);
  if (reasons.length > 0) {
    lines.push(
      `  no fill       ${reasons.map(([reason, count]) => `${reason} ${count}`).join(', ')}`,
    );
  }
  if (stats.partnerUrlsSkipped > 0) {
    lines.push(`  partner beacons and notices not fired: ${stats.partnerUrlsSkipped}`);
  }
  lines.push(`  errors        ${stats.errors}`);
  for (const [kind, count] of Object.entries(stats.errorKinds)) lines.push(`    ${kind}: ${count}`);
  console.info(lines.join('\n'));
}

async function main(argv: string[]): Promise<number> {
  let flags: Flags | null;
  try {
    flags = readFlags(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (!flags) {
    console.info(USAGE);
    return 0;
  }
  const client = new HttpClient(flags.url, {
    connections: flags.concurrency,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  try {
    try {
      await checkReachable(client);
    } catch (error) {
      console.error(unreachableMessage(flags.url, error));
      return 2;
    }
    const { slots, catalog } = await discover(client, flags);
    if (slots.length === 0) {
      console.error(
        'No active slot to send traffic to: add a media and a slot in the console first.',
      );
      return 1;
    }
    console.info(
      `Sending ${flags.rate} requests/s for ${flags.duration} s to ${slots.length} slot(s): ${slots.map((slot) => slot.id).join(', ')}`,
    );
    const model = createTrafficModel({ seed: flags.seed, slots, catalog, users: flags.users });
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());

    const bar = new cliProgress.SingleBar({
      format:
        'simulate |{bar}| {value}/{total} s | req {requests} | fill {fillRate} | imp {impressions} | clk {clicks} | err {errors}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    });
    const payload = (stats: SimulationStats) => ({
      requests: stats.requests,
      fillRate: rate(stats.fills, stats.answered),
      impressions: stats.impressions,
      clicks: stats.clicks,
      errors: stats.errors,
    });
    const total = Math.ceil(flags.duration);
    bar.start(total, 0, payload(emptyStats()));
    const stats = await runSimulation({
      client,
      model,
      durationSeconds: flags.duration,
      rate: flags.rate,
      concurrency: flags.concurrency,
      signal: stop.signal,
      onTick: (current) =>
        bar.update(Math.min(total, Math.floor(current.elapsedMs / 1000)), payload(current)),
    });
    bar.update(Math.min(total, Math.round(stats.elapsedMs / 1000)), payload(stats));
    bar.stop();
    printSummary(stats, flags);
    if (stats.answered === 0) {
      console.error('The server answered no ad request: see the errors above.');
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof DiscoveryError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof HttpFailure) {
      console.error(unreachableMessage(flags.url, error));
      return 2;
    }
    throw error;
  } finally {
    client.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
