import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/sdk-web', 'apps/server', 'apps/web'],
    // Vitest's default is one worker less than the cores: on the 2-vCPU machines development
    // and CI run on, one worker, with the main process mostly idle once files are transformed.
    // Two keep both cores busy (docs/PERFORMANCE.md, "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
