import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSigner, newTokenId, type TrackingClaims } from './token.js';

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

  it('carries any text in its claims, quotes, backslashes and all, as a JSON array', () => {
    const odd = {
      ...claims,
      appVersion: '1.0 "beta" \\ 版本',
      uid: '\u2028</script>\u0000',
      test: true,
      channel: 'dsp' as const,
    };
    const token = signer.sign(odd);
    expect(signer.verify(token, 1_900_000_000)).toEqual(odd);
    const [payload] = token.split('.') as [string];
    const wire: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(wire).toEqual([
      1,
      odd.id,
      odd.exp,
      7,
      11,
      13,
      17,
      19,
      23,
      0,
      'US',
      1,
      odd.appVersion,
      2,
      1_250_000,
      0,
      1_250_000,
      odd.uid,
      'dsp',
      1,
    ]);
  });

  it('refuses an expired token', () => {
    expect(signer.verify(signer.sign(claims), 2_000_000_001)).toBeUndefined();
  });

  it('refuses a token whose payload was changed (a higher price)', () => {
    const token = signer.sign(claims);
    const [payload, mac] = token.split('.') as [string, string];
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    wire[14] = 9_999_000_000;
    const forged = `${Buffer.from(JSON.stringify(wire)).toString('base64url')}.${mac}`;
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
        const [payload, mac] = token.split('.') as [string, string];
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
