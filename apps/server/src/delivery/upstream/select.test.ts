/**
 * Which SSP strategy takes a request and which partner its draw lands on
 * (docs/decisions/supply.md): trigger semantics, cumulative draw boundaries and every way a
 * share falls back to our own DSP.
 */
import { AdForm, Network, Platform, RejectReason, SimpleStatus } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { allocatePartner, chooseSspStrategy, partnerFates, partnerShares } from './select.js';
import {
  buildDspConfig,
  buildServeRequest,
  buildSlot,
  buildSnapshot,
  buildSspStrategy,
} from './test-kit.js';

describe('chooseSspStrategy', () => {
  const request = buildServeRequest({ slotId: 7, country: 'FR', os: Platform.android });

  it('takes the first strategy in the slot order whose triggers all match', () => {
    const first = buildSspStrategy({ id: 1, priority: 900 });
    const second = buildSspStrategy({ id: 2, priority: 100 });
    const snapshot = buildSnapshot({ sspStrategies: [first, second] });
    expect(chooseSspStrategy(snapshot, request)?.id).toBe(1);
  });

  it('skips a higher-priority strategy whose triggers fail, and one that is inactive', () => {
    const usOnly = buildSspStrategy({
      id: 1,
      priority: 900,
      triggers: [{ key: 'country', mode: 'include', values: ['US'] }],
    });
    const off = buildSspStrategy({ id: 2, priority: 500, status: SimpleStatus.inactive });
    const android = buildSspStrategy({
      id: 3,
      priority: 100,
      triggers: [{ key: 'os', mode: 'include', values: [String(Platform.android)] }],
    });
    const snapshot = buildSnapshot({ sspStrategies: [usOnly, off, android] });
    expect(chooseSspStrategy(snapshot, request)?.id).toBe(3);
  });

  it('needs every rule to match (AND)', () => {
    const both = buildSspStrategy({
      triggers: [
        { key: 'country', mode: 'include', values: ['FR'] },
        { key: 'network', mode: 'include', values: [String(Network.g4)] },
      ],
    });
    const snapshot = buildSnapshot({ sspStrategies: [both] });
    expect(chooseSspStrategy(snapshot, { ...request, network: Network.wifi })).toBeNull();
    expect(chooseSspStrategy(snapshot, { ...request, network: Network.g4 })?.id).toBe(both.id);
  });

  it('matches exclude rules when the value is not listed', () => {
    const notFr = buildSspStrategy({
      triggers: [{ key: 'country', mode: 'exclude', values: ['FR'] }],
    });
    const snapshot = buildSnapshot({ sspStrategies: [notFr] });
    expect(chooseSspStrategy(snapshot, request)).toBeNull();
    expect(chooseSspStrategy(snapshot, { ...request, country: 'DE' })?.id).toBe(notFr.id);
  });

  it('fails an include rule and passes an exclude rule on a missing dimension', () => {
    const include = buildSspStrategy({
      id: 1,
      triggers: [{ key: 'appVersion', mode: 'include', values: ['2.3.1'] }],
    });
    const exclude = buildSspStrategy({
      id: 2,
      triggers: [{ key: 'appVersion', mode: 'exclude', values: ['2.3.1'] }],
    });
    const snapshot = buildSnapshot({ sspStrategies: [include, exclude] });
    expect(chooseSspStrategy(snapshot, request)?.id).toBe(1);
    expect(chooseSspStrategy(snapshot, { ...request, appVersion: '' })?.id).toBe(2);
  });

  it('answers null for a slot without strategies (the request stays with our own DSP)', () => {
    const snapshot = buildSnapshot({ sspStrategies: [buildSspStrategy({ slotId: 8 })] });
    expect(chooseSspStrategy(snapshot, request)).toBeNull();
  });
});

