/**
 * The worked examples of docs/decisions/partner-pricing.md: a partner's bid net of our take
 * competes with our own demand; an OpenRTB caller is offered the winner's worth and settles
 * at its own price under its `at`, our SDK's slot clears first or second price as set; what
 * the partner pays, our take and the publisher's share.
 */
import { AuctionType, DspType } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import type { PartnerBid } from '../types.js';
import {
  auctionTypeOf,
  impressionSettlement,
  netOfTake,
  partnerAuctionType,
  runAuction,
  settlePartner,
  settlesOnCallerNotice,
  withShare,
} from './pricing.js';
import { dspConfig, ownBid, partnerBid, slotConfig } from './test-kit.js';

const FIRST = AuctionType.first;
const SECOND = AuctionType.second;

/** A partner that bid `price` (micros per mille) and passes on `percent` permille of it. */
function bidOf(price: number, percent: number): PartnerBid {
  return {
    ...partnerBid(0),
    dsp: dspConfig({ percent }),
    rawPrice: price,
    ecpm: netOfTake(price, percent),
  };
}

describe('a partner bid net of our take', () => {
  it('is the part of the bid passed on, rounded down to the micro', () => {
    expect(netOfTake(2_000_000, 800)).toBe(1_600_000);
    expect(netOfTake(2_000_000, 1000)).toBe(2_000_000);
    expect(netOfTake(1_000_001, 900)).toBe(900_000);
    expect(netOfTake(2_000_000, 0)).toBe(0);
  });

  it('takes an SSP strategy share over the partner’s own; a fixed-price partner’s CPM is its basis', () => {
    const bid = bidOf(2_000_000, 800);
    expect(withShare(bid, 500).ecpm).toBe(1_000_000);
    expect(withShare(bid, 500).rawPrice).toBe(2_000_000);
    const fixed = {
      ...bid,
      dsp: dspConfig({ type: DspType.fixed, cpm: 3_000_000, percent: 800 }),
    };
    expect(withShare(fixed, 900).ecpm).toBe(2_700_000);
  });
});

describe('the auction type a request clears under', () => {
  const firstPriceSlot = slotConfig({ auctionType: FIRST });
  const secondPriceSlot = slotConfig({ auctionType: SECOND });

  it('is the slot’s on our SDK’s traffic (we sell last), else second price', () => {
    expect(auctionTypeOf({ channel: 'sdk' }, firstPriceSlot)).toBe(FIRST);
    expect(auctionTypeOf({ channel: 'sdk' }, secondPriceSlot)).toBe(SECOND);
    expect(auctionTypeOf({ channel: 'sdk' }, undefined)).toBe(SECOND);
  });

  it('is first price (we offer the winner’s worth) when an OpenRTB caller or exchange sells last', () => {
    expect(auctionTypeOf({ channel: 'openrtb' }, secondPriceSlot)).toBe(FIRST);
    expect(auctionTypeOf({ channel: 'dsp' }, secondPriceSlot)).toBe(FIRST);
  });

  it('tells a partner the caller’s at (2 when it states none), else the slot’s', () => {
    expect(partnerAuctionType({ at: 1 }, secondPriceSlot)).toBe(FIRST);
    expect(partnerAuctionType({ at: 2 }, firstPriceSlot)).toBe(SECOND);
    expect(partnerAuctionType({}, firstPriceSlot)).toBe(SECOND);
    expect(partnerAuctionType({ at: 3 }, firstPriceSlot)).toBe(SECOND);
    expect(partnerAuctionType(undefined, firstPriceSlot)).toBe(FIRST);
    expect(partnerAuctionType(undefined, undefined)).toBe(SECOND);
  });

  it('waits for the caller’s billing notice only under an OpenRTB caller’s second price', () => {
    expect(settlesOnCallerNotice({ channel: 'openrtb', at: 2 })).toBe(true);
    expect(settlesOnCallerNotice({ channel: 'openrtb' })).toBe(true);
    expect(settlesOnCallerNotice({ channel: 'openrtb', at: 1 })).toBe(false);
    expect(settlesOnCallerNotice({ channel: 'sdk', at: 2 })).toBe(false);
    expect(settlesOnCallerNotice({ channel: 'dsp' })).toBe(false);
  });
});

describe('worked example 1 through an OpenRTB caller: partner 2.00 at 800‰, our own 1.20, floor 0.50', () => {
  const partner = bidOf(2_000_000, 800);
  const own = ownBid(1_200_000);
  const auction = runAuction(
    [own],
    [partner],
    500_000,
    auctionTypeOf({ channel: 'openrtb' }, slotConfig()),
  );

  it('offers the caller the partner’s net bid 1.60 whatever its at', () => {
    expect(auction.winner).toBe(partner);
    expect(auction.price).toBe(1_600_000);
  });

  it('at 1: the caller charges our offer; the partner pays its 2.00, we take 0.40', () => {
    expect(settlePartner(partner, auction.price)).toEqual({
      paid: 2_000_000,
      share: 1_600_000,
      take: 400_000,
    });
  });

  it('at 2: the caller’s notice says 1.31; the partner pays 1.6375, we take 0.3275', () => {
    const told = 1_310_000;
    const perMille = settlePartner(partner, Math.min(told, auction.price));
    expect(perMille).toEqual({ paid: 1_637_500, share: 1_310_000, take: 327_500 });
    expect(impressionSettlement(perMille)).toEqual({ paid: 1_638, share: 1_310, take: 328 });
  });

  it('at 2: a notice above our offer is held to it', () => {
    expect(settlePartner(partner, Math.min(1_750_000, auction.price)).paid).toBe(2_000_000);
  });
});

