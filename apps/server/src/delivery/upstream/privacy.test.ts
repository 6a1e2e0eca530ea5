/**
 * The privacy verdict and our own DSP's caps under it: the same signals that strip a partner
 * request keep our frequency caps from counting a user they may not.
 */
import { describe, expect, it } from 'vitest';
import { buildServeRequest, tcfString } from './test-kit.js';
import {
  capsIdentityUnder,
  optedOutOfSale,
  privacySignalsOf,
  privacyVerdict,
  truncatedIp,
} from './privacy.js';

const verdictOf = (request: Record<string, unknown>, vendorId?: number) =>
  privacyVerdict(privacySignalsOf(request), vendorId);

describe('our own caps under the privacy rules', () => {
  const request = buildServeRequest({ uid: 'user-1', oaid: 'oaid-1', idfa: '' });

  it('count no user under COPPA, GDPR without our consent or a US opt-out', () => {
    const consented = tcfString({ purposes: [1, 2], vendors: [77] });
    for (const [signals, vendorId] of [
      [{ regs: { coppa: 1 } }, 77],
      [{ regs: { gdpr: 1 }, user: { consent: consented } }, undefined],
      [{ regs: { gdpr: 1 }, user: { consent: consented } }, 78],
      [{ regs: { us_privacy: '1YYY' } }, 77],
    ] as const) {
      const capped = capsIdentityUnder(request, verdictOf(signals, vendorId));
      expect(capped).toMatchObject({ uid: '', oaid: '', idfa: '', imei: '' });
    }
    const allowed = verdictOf({ regs: { gdpr: 1 }, user: { consent: consented } }, 77);
    expect(capsIdentityUnder(request, allowed)).toBe(request);
  });

  it('drop the device id under LMT/DNT, and the caps id when it is that device id', () => {
    const limited = verdictOf({ device: { lmt: 1 } });
    expect(capsIdentityUnder(request, limited)).toMatchObject({ uid: 'user-1', oaid: '' });
    const byDevice = buildServeRequest({ uid: 'oaid-1', oaid: 'oaid-1' });
    expect(capsIdentityUnder(byDevice, limited)).toMatchObject({ uid: '', oaid: '' });
  });
});

describe('privacy signals', () => {
  it('reads US privacy opt-outs and truncates addresses', () => {
    expect(optedOutOfSale('1YYN')).toBe(true);
    expect(optedOutOfSale('1-Y-')).toBe(true);
    expect(optedOutOfSale('1YNN')).toBe(false);
    expect(optedOutOfSale('1---')).toBe(false);
    expect(truncatedIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncatedIp('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::');
    expect(truncatedIp('not an ip')).toBe('');
  });
});
