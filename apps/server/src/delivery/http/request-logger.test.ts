import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { deferredRequestLogger } from './request-logger.js';

describe('the delivery routes’ request logger', () => {
  const lines: Record<string, unknown>[] = [];
  let children = 0;
  const logger = pino(
    { level: 'warn', onChild: () => (children += 1) },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  app.setChildLoggerFactory(deferredRequestLogger);
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    return 'ok';
  });
  app.get('/loud', async (request) => {
    request.log.warn({ slot: 7 }, 'worth a line');
    request.log.warn('and another');
    return 'ok';
  });
  afterAll(() => app.close());

  it('makes no child logger for a request that logs nothing at the level', async () => {
    await app.ready();
    children = 0; // Fastify's own at start-up
    await app.inject('/quiet');
    await app.inject('/quiet');
    expect(children).toBe(0);
    expect(lines).toEqual([]);
  });

  it('logs with the request id once something is worth logging, making one child', async () => {
    const response = await app.inject('/loud');
    expect(response.statusCode).toBe(200);
    expect(children).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual(['worth a line', 'and another']);
    expect(lines[0]).toMatchObject({ slot: 7, reqId: expect.any(String) });
    expect(lines[1]?.reqId).toBe(lines[0]?.reqId);
  });
});