describe('worked example 1 on our SDK’s slot (we sell last): the slot’s type', () => {
  const partner = bidOf(2_000_000, 800);
  const own = ownBid(1_200_000);
  const floor = 500_000;

  it('second price (at 2): the caller is offered 1.21, the partner pays 1.5125, we take 0.3025', () => {
    const auction = runAuction([own], [partner], floor, SECOND);
    expect(auction.winner).toBe(partner);
    expect(auction.runnerUp).toBe(own);
    expect(auction.price).toBe(1_210_000);
    expect(settlePartner(partner, auction.price)).toEqual({
      paid: 1_512_500,
      share: 1_210_000,
      take: 302_500,
    });
  });

  it('first price (at 1): the caller is offered the net bid 1.60, the partner pays its 2.00, we take 0.40', () => {
    const auction = runAuction([own], [partner], floor, FIRST);
    expect(auction.winner).toBe(partner);
    expect(auction.price).toBe(1_600_000);
    expect(settlePartner(partner, auction.price)).toEqual({
      paid: 2_000_000,
      share: 1_600_000,
      take: 400_000,
    });
  });

  it('per impression: a thousandth of each, the take being the rest', () => {
    const perMille = settlePartner(partner, 1_210_000);
    // 1_512.5 rounds to 1_513; the share 1_210; the take the remaining 303.
    expect(impressionSettlement(perMille)).toEqual({ paid: 1_513, share: 1_210, take: 303 });
  });
});

describe('worked example 2: a lone partner, floor honoured', () => {
  const partner = bidOf(2_000_000, 900);
  const floor = 500_000;

  it('second price: floor + 0.01 is offered; the partner pays that grossed up by its share', () => {
    const auction = runAuction([], [partner], floor, SECOND);
    expect(auction.price).toBe(510_000);
    // 0.51 × 2.00 / 1.80 = 0.566667.
    expect(settlePartner(partner, auction.price)).toEqual({
      paid: 566_667,
      share: 510_000,
      take: 56_667,
    });
  });

  it('first price: its net bid 1.80 is offered and it pays its bid', () => {
    const auction = runAuction([], [partner], floor, FIRST);
    expect(auction.price).toBe(1_800_000);
    expect(settlePartner(partner, auction.price)).toEqual({
      paid: 2_000_000,
      share: 1_800_000,
      take: 200_000,
    });
  });

  it('a bid whose net falls under the floor does not compete, whatever the type', () => {
    // 0.55 × 800‰ = 0.44 < 0.50.
    const low = bidOf(550_000, 800);
    for (const type of [FIRST, SECOND]) {
      expect(runAuction([], [low], floor, type).winner).toBeNull();
      expect(runAuction([], [low], floor, type).price).toBe(0);
    }
  });

  it('with no take a lone 20.00 bid is offered 20.00 at first price and floor + 0.01 at second', () => {
    const rich = bidOf(20_000_000, 1000);
    expect(runAuction([], [rich], 0, FIRST).price).toBe(20_000_000);
    expect(runAuction([], [rich], 0, SECOND).price).toBe(10_000);
    expect(settlePartner(rich, 10_000)).toEqual({ paid: 10_000, share: 10_000, take: 0 });
  });
});

describe('worked example 3: our own demand beats the partner’s net bid', () => {
  const partner = bidOf(1_250_000, 800);
  const own = ownBid(1_200_000);

  it('the partner’s 1.25 counts as 1.00: our 1.20 wins, paying 1.01 at second price, 1.20 at first', () => {
    const second = runAuction([own], [partner], 500_000, SECOND);
    expect(second.winner).toBe(own);
    expect(second.price).toBe(1_010_000);
    const first = runAuction([own], [partner], 500_000, FIRST);
    expect(first.winner).toBe(own);
    expect(first.price).toBe(1_200_000);
  });

  it('a second price never exceeds the winner’s bid', () => {
    const close = bidOf(1_000_000, 1000);
    const auction = runAuction([ownBid(1_005_000)], [close], 0, SECOND);
    expect(auction.price).toBe(1_005_000);
  });
});

describe('a settlement', () => {
  it('is nothing without a price or a bid', () => {
    expect(settlePartner(bidOf(2_000_000, 800), 0)).toEqual({ paid: 0, share: 0, take: 0 });
    expect(settlePartner(bidOf(2_000_000, 0), 10_000)).toEqual({ paid: 0, share: 0, take: 0 });
  });

  it('never charges a partner more than its bid', () => {
    const partner = bidOf(2_000_000, 800);
    expect(settlePartner(partner, 1_700_000).paid).toBe(2_000_000);
  });
});
