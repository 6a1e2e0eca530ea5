import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { BASE_URL as baseURL, E2E_PORT as port } from './support/base-url';

/**
 * The specs that change what every other spec would see through the one server, run in the
 * `serial` project: one file at a time, after every other spec has passed (docs/TESTING.md
 * "How the runs are laid out"):
 * - sdk, prebid, prebid-adapter: traffic on the demo slots. The SDK's test counts the demo
 *   banner slot's impressions and clicks to the unit; the two Prebid specs each rename the
 *   demo "Home banner" slot's code (the other's auction would then name a code that is gone)
 *   and fire its impressions; the adapter's spec starts a live video plan on the demo media.
 * - settings: platform-wide settings (a new country, renamed and switched off, in every
 *   country list and the delivery engine's configuration; a save of the fund approval
 *   threshold, which accounts.spec's large top-up relies on).
 */
const SERIAL_SPECS = /\/(sdk|prebid|prebid-adapter|settings)\.spec\.ts$/;

/** Where the server serves the console from: a copy of apps/web/dist made as it starts. */
const WEB_DIST = mkdtempSync(join(tmpdir(), 'adloom-e2e-web-'));

export default defineConfig({
  testDir: './tests',
  // One worker on two cores: with two (safe: `playwright test --workers=2`, one spec file per
  // worker) the suite was only ~6% faster here (258-292 s against 297 s, 2026-11-29): one
  // Chromium and the server already keep both cores busy, and each test ran 1.5-2.3x slower,
  // closer to its timeout on a slow machine (docs/TESTING.md "How the runs are laid out").
  workers: 1,
  fullyParallel: false,
  projects: [
    { name: 'parallel', testIgnore: SERIAL_SPECS },
    { name: 'serial', testMatch: SERIAL_SPECS, dependencies: ['parallel'], workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // As a user who asked the system for less motion: antd's dialogs, menus and the charts do
    // not animate (AntdProvider), so a click never lands on a menu still sliding into place
    // and two cores spend no time drawing animations.
    reducedMotion: 'reduce',
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
        // Less of Chromium's own machinery on two cores shared with the server: the display
        // compositor in the browser process instead of a GPU process of its own, one raster
        // thread, animation and scrolling on the main thread, images decoded as they are
        // drawn. Four specs, three interleaved pairs: 4 % less wall time, 6 % less CPU
        // (docs/PERFORMANCE.md, "The yardstick's load, and the serving path on a noisy VM").
        '--in-process-gpu',
        '--num-raster-threads=1',
        '--disable-threaded-animation',
        '--disable-threaded-scrolling',
        '--disable-checker-imaging',
      ],
    },
  },
  // The built console on a fresh embedded database with the demo data, as `npm start` gives.
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The built console is copied first and served from the copy (WEB_DIST): a build of
        // apps/web while the suite runs (another engineer's, in the same tree) replaces the
        // chunks the open pages still load, which then fail with 404.
        command: `cp -R ../apps/web/dist/. ${WEB_DIST} && node ../apps/server/dist/main.js`,
        url: `${baseURL}/healthz`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          WEB_DIST,
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
      },
});
