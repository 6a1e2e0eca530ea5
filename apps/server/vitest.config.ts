import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Route tests build an app on a database; scrypt and PGlite start-up make them slowish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files stay isolated (a fresh module graph each): with isolate false the import cost
    // halved, but module-level state (the upstream transport's keep-alive agents per origin
    // and others) carried over between files and partner-call tests failed. See
    // docs/PERFORMANCE.md, "Tests".
  },
});
