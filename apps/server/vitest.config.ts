import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Route tests build an app on a database; scrypt and PGlite start-up make them slowish.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker (no per-file isolation): each file re-imported Fastify,
    // drizzle, PGlite and the rest, 641 s of import in a run against 42 s shared, and half the
    // suite's CPU (docs/PERFORMANCE.md, "Tests"). Files share no state that matters: each
    // builds its own app on its own database, and an engine's close clears the partner
    // transport's keep-alive agents.
    isolate: false,
  },
});
