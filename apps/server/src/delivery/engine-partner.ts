/**
 * The partner leg's answers (docs/decisions/partner-pricing.md, partner-requests.md): a
 * partner's winning bid answered with its markup and our beacon, its notices fired, kept for
 * our impression or kept for the caller's billing notice; what a caller's loss notice needs;
 * and the lurl of a partner bid that lost our own auction.
 */
import { TRACKING_TOKEN_TTL_SECONDS, type ServeAdAnswer } from '@adloom/domain';
import { partnerMarkupWithBeacon, servedPartnerAd, trackingUrls } from './answer.js';
import { settlePartner, settlesOnCallerNotice } from './decision/pricing.js';
import { claimsOf, partnerMacros, type EngineParts, type Served } from './engine-parts.js';
import type { Bid, Decision, PartnerBid, ServeRequest, SlotConfig } from './types.js';
import { fillAuctionMacros } from './upstream/call.js';
import { heldLossText, heldNoticesText, lossKey } from './upstream/held-notices.js';
import { LOSS_REASON, type AuctionMacroValues } from './upstream/macros.js';
import { expectNotice } from './upstream/unbilled.js';

/** How long a bid's loss notice is awaited (a caller's auction closes within seconds). */
export const CALLER_LOSS_WINDOW_MS = 60 * 60 * 1000;

export class PartnerLeg {
  constructor(private readonly parts: EngineParts) {}

  /** A partner's bid won our auction at `price` (micros per mille): the answer. */
  async answerWin(
    decision: Decision,
    slot: SlotConfig,
    winner: PartnerBid,
    price: number,
    origin: string,
    now: number,
    id: string,
    weight = 1,
  ): Promise<Served> {
    const { request } = decision;
    const exp = Math.floor(now / 1000) + TRACKING_TOKEN_TTL_SECONDS;
    // The partner pays the clearing price in its own terms (before our take), at most its
    // bid; the publisher's share is the clearing price, ours the rest (decision/pricing.ts).
    const settlement = settlePartner(winner, price);
    const partnerPrice = settlement.paid;
    const macros = { ...partnerMacros(winner, request.id, partnerPrice), loss: LOSS_REASON.won };
    // Sold in a caller's second-price auction: the caller's billing notice names the price
    // (countBilling); the token carries the most the partner pays (its bid) and our offer.
    const onNotice = settlesOnCallerNotice(request);
    const claims = claimsOf(request, slot, id, exp, {
      advertiserId: 0,
      planId: 0,
      strategyId: 0,
      creativeId: 0,
      dspId: winner.dsp.id,
      billing: 0,
      price: onNotice ? winner.rawPrice : settlement.paid,
      clickPrice: 0,
      incomeCpm: onNotice ? price : settlement.share,
    });
    this.keepForCallerLoss(request, id, exp, {
      ...(winner.lurl ? { url: winner.lurl } : {}),
      macros,
      bid: winner.rawPrice,
      offer: price,
    });
    if (onNotice) {
      claims.channel = 'notice';
      if (!request.test) {
        await expectNotice(
          this.parts.billingNotices,
          id,
          { dspId: winner.dsp.id, planId: 0 },
          exp * 1000,
        );
      }
      const held = heldNoticesText([winner.nurl, winner.burl], macros, winner.rawPrice);
      if (held && !request.test) await this.parts.billingNotices.keep(id, held, exp * 1000);
    } else {
      if (winner.nurl)
        this.parts.notices.fire(fillAuctionMacros(winner.nurl, partnerPrice, macros));
      if (winner.burl && !request.test) {
        // Kept before the ad is answered: its impression may reach another process at once.
        const burl = fillAuctionMacros(winner.burl, partnerPrice, macros);
        await this.parts.billingNotices.keep(id, burl, exp * 1000);
      }
    }
    const urls = trackingUrls(origin, this.parts.signer.sign(claims));
    if (!request.test) {
      this.parts.accounting.countFill(claims, now, weight);
      this.parts.accounting.countPartnerWin(winner.dsp.id, now, weight);
    }
    const ad = servedPartnerAd(slot, {
      adm: partnerMarkupWithBeacon(fillAuctionMacros(winner.adm, partnerPrice, macros), urls),
      crid: winner.crid,
      w: winner.w,
      h: winner.h,
    });
    const answer: ServeAdAnswer = {
      fill: true,
      request_id: request.id,
      ad,
      impression_urls: [urls.impression],
      notice_urls: [],
    };
    return {
      decision,
      answer,
      answerJson: JSON.stringify(answer),
      claims,
      urls,
      noticeUrl: '',
      partnerPrice,
    };
  }

  /**
   * A bid answered to an OpenRTB caller may lose there: what its loss notice needs is kept
   * under the ad's token id (a partner's lurl, else a mark), taken by the first notice.
   * Not awaited: the caller has not seen the bid yet, and a Redis store runs commands in order.
   */
  keepForCallerLoss(
    request: ServeRequest,
    id: string,
    exp: number,
    partner?: { url?: string; macros: AuctionMacroValues; bid: number; offer: number },
  ): void {
    if (request.channel === 'sdk' || request.test) return;
    const text = heldLossText(partner?.url ? { ...partner, url: partner.url } : undefined);
    // Callers tell losses when their auction closes: an hour keeps the store small.
    const until = Math.min(exp * 1000, this.parts.now() + CALLER_LOSS_WINDOW_MS);
    void this.parts.billingNotices.keep(lossKey(id), text, until);
  }

  /** lurl of a partner bid that lost: below the floor (100) or outbid (102). */
  notifyLoss(
    lost: { bid: PartnerBid; belowFloor: boolean },
    auctionId: string,
    winner: Bid | null,
    clearing: number,
  ): void {
    const { bid } = lost;
    if (!bid.lurl) return;
    // The price that would have won, in the partner's terms (before our share): known when
    // something else won; OpenRTB's ${AUCTION_PRICE} in a loss notice is the clearing price.
    const inPartnerTerms = (micros: number) =>
      bid.ecpm > 0 ? Math.round((micros * bid.rawPrice) / bid.ecpm) : micros;
    const minToWin = winner ? inPartnerTerms(clearing) : undefined;
    const price = winner ? inPartnerTerms(clearing) : 0;
    this.parts.notices.fire(
      fillAuctionMacros(bid.lurl, price, {
        ...partnerMacros(bid, auctionId, price),
        loss: lost.belowFloor ? LOSS_REASON.belowFloor : LOSS_REASON.outbid,
        ...(minToWin === undefined ? {} : { minToWin }),
      }),
    );
  }
}
