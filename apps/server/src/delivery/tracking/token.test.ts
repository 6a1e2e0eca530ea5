import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LAYOUT, TokenSigner, newTokenId, type TrackingClaims } from './token.js';

const claims: TrackingClaims = {
  id: newTokenId(),
  exp: 2_000_000_000,
  advertiserId: 7,
  planId: 11,
  strategyId: 13,
  creativeId: 17,
  mediaId: 19,
  slotId: 23,
  dspId: 0,
  country: 'US',
  os: 1,
  appVersion: '2.3.1',
  billing: 2,
  price: 1_250_000,
  clickPrice: 0,
  incomeCpm: 1_250_000,
  uid: 'user-1',
  channel: 'sdk',
  test: false,
};

describe('tracking tokens', () => {
  const signer = new TokenSigner('a'.repeat(32));

  it('carries its claims through sign and verify', () => {
    expect(signer.verify(signer.sign(claims), 1_900_000_000)).toEqual(claims);
  });

  it('carries any text in its claims, quotes, backslashes and all, in a URL-safe token', () => {
    const odd = {
      ...claims,
      appVersion: '1.0 "beta" ~ 100% \\ 版本',
      uid: '-starts-with-a-dash',
      country: '',
      test: true,
      channel: 'dsp' as const,
    };
    const token = signer.sign(odd);
    expect(token).toMatch(/^[A-Za-z0-9._~-]+$/);
    // A query parser hands it back as it was (no percent sign to decode).
    expect(new URLSearchParams(`t=${token}`).get('t')).toBe(token);
    expect(signer.verify(token, 1_900_000_000)).toEqual(odd);
  });

  it('lays the claims out in order, plain text as it is', () => {
    // A fixed id: a random one starting with `-` is written encoded (1 run in 64 failed).
    const plain = { ...claims, id: 'AbC_12-x' };
    const token = signer.sign(plain);
    const payload = token.slice(0, token.lastIndexOf('.'));
    expect(payload.split('~')).toEqual([
      '2',
      'AbC_12-x',
      '2000000000',
      '7',
      '11',
      '13',
      '17',
      '19',
      '23',
      '0',
      'US',
      '1',
      '2.3.1',
      '2',
      '1250000',
      '0',
      '1250000',
      'user-1',
      'sdk',
      '0',
    ]);
  });

  it('writes every claim where LAYOUT places it (sign is written out by hand)', () => {
    // A distinct value per claim: one missing from sign, or written in another's place, shows.
    const distinct = Object.fromEntries(
      LAYOUT.map(([key, kind], index) => [key, kind === 'text' ? `t${index}` : 1000 + index]),
    );
    const all = { ...distinct, channel: 'openrtb', test: true } as unknown as TrackingClaims;
    const token = signer.sign(all);
    const written = LAYOUT.map(([key]) => {
      const value = all[key];
      return typeof value === 'boolean' ? String(Number(value)) : String(value);
    });
    expect(token.slice(0, token.lastIndexOf('.')).split('~')).toEqual(['2', ...written]);
    expect(signer.verify(token, 0)).toEqual(all);
  });

  it('reads back a price that is not a whole number of micros, rather than losing the ad', () => {
    const odd = { ...claims, price: 1_250_000.5, incomeCpm: 1e21 };
    expect(signer.verify(signer.sign(odd), 1_900_000_000)).toEqual(odd);
  });

  it('still reads a token of the JSON format made before', () => {
    const wire = [1, 'old-id', 2_000_000_000, 7, 11, 13, 17, 19, 23, 0, 'US', 1, '2.3.1', 2];
    const payload = Buffer.from(
      JSON.stringify([...wire, 1_250_000, 0, 1_250_000, 'user-1', 'sdk', 0]),
    ).toString('base64url');
    const mac = createHmac('sha256', 'a'.repeat(32))
      .update(payload)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(signer.verify(`${payload}.${mac}`, 1_900_000_000)).toEqual({ ...claims, id: 'old-id' });
  });

  it('refuses an expired token', () => {
    expect(signer.verify(signer.sign(claims), 2_000_000_001)).toBeUndefined();
  });

  it('refuses a token whose payload was changed (a higher price)', () => {
    const token = signer.sign(claims);
    const dot = token.lastIndexOf('.');
    const fields = token.slice(0, dot).split('~');
    fields[14] = '9999000000';
    const forged = `${fields.join('~')}${token.slice(dot)}`;
    expect(signer.verify(forged, 1_900_000_000)).toBeUndefined();
  });

  it('refuses a token signed with another key, and garbage', () => {
    const other = new TokenSigner('b'.repeat(32));
    expect(signer.verify(other.sign(claims), 1_900_000_000)).toBeUndefined();
    for (const junk of ['', '.', 'abc', 'abc.def', `${'x'.repeat(3000)}.y`]) {
      expect(signer.verify(junk, 1_900_000_000)).toBeUndefined();
    }
  });

  it('signs with HMAC-SHA256 truncated to 128 bits, whatever the key and payload length', () => {
    const secrets = ['short', 'k'.repeat(64), 'long secret '.repeat(20)];
    for (const secret of secrets) {
      for (const uid of ['', 'user-1', 'u'.repeat(2000)]) {
        const token = new TokenSigner(secret).sign({ ...claims, uid });
        const payload = token.slice(0, token.lastIndexOf('.'));
        const mac = token.slice(token.lastIndexOf('.') + 1);
        const expected = createHmac('sha256', secret)
          .update(payload)
          .digest()
          .subarray(0, 16)
          .toString('base64url');
        expect(mac).toBe(expected);
      }
    }
  });

  it('refuses a MAC with characters beyond its 128 bits changed', () => {
    const token = signer.sign(claims);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(signer.verify(`${token.slice(0, -1)}${last}`, 1_900_000_000)).toBeUndefined();
    expect(signer.verify(`${token}A`, 1_900_000_000)).toBeUndefined();
  });

  it('gives every served ad its own id', () => {
    expect(new Set(Array.from({ length: 1000 }, newTokenId)).size).toBe(1000);
  });
});
