import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ENDPOINTS, ResponseCode, encodeCredential } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { loggerOptions } from '../logger.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildUser } from '../test/factories.js';
import { api, expectCode, login, multipartBody } from '../test/http.js';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    extend: (app) => {
      app.get('/svc/test/boom', async () => {
        throw new Error('secret internal detail at /srv/db.ts:42');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('envelope and errors', () => {
  it('answers unknown API paths with the notFound envelope', async () => {
    for (const url of ['/svc/nope', '/user/nope', '/api/anything']) {
      const result = await api(t.app, { url });
      expect(result).toMatchObject({
        status: 404,
        body: { code: ResponseCode.notFound, data: null },
      });
    }
    const post = await api(t.app, { method: 'POST', url: '/svc/setting/country/all', body: {} });
    expectCode(post, ResponseCode.notFound, 404);
  });

  it('answers an unexpected error with -500 and no detail, and logs it', async () => {
    const response = await t.app.inject({ url: '/svc/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: -500,
      msg: 'Something went wrong on the server.',
      data: null,
    });
    expect(response.body).not.toMatch(/secret|stack|db\.ts/);
    expect(logLines.join('')).toMatch(/secret internal detail/);
  });

  it('turns a malformed JSON body into a validation error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResponseCode.validation,
      msg: 'The request body is not valid JSON.',
      msgCode: 'input.notJson',
      data: null,
    });
  });

  it('refuses an unsupported content type with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: ResponseCode.validation,
      msg: expect.stringMatching(/^Unsupported content type/),
    });
  });

  it('refuses a body over the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: ResponseCode.validation });
  });

  it('refuses files on form routes without failing', async () => {
    const boundary = 'adloomfile';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${encodeCredential('admin')}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="password"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: ResponseCode.validation });
  });

  it('checks the session before it reads the body', async () => {
    const body = multipartBody({ nickname: '' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/svc/sys/user/profile',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.json()).toMatchObject({ code: ResponseCode.noLogin });
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends them on the not-found page too, also under the ad paths', async () => {
    for (const url of ['/no/such/page', '/serve/nothing', '/track/nothing']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('leaves them off the ad routes, machine-to-machine answers', async () => {
    const response = await t.app.inject({ url: '/track/imp?t=forged.token' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe('GET /healthz', () => {
  it('answers ok with the database state and version, not enveloped', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', version: expect.any(String) });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', db: 'error' });
    } finally {
      await broken.app.close();
    }
  });
});

describe('compression', () => {
  it('compresses the API answers a browser takes compressed', async () => {
    const gzip = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toHaveProperty('paths');
    const brotli = await t.app.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toHaveProperty('paths');
  });

  it('leaves small answers and callers that do not ask as they are', async () => {
    const plain = await t.app.inject({ url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('paths');
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every contract endpoint at /docs/json, with the envelope', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const endpoint of Object.values(ENDPOINTS)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(JSON.stringify(operation?.responses['200'])).toContain('"code"');
    }
    expect(document.paths['/svc/test/boom']).toBeUndefined();
  });

  it('serves the swagger UI at /docs', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('logging', () => {
  it('redacts tokens and passwords', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      logger: {
        ...(loggerOptions(loadConfig({ LOG_LEVEL: 'info', NODE_ENV: 'production' })) as object),
        // Log request headers too, so the redaction of tokens is exercised.
        serializers: {
          req: (request: { headers: Record<string, unknown> }) => ({ headers: request.headers }),
        },
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    try {
      const user = await buildUser(logged.db);
      const token = await login(logged.app, user.username, user.password);
      await api(logged.app, { url: '/svc/sys/user/currentUser', token, bearer: true });
      await api(logged.app, { url: '/svc/sys/user/currentUser', token });
      logged.app.log.info({ body: { password: 'hunter22', newPassword: 'x' } }, 'test');
      const text = lines.join('');
      expect(text).toContain('[redacted]');
      expect(text).toContain('x-token');
      expect(text).not.toContain(token);
      expect(text).not.toContain('hunter22');
    } finally {
      await logged.close();
    }
  });
});

describe('the built console', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'adloom-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Adloom</title>');
    await writeFile(join(dist, 'login.html'), '<!doctype html><title>Adloom sign-in</title>');
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for console routes, uncached', async () => {
    for (const url of ['/', '/dashboard', '/ad/plan/12', '/user/index']) {
      const response = await web.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Adloom</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers /login with the sign-in page's own entry, its query kept, uncached", async () => {
    for (const url of ['/login', '/login?redirect=%2Fad%2Fplan', '/login?redirect=%2F%2Fevil']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await web.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        if (method === 'GET') expect(response.body).toContain('<title>Adloom sign-in</title>');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
    }
    // Every other console path keeps the console.
    for (const url of ['/login/again', '/loginx', '/user/login']) {
      const response = await web.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.body, url).toContain('<title>Adloom</title>');
    }
    const json = await web.app.inject({ url: '/login', headers: { accept: 'application/json' } });
    expect(json.json()).toMatchObject({ code: ResponseCode.notFound });
  });

  it('answers /login with the console when the build has no sign-in entry', async () => {
    await rm(join(dist, 'login.html'));
    try {
      const response = await web.app.inject({ url: '/login', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Adloom</title>');
    } finally {
      await writeFile(join(dist, 'login.html'), '<!doctype html><title>Adloom sign-in</title>');
    }
  });

  it('caches hashed assets for a year, and finds files added after start-up', async () => {
    const response = await web.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await writeFile(join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    expect((await web.app.inject({ url: '/assets/late-def456.js' })).statusCode).toBe(200);
  });

  it('sends the precompressed copy of the build when the browser takes it, the file otherwise', async () => {
    const source = `export const words = '${'adloom '.repeat(400)}';`;
    await writeFile(join(dist, 'assets', 'big-0a1b2c.js'), source);
    await writeFile(join(dist, 'assets', 'big-0a1b2c.js.br'), brotliCompressSync(source));
    const brotli = await web.app.inject({
      url: '/assets/big-0a1b2c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(source);
    const plain = await web.app.inject({ url: '/assets/big-0a1b2c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('still answers API paths and missing assets with the envelope', async () => {
    const api404 = await web.app.inject({ url: '/svc/nope', headers: { accept: 'text/html' } });
    expect(api404.json()).toMatchObject({ code: ResponseCode.notFound });
    const asset404 = await web.app.inject({ url: '/assets/missing.js' });
    expect(asset404.statusCode).toBe(404);
    const json = await web.app.inject({
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toMatchObject({ code: ResponseCode.notFound });
  });
});
