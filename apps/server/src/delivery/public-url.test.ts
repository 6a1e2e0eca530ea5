/**
 * Without PUBLIC_URL the tracking origin is the request's Host header: a production start
 * says so in the log (docs/OPERATIONS.md); a development start, or one with PUBLIC_URL, does
 * not.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { PUBLIC_URL_WARNING } from './plugin.js';

/** The warnings an app logs while it starts with `env`. */
async function startupWarnings(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const t = await createTestApp({
    env,
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    },
  });
  await t.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('the PUBLIC_URL start-up warning', () => {
  it('is logged in production without PUBLIC_URL', async () => {
    expect(await startupWarnings({ NODE_ENV: 'production' })).toContain(PUBLIC_URL_WARNING);
  });

  it('is not logged with PUBLIC_URL set, nor outside production', async () => {
    const configured = await startupWarnings({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ads.example.com',
    });
    expect(configured).not.toContain(PUBLIC_URL_WARNING);
    expect(await startupWarnings({ NODE_ENV: 'development' })).not.toContain(PUBLIC_URL_WARNING);
  });
});