describe('allocatePartner', () => {
  const slot = buildSlot({ id: 7, adForm: AdForm.banner });
  const a = buildDspConfig({ id: 1, name: 'A' });
  const b = buildDspConfig({ id: 2, name: 'B' });
  const strategy = buildSspStrategy({
    slotId: 7,
    allocations: [
      { dspId: 1, permille: 300 },
      { dspId: 2, permille: 200 },
    ],
  });
  const snapshot = buildSnapshot({ slots: [slot], dsps: [a, b], sspStrategies: [strategy] });
  const drawn = (draw: number, on = snapshot, with_ = strategy) =>
    allocatePartner(with_, on, draw)?.dsp.id ?? 'own';

  it('walks the allocations by cumulative permille in saved order', () => {
    expect(drawn(0)).toBe(1);
    expect(drawn(299)).toBe(1);
    expect(drawn(300)).toBe(2);
    expect(drawn(499)).toBe(2);
    expect(allocatePartner(strategy, snapshot, 300)).toEqual({ dsp: b, permille: 200 });
  });

  it('leaves draws from the sum on to our own DSP', () => {
    expect(drawn(500)).toBe('own');
    expect(drawn(999)).toBe('own');
  });

  it('gives every draw to a partner holding 1000‰ and none to a partner holding 0‰', () => {
    const all = buildSspStrategy({ allocations: [{ dspId: 1, permille: 1000 }] });
    expect(drawn(999, snapshot, all)).toBe(1);
    const none = buildSspStrategy({
      allocations: [
        { dspId: 2, permille: 0 },
        { dspId: 1, permille: 10 },
      ],
    });
    expect(drawn(0, snapshot, none)).toBe(1);
    expect(drawn(10, snapshot, none)).toBe('own');
  });

  it("sends an inactive or unknown partner's share to our own DSP", () => {
    const inactive = buildSnapshot({
      slots: [slot],
      dsps: [{ ...a, status: SimpleStatus.inactive }, b],
    });
    expect(drawn(0, inactive)).toBe('own');
    expect(drawn(300, inactive)).toBe(2);
    const unknown = buildSnapshot({ slots: [slot], dsps: [b] });
    expect(drawn(0, unknown)).toBe('own');
  });

  it("sends the share of a partner that does not buy the slot's ad form to our own DSP", () => {
    const feedBuyer = { ...a, slotType: AdForm.feed };
    expect(drawn(0, buildSnapshot({ slots: [slot], dsps: [feedBuyer, b] }))).toBe('own');
    const bannerBuyer = { ...a, slotType: AdForm.banner };
    expect(drawn(0, buildSnapshot({ slots: [slot], dsps: [bannerBuyer, b] }))).toBe(1);
    // An unlimited slot is offered as a banner (as the integration snippet does).
    const unlimited = buildSlot({ id: 7, adForm: AdForm.unlimited });
    expect(drawn(0, buildSnapshot({ slots: [unlimited], dsps: [bannerBuyer, b] }))).toBe(1);
    expect(drawn(0, buildSnapshot({ slots: [unlimited], dsps: [feedBuyer, b] }))).toBe('own');
  });
});

describe('partnerFates', () => {
  const slot = buildSlot({ id: 7, adForm: AdForm.banner });
  const a = buildDspConfig({ id: 1, name: 'A' });
  const b = buildDspConfig({ id: 2, name: 'B' });
  const off = buildDspConfig({ id: 3, name: 'C', status: SimpleStatus.inactive });
  const strategy = buildSspStrategy({
    allocations: [
      { dspId: 1, permille: 300 },
      { dspId: 2, permille: 200 },
      { dspId: 3, permille: 100 },
    ],
  });
  const snapshot = buildSnapshot({ slots: [slot], dsps: [a, b, off] });

  it('names every allocated partner in saved order, the chosen one with its call fate', () => {
    const chosen = allocatePartner(strategy, snapshot, 350);
    const called = {
      dspId: 2,
      permille: 200,
      reason: RejectReason.partnerNoBid,
      detail: 'No bid (HTTP 204)',
    };
    const fates = partnerFates(strategy, snapshot, chosen, called);
    expect(fates.map((fate) => [fate.dspId, fate.reason])).toEqual([
      [1, RejectReason.partnerNotAllocated],
      [2, RejectReason.partnerNoBid],
      [3, RejectReason.partnerNotAllocated],
    ]);
    expect(fates[0]?.detail).toContain('the draw went to B');
    expect(fates[2]?.detail).toContain('Inactive');
  });

  it('holds a placeholder for the chosen partner until its call fate replaces it', () => {
    const chosen = allocatePartner(strategy, snapshot, 0);
    const fates = partnerFates(strategy, snapshot, chosen);
    expect(fates[0]).toMatchObject({ dspId: 1, permille: 300 });
    expect(fates[0]?.reason).not.toBe(RejectReason.partnerNotAllocated);
  });

  it('says the draw went to our own DSP when nobody was chosen', () => {
    const fates = partnerFates(strategy, snapshot, allocatePartner(strategy, snapshot, 700));
    expect(fates.map((fate) => fate.reason)).toEqual([
      RejectReason.partnerNotAllocated,
      RejectReason.partnerNotAllocated,
      RejectReason.partnerNotAllocated,
    ]);
    expect(fates[1]?.detail).toContain('our own DSP');
  });

  it('describes the draws each partner would get when replaying without a draw', () => {
    const shares = partnerShares(strategy, snapshot);
    expect(shares.map((share) => share.detail)).toEqual([
      expect.stringContaining('draws 0-299'),
      expect.stringContaining('draws 300-499'),
      expect.stringContaining('Inactive'),
    ]);
  });
});
