import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Route tests build an app on a database; scrypt and PGlite start-up make them slowish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
