import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Two lanes, each one Playwright worker against its own built server on its own embedded
 * database: the specs of one lane never see another lane's data or settings (the language,
 * settings and supply specs change what every session of their server sees), and the two
 * cores are both busy (one browser with one server left a core mostly idle). Lane A lists its
 * specs; every other spec, new ones included, runs in lane B. The lists are balanced by the
 * specs' times in CI (docs/TESTING.md). E2E_BASE_URL runs every spec in one lane against that
 * server instead.
 */
const LANE_A = [
  'responsive',
  'walk',
  'creatives',
  'accounts',
  'plans',
  'media',
  'settings',
  'dashboard',
  'diagnosis',
  'language',
].map((name) => `**/${name}.spec.ts`);

const lanes = external
  ? [{ name: 'all', baseURL: external }]
  : [
      { name: 'lane-a', baseURL: urlOf(firstPort), testMatch: LANE_A },
      { name: 'lane-b', baseURL: urlOf(firstPort + 1), testIgnore: LANE_A },
    ];

/** The built console on a fresh embedded database with the demo data, as `npm start` gives. */
type WebServer = Extract<PlaywrightTestConfig['webServer'], { command: string }>;
const serverOn = (baseURL: string): WebServer => ({
  command: 'node ../apps/server/dist/main.js',
  url: `${baseURL}/healthz`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'ignore',
  stderr: 'pipe',
  env: {
    PORT: new URL(baseURL).port,
    HOST: '127.0.0.1',
    PGLITE_DIR: mkdtempSync(join(tmpdir(), 'adloom-e2e-')),
    // Its own event journal: the e2e database's events must never reach another one.
    JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'adloom-e2e-journal-')),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Every test signs in from 127.0.0.1: the address throttle stays out of their way.
    LOGIN_IP_FREE_FAILURES: '1000',
    // dsp.spec.ts tests a demand partner against a fake bidder on loopback.
    DSP_ALLOW_PRIVATE_NETWORKS: 'true',
  },
});

export default defineConfig({
  testDir: './tests',
  workers: lanes.length,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  projects: lanes.map(({ name, baseURL, ...files }) => ({
    name,
    use: { baseURL },
    workers: 1,
    ...files,
  })),
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: external ? undefined : lanes.map((lane) => serverOn(lane.baseURL)),
});
