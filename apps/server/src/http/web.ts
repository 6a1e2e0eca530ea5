/**
 * The built console (WEB_DIST) in production-like runs, and the not-found answer for all.
 * Files are looked up on each request (wildcard mode), so a rebuild needs no restart.
 * Hashed files under /assets are cached for a year; everything else revalidates. A browser
 * navigation to a console route (/dashboard, /ad/plan/12) gets index.html, one to /login the
 * sign-in page's own entry, login.html (docs/PERFORMANCE.md, "/login first load"); an unknown
 * API path gets the notFound envelope.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from './envelope.js';

/** Paths that are never console routes. */
const NON_CONSOLE_PREFIXES = [
  '/svc/',
  '/api/',
  '/docs',
  '/healthz',
  '/assets/',
  '/openrtb2/',
  '/serve/',
  '/dsp/',
];

/** The sign-in page's path; its entry is SIGN_IN_PAGE. */
const SIGN_IN_PATH = '/login';
const SIGN_IN_PAGE = 'login.html';

function isConsoleNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const path = request.url.split('?')[0] ?? '/';
  return !NON_CONSOLE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

/**
 * The page a console navigation loads: login.html for /login (its query kept by the browser),
 * index.html for every other path, and for /login too in a build without the sign-in entry
 * (the console has a /login route of its own).
 */
function pageOf(request: FastifyRequest, webDist: string): string {
  const path = request.url.split('?')[0];
  if (path === SIGN_IN_PATH && existsSync(join(webDist, SIGN_IN_PAGE))) return SIGN_IN_PAGE;
  return 'index.html';
}

export function webAppAvailable(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/** In the browser-facing context, before its plugins: its hooks (the security headers) run on it. */
export function registerNotFound(
  app: FastifyInstance,
  serveConsole: boolean,
  webDist: string,
): void {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (serveConsole && isConsoleNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile(pageOf(request, webDist));
    }
    const path = request.url.split('?')[0] ?? '';
    const { status, body } = errorReply('notFound', 'error.notFoundRoute', {
      method: request.method,
      path,
    });
    return reply.status(status).send(body);
  });
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const assetsDir = join(webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // The build writes .br and .gz copies (apps/web/vite-precompress.ts): sent as they are.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
