/**
 * The server's configuration, read once from the environment. Every variable has a safe
 * default so that `npm start` works on a fresh machine; a bad value stops the start with a
 * message naming the variable.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { SESSION_TTL_HOURS, SIGN_IN_IP_THROTTLE } from '@adloom/domain';
import { REPO_ROOT } from './paths.js';

/** An unset or empty variable takes the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const ZPath = (fallback: string) =>
  optional(z.string().default(fallback)).transform((path) => resolve(path));

const ZEnv = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  PORT: optional(z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: optional(z.string().default('0.0.0.0')),
  /** postgres://… for PostgreSQL; unset for the embedded PGlite database in PGLITE_DIR. */
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'expected a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  PGLITE_DIR: ZPath(resolve(REPO_ROOT, 'data')),
  /**
   * PGlite's buffer cache. PostgreSQL's 128MB default is most of an idle server's memory; the
   * files stay in the OS page cache behind a smaller one (docs/PERFORMANCE.md, memory).
   */
  PGLITE_SHARED_BUFFERS: optional(
    z
      .string()
      .regex(/^\d{1,6}(kB|MB|GB)$/, { message: 'expected a size such as 32MB' })
      .default('32MB'),
  ),
  /**
   * PGlite on a thread of its own (db/pglite-worker.ts), so its SQL does not hold the thread
   * that serves ads; `false` runs it in the server's thread, as the tests do.
   */
  PGLITE_THREAD: optional(ZBoolean.default(true)),
  /** Shared counters for several server processes: frequency caps and budget reservations. */
  REDIS_URL: optional(
    z
      .string()
      .regex(/^rediss?:\/\//, { message: 'expected a redis:// or rediss:// URL' })
      .optional(),
  ),
  /** Prefix of every Redis key (several installations can share one Redis). */
  REDIS_PREFIX: optional(z.string().max(64).default('adloom:')),
  /** Serving processes of the cluster entry (cluster.ts); unset: one per available core. */
  SERVER_PROCESSES: optional(z.coerce.number().int().min(1).max(256).optional()),
  UPLOAD_DIR: ZPath(resolve(REPO_ROOT, 'uploads')),
  /** The ffmpeg and ffprobe programs for videos (probe, thumbnail, transcode); PATH by default. */
  FFMPEG_PATH: optional(z.string().default('ffmpeg')),
  FFPROBE_PATH: optional(z.string().default('ffprobe')),
  /** The built console; served when the directory exists. */
  WEB_DIST: ZPath(resolve(REPO_ROOT, 'apps', 'web', 'dist')),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Seed the demo accounts and settings into an empty database. */
  SEED_DEMO: optional(ZBoolean.default(true)),
  /**
   * Days of simulated traffic the demo seed runs through the delivery engine, so a fresh
   * install opens on a living dashboard; 0 = none.
   */
  DEMO_HISTORY_DAYS: optional(z.coerce.number().int().min(0).max(90).default(30)),
  LOGIN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1).default(30)),
  /** Failed sign-ins of one address before its attempts wait (behind NAT, raise it). */
  LOGIN_IP_FREE_FAILURES: optional(
    z.coerce.number().int().min(1).default(SIGN_IN_IP_THROTTLE.freeFailures),
  ),
  SESSION_TTL_HOURS: optional(
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(SESSION_TTL_HOURS),
  ),
  /** Trust X-Forwarded-* from a load balancer (client IP for the login rate limit). */
  TRUST_PROXY: optional(ZBoolean.default(false)),
  /**
   * Let demand-partner URLs reach loopback and private networks (a DSP on the same host or
   * LAN, for testing). Off: such URLs are refused at save time and at request time.
   */
  DSP_ALLOW_PRIVATE_NETWORKS: optional(ZBoolean.default(false)),
  /**
   * The HMAC key of tracking URLs (impression, click, notices). Every process serving the
   * same traffic needs the same key; unset, each process makes a random one at start.
   */
  TRACKING_SECRET: optional(z.string().min(32, { message: 'at least 32 characters' }).optional()),
  /** Where devices reach this server, for tracking URLs (https://ads.example.com); unset: the request's own host. */
  PUBLIC_URL: optional(
    z
      .string()
      .regex(/^https?:\/\/[^/]+$/, { message: 'expected an origin like https://ads.example.com' })
      .optional(),
  ),
  /**
   * Our domain in supply chains: the `asi` of the node we append to the schain partners get,
   * and the domain whose /sellers.json lists our media owners. Unset: PUBLIC_URL's host.
   */
  SELLER_DOMAIN: optional(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { message: 'expected a domain like adloom.example.com' })
      .optional(),
  ),
  /**
   * Our own IAB TCF vendor id: under the GDPR, our frequency caps use a user's ids only with
   * this vendor's consent (docs/decisions/partner-privacy.md). Unset: never under the GDPR.
   */
  GVL_VENDOR_ID: optional(z.coerce.number().int().min(1).max(65_535).optional()),
  /** How often counted delivery events are written to the stats rollup and the ledger. */
  DELIVERY_FLUSH_MS: optional(z.coerce.number().int().min(50).max(60_000).default(1000)),
  /**
   * How long a busy process's counts may wait instead (docs/decisions/delivery.md#the-flush-under-load):
   * a batch past FLUSH_BUSY_ROWS waits this long after the last flush, a smaller one goes at
   * the next DELIVERY_FLUSH_MS tick.
   */
  DELIVERY_FLUSH_MAX_MS: optional(z.coerce.number().int().min(50).max(60_000).default(5000)),
  /**
   * The event journal: billed events are written here before they are answered and replayed
   * after a crash (docs/decisions/event-journal.md). Local to the machine, one per server.
   */
  JOURNAL_DIR: ZPath(resolve(REPO_ROOT, 'journal')),
  /** > 0: fdatasync the journal this often (ms), bounding what a machine crash loses; 0 = never. */
  JOURNAL_FSYNC_MS: optional(z.coerce.number().int().min(0).max(60_000).default(0)),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteThread: e.PGLITE_THREAD,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    serverProcesses: e.SERVER_PROCESSES,
    uploadDir: e.UPLOAD_DIR,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginIpFreeFailures: e.LOGIN_IP_FREE_FAILURES,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    dspAllowPrivateNetworks: e.DSP_ALLOW_PRIVATE_NETWORKS,
    trackingSecret: e.TRACKING_SECRET,
    publicUrl: e.PUBLIC_URL,
    gvlVendorId: e.GVL_VENDOR_ID,
    sellerDomain: (
      e.SELLER_DOMAIN ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : '')
    ).toLowerCase(),
    deliveryFlushMs: e.DELIVERY_FLUSH_MS,
    deliveryFlushMaxMs: e.DELIVERY_FLUSH_MAX_MS,
    journalDir: e.JOURNAL_DIR,
    journalFsyncMs: e.JOURNAL_FSYNC_MS,
  };
}

export type Config = ReturnType<typeof loadConfig>;
