import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The console's tests, run by the root config as two projects (vitest.config.ts): `web`, whose
 * files share one module graph per worker, and `web-isolated` for the files that mock a
 * module (a mock must not reach another file, nor another file's import reach the mock).
 */

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A page test renders antd in jsdom: seconds each, more with two workers on two cores.
    // The 5 s default failed tests that pass alone when the machine was busy; the queries
    // keep their own 1-5 s limits, so a broken page still fails on what it does not show.
    testTimeout: 30_000,
  },
});
