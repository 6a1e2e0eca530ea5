import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'sdk-web', include: ['src/**/*.test.ts'], environment: 'jsdom' },
});
