import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

/**
 * zod and the module switching off its eval() probe share one chunk, so the switch runs
 * before any schema is built (chunks a module imports are evaluated before its own body).
 * The Chinese zod messages stay in the lazy Chinese language pack.
 */
function isZodChunkModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  if (path.endsWith('/src/lib/zodConfig.ts')) return true;
  return path.includes('/node_modules/zod/') && !path.includes('/locales/zh');
}

/** The API the dev server forwards to: the Fastify server of apps/server. */
const api = process.env.ADLOOM_API ?? 'http://127.0.0.1:3000';
const forward = { target: api, changeOrigin: true };

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      // Only the account service's calls: /user/index and friends are console pages.
      '^/user/(login|logout)': forward,
      '/svc': forward,
      '/docs': forward,
      '/healthz': forward,
    },
  },
  preview: { port: 4173 },
  build: {
    // bench/bundle-size.mjs reads the manifest to measure what /login loads.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Two pages: the console, and the sign-in page the server answers /login with, whose
      // first load carries none of the console's router, query client, antd or zod.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        login: fileURLToPath(new URL('login.html', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: [{ name: 'zod', test: isZodChunkModule }] },
      },
    },
  },
});
