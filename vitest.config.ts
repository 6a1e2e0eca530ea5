import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Console test files that replace a module with vi.mock: they run isolated. */
const WEB_MOCKING = [
  'src/features/report/pages/ReportPages.test.tsx',
  'src/features/dashboard/pages/DashboardPage.test.tsx',
];
const WEB_TESTS = 'src/**/*.test.{ts,tsx}';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/sdk-web',
      'apps/server',
      // The reports benchmark's seed (bench/reports/seed.test.ts).
      'bench',
      // One module graph per worker: importing antd, React and the rest per file was about
      // half the web project's time (docs/PERFORMANCE.md, "Tests").
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: {
          name: 'web',
          include: [WEB_TESTS],
          exclude: [...configDefaults.exclude, ...WEB_MOCKING],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: { name: 'web-isolated', include: WEB_MOCKING },
      },
    ],
    // Vitest's default is one worker less than the cores: on the 2-vCPU machines development
    // and CI run on, one worker, with the main process mostly idle once files are transformed.
    // Two keep both cores busy (docs/PERFORMANCE.md, "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
