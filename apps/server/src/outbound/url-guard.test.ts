import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { postJson } from './http.js';
import {
  OutboundRefusedError,
  assertAllowedAddress,
  checkOutboundUrl,
  classifyAddress,
  ipv6Groups,
  type Resolver,
} from './url-guard.js';

const resolverOf =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'sharedAddressSpace'],
    ['100.127.255.255', 'sharedAddressSpace'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv6 forms carrying an IPv4 address are classified by that address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:c0a8:0101::1', 'private'],
    ['[::1]', 'loopback'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it('parses IPv6 groups, with :: and a dotted tail', () => {
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Groups('2001:db8::8:800:200c:417a')).toEqual([
      0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a,
    ]);
    expect(ipv6Groups('1::2::3')).toBeUndefined();
    expect(ipv6Groups('12345::')).toBeUndefined();
  });
});

describe('assertAllowedAddress', () => {
  it('refuses a private address with its reason unless private networks are allowed', () => {
    expect(() => assertAllowedAddress('10.0.0.8', false)).toThrow(OutboundRefusedError);
    expect(() => assertAllowedAddress('10.0.0.8', false)).toThrow(/10\.0\.0\.8 is a private/);
    expect(() => assertAllowedAddress('10.0.0.8', true)).not.toThrow();
    expect(() => assertAllowedAddress('8.8.8.8', false)).not.toThrow();
  });
});

describe('checkOutboundUrl', () => {
  const off = { allowPrivate: false };

  it('refuses other schemes and credentials before any lookup', async () => {
    const never: Resolver = () => Promise.reject(new Error('must not resolve'));
    expect(await checkOutboundUrl('ftp://dsp.example.com/bid', { ...off, resolve: never })).toEqual(
      expect.objectContaining({ ok: false, message: MESSAGES['input.httpUrl'].en }),
    );
    expect(
      await checkOutboundUrl('https://user:secret@dsp.example.com/bid', { ...off, resolve: never }),
    ).toEqual(expect.objectContaining({ ok: false, message: MESSAGES['dsp.credentials'].en }));
  });

  it('refuses literal private addresses in every spelling', async () => {
    for (const url of [
      'http://127.0.0.1:8080/bid',
      'http://2130706433/bid',
      'http://0x7f.1/bid',
      'http://[::1]/bid',
      'http://[::ffff:127.0.0.1]/bid',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://localhost:3000/',
      'http://api.localhost/',
    ]) {
      const verdict = await checkOutboundUrl(url, off);
      expect(verdict, url).toMatchObject({ ok: false, message: MESSAGES['dsp.privateAddress'].en });
    }
  });

  it('refuses a name when any of its addresses is private, accepts public ones', async () => {
    const mixed = await checkOutboundUrl('https://dsp.example.com/bid', {
      ...off,
      resolve: resolverOf('93.184.215.14', '10.0.0.7'),
    });
    expect(mixed).toMatchObject({ ok: false, detail: expect.stringContaining('10.0.0.7') });
    const fine = await checkOutboundUrl('https://dsp.example.com/bid', {
      ...off,
      resolve: resolverOf('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    });
    expect(fine).toMatchObject({ ok: true, resolved: true });
  });

  it('accepts a name that does not resolve yet (the request-time check decides)', async () => {
    const verdict = await checkOutboundUrl('https://dsp.invalid/bid', {
      ...off,
      resolve: () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })),
    });
    expect(verdict).toEqual({ ok: true, addresses: [], resolved: false });
  });

  it('allows private addresses when the operator setting is on', async () => {
    expect(await checkOutboundUrl('http://127.0.0.1:9/bid', { allowPrivate: true })).toMatchObject({
      ok: true,
    });
    expect(
      await checkOutboundUrl('http://dsp.lan/bid', {
        allowPrivate: true,
        resolve: resolverOf('192.168.0.5'),
      }),
    ).toMatchObject({ ok: true, addresses: ['192.168.0.5'] });
  });
});

describe('postJson through the guard', () => {
  async function withServer(run: (port: number, hits: () => number) => Promise<void>) {
    let count = 0;
    const server = createServer((_req, res) => {
      count += 1;
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run((server.address() as AddressInfo).port, () => count);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('refuses a host name that resolves to loopback at connection time (DNS rebinding)', async () => {
    await withServer(async (port, hits) => {
      // The name passed the save-time check with a public address; now it answers 127.0.0.1.
      const result = await postJson(
        `http://rebind.example.com:${port}/bid`,
        {},
        {
          timeoutMs: 1000,
          allowPrivate: false,
          resolve: resolverOf('127.0.0.1'),
        },
      );
      expect(result).toMatchObject({
        kind: 'refused',
        message: expect.stringContaining('127.0.0.1'),
      });
      expect(hits()).toBe(0);
    });
  });

  it('connects to the resolved address when private networks are allowed', async () => {
    await withServer(async (port, hits) => {
      const result = await postJson(
        `http://rebind.example.com:${port}/bid`,
        {},
        { timeoutMs: 1000, allowPrivate: true, resolve: resolverOf('127.0.0.1') },
      );
      expect(result).toMatchObject({ kind: 'answered', status: 204 });
      expect(hits()).toBe(1);
    });
  });

  it('refuses a literal loopback address without sending anything', async () => {
    await withServer(async (port, hits) => {
      const result = await postJson(
        `http://127.0.0.1:${port}/bid`,
        {},
        {
          timeoutMs: 1000,
          allowPrivate: false,
        },
      );
      expect(result.kind).toBe('refused');
      expect(hits()).toBe(0);
    });
  });

  it('reports a refused connection as a failure', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await postJson(
      `http://127.0.0.1:${port}/`,
      {},
      {
        timeoutMs: 1000,
        allowPrivate: true,
      },
    );
    expect(result).toMatchObject({ kind: 'failed', message: expect.stringMatching(/refused/) });
  });
});
