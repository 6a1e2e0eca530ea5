/**
 * The partner transport: calls to one partner reuse a kept-alive connection, a partner
 * whose config takes gzip gets its request gzipped, gzip answers are read, and the URL
 * guard still refuses private addresses.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePartnerConnections, postToPartner } from './transport.js';

let server: Server;
let base = '';
let connections = 0;
const received: { encoding: string | undefined; accept: string | undefined; body: unknown }[] = [];

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const encoding = request.headers['content-encoding'];
      const text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      received.push({
        encoding,
        accept: request.headers['accept-encoding'],
        body: JSON.parse(text),
      });
      const answer = Buffer.from(JSON.stringify({ id: 'r', seatbid: [] }));
      if (String(request.headers['accept-encoding']).includes('gzip')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(gzipSync(answer));
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(answer);
      }
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closePartnerConnections();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const options = { timeoutMs: 2000, allowPrivate: true, headers: {} };

describe('postToPartner', () => {
  it('reuses one kept-alive connection for consecutive calls to a partner', async () => {
    const before = connections;
    for (let i = 0; i < 5; i += 1) {
      const result = await postToPartner(`${base}/rtb`, { id: `call-${i}` }, options);
      expect(result).toMatchObject({ kind: 'answered', status: 200 });
    }
    expect(connections - before).toBe(1);
  });

  it('gzips the request for a partner taking gzip and reads a gzip answer', async () => {
    const result = await postToPartner(`${base}/rtb`, { id: 'zipped' }, { ...options, gzip: true });
    expect(received.at(-1)).toEqual({ encoding: 'gzip', accept: 'gzip', body: { id: 'zipped' } });
    if (result.kind !== 'answered') throw new Error(result.kind);
    expect(JSON.parse(result.body.toString('utf8'))).toEqual({ id: 'r', seatbid: [] });
    await postToPartner(`${base}/rtb`, { id: 'plain' }, options);
    expect(received.at(-1)).toMatchObject({ encoding: undefined, body: { id: 'plain' } });
  });

  it('refuses a loopback partner when private networks are not allowed', async () => {
    const result = await postToPartner(`${base}/rtb`, {}, { ...options, allowPrivate: false });
    expect(result.kind).toBe('refused');
    const named = await postToPartner(
      `http://localhost:${new URL(base).port}/rtb`,
      {},
      { ...options, allowPrivate: false },
    );
    expect(named.kind).toBe('refused');
  });
});
