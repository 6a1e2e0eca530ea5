import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A page test renders antd in jsdom: seconds each, more with two workers on two cores.
    // The 5 s default failed tests that pass alone when the machine was busy; the queries
    // keep their own 1-5 s limits, so a broken page still fails on what it does not show.
    testTimeout: 30_000,
  },
});
