import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    include: ['reports/**/*.test.ts', '*.test.ts'],
    // Two databases migrated and seeded per test (PGlite: a few seconds each).
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
