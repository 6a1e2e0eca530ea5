import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/sdk-web', 'apps/server', 'apps/web'],
  },
});
