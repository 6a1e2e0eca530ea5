/**
 * The monitor pinger looks a host up once per ping and connects to the address it checked
 * (docs/decisions/urls-and-cookies.md). Only loopback servers are contacted: the resolvers
 * here answer 127.0.0.1, or refused addresses that are never connected to.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Resolver } from '../outbound/url-guard.js';
import { MonitorPinger } from './monitors.js';

let server: Server;
let port = 0;
let hits: { host: string | undefined; path: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    hits.push({ host: request.headers.host, path: request.url });
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  hits = [];
});

/** A resolver answering from a script of answers, one per call, counting the calls. */
function scriptedResolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    const addresses = answers[Math.min(calls.length, answers.length - 1)] ?? [];
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('MonitorPinger', () => {
  it('connects to the address its one lookup checked', async () => {
    // The name exists only in this resolver: a second, system lookup could not find it.
    const dns = scriptedResolver(['127.0.0.1']);
    const pinger = new MonitorPinger({ allowPrivate: true, resolve: dns.resolve });
    pinger.fire([`http://monitor.adloom.test:${port}/imp?c=1`]);
    await pinger.drain();
    expect(dns.calls).toEqual(['monitor.adloom.test']);
    expect(hits).toEqual([{ host: `monitor.adloom.test:${port}`, path: '/imp?c=1' }]);
    expect(pinger.stats).toEqual({ sent: 1, failed: 0, dropped: 0 });
  });

  it('refuses a name whose one answer holds a private address, and connects nowhere', async () => {
    const dns = scriptedResolver(['203.0.114.9', '127.0.0.1']);
    const pinger = new MonitorPinger({ allowPrivate: false, resolve: dns.resolve });
    pinger.fire([`http://rebind.adloom.test:${port}/imp`]);
    await pinger.drain();
    expect(dns.calls).toEqual(['rebind.adloom.test']);
    expect(hits).toEqual([]);
    expect(pinger.stats).toEqual({ sent: 0, failed: 1, dropped: 0 });
  });

  it('refuses loopback literals and localhost names without a lookup', async () => {
    const dns = scriptedResolver(['127.0.0.1']);
    const pinger = new MonitorPinger({ allowPrivate: false, resolve: dns.resolve });
    pinger.fire([
      `http://127.0.0.1:${port}/a`,
      `http://[::1]:${port}/b`,
      `http://[::ffff:127.0.0.1]:${port}/c`,
      `http://localhost:${port}/d`,
    ]);
    await pinger.drain();
    expect(hits).toEqual([]);
    expect(pinger.stats).toEqual({ sent: 0, failed: 4, dropped: 0 });
  });

  it('does not follow a redirect into the private network', async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const redirectPort = (redirecting.address() as AddressInfo).port;
    const dns = scriptedResolver(['127.0.0.1']);
    const pinger = new MonitorPinger({ allowPrivate: true, resolve: dns.resolve });
    pinger.fire([`http://monitor.adloom.test:${redirectPort}/imp`]);
    await pinger.drain();
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    expect(hits).toEqual([]);
    expect(pinger.stats.sent).toBe(1);
  });
});
