import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Route tests build an app on a database; scrypt and PGlite start-up make them slowish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker runs many files: Fastify, drizzle, PGlite and the rest load once per worker,
    // not once per file (the import took about as long as the tests). Safe because no server
    // test mocks modules or changes process.env, and each file makes its own app and database
    // copy; state shared through the database or Redis is keyed per file (random prefixes).
    isolate: false,
  },
});
