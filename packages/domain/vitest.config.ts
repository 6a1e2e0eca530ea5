import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions, no mocks: the files share one module graph per worker.
  test: { name: 'domain', include: ['src/**/*.test.ts'], isolate: false },
});
