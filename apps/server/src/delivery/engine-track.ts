/**
 * Counting and billing what a served ad's tracking URLs report: impressions (an own CPM ad's
 * hold claimed, a partner's burl fired once), clicks (CPC), CPT days, and the billing notices
 * of sales whose price the buyer names (an exchange's, an OpenRTB caller's second price;
 * docs/decisions/partner-pricing.md). Every event counts once (its id, at the flush).
 */
import { Billing, SERVING_CURRENCY, toUsdMicros, type TrackKindValue } from '@adloom/domain';
import { impressionSettlement, settlePartner } from './decision/pricing.js';
import {
  billedOnNotice,
  dimsOf,
  impressionEvent,
  utcDay,
  type EngineParts,
  type TrackOptions,
  type TrackOutcome,
} from './engine-parts.js';
import { heldReservationOf } from './holds.js';
import type { Reservation } from './ports.js';
import type { TrackingClaims } from './tracking/token.js';
import type { PlanConfig, Snapshot } from './types.js';
import { filledHeldNotices } from './upstream/held-notices.js';
import { parseMacroPrice } from './upstream/macros.js';
import { markShown, noticeArrived } from './upstream/unbilled.js';

export class Tracker {
  /** CPT plans charged today by this process (the database catches other processes). */
  private readonly cptCharged = new Set<string>();

  constructor(private readonly parts: EngineParts) {}

  async track(
    kind: TrackKindValue,
    token: string,
    options: TrackOptions = {},
  ): Promise<TrackOutcome> {
    const now = options.now ?? this.parts.now();
    const weight = options.weight ?? 1;
    const snapshot = await this.parts.snapshot();
    const nowSeconds = Math.floor(now / 1000);
    const genuine = this.parts.signer.open(token);
    const landing = (claims: TrackingClaims | undefined) => {
      const creative = claims ? snapshot.creatives.get(claims.creativeId) : undefined;
      return creative ? creative.clickUrl || creative.deeplinkUrl || null : null;
    };
    const claims = genuine && genuine.exp >= nowSeconds ? genuine : undefined;
    if (!claims || claims.test) {
      return { counted: false, redirect: kind === 'clk' ? landing(genuine) : null };
    }
    switch (kind) {
      case 'imp':
        await this.countImpression(claims, snapshot, now, weight);
        return { counted: true, redirect: null };
      case 'clk':
        await this.countClick(claims, snapshot, now, weight);
        return { counted: true, redirect: landing(claims) };
      case 'bill':
        return {
          counted: await this.countBilling(claims, snapshot, now, options.price, options.currency),
          redirect: null,
        };
      case 'win':
        // Our own DSP won an exchange's auction: the fill was counted when we bid; billing
        // waits for the billing notice (burl) or the impression.
        return { counted: billedOnNotice(claims), redirect: null };
      default:
        return { counted: false, redirect: null };
    }
  }

  private async reserved(
    claims: TrackingClaims,
    snapshot: Snapshot,
    micros: number,
    now: number,
    eventId: string,
  ): Promise<{ cost: number; reservation?: Reservation }> {
    const plan = snapshot.plans.get(claims.planId);
    if (micros <= 0 || !plan) return { cost: 0 };
    const reservation: Reservation = {
      planId: plan.id,
      advertiserId: plan.ownerId,
      micros,
      budget: plan.budget,
      day: utcDay(now),
      ...(this.parts.owner ? { tag: `${this.parts.owner}|${eventId}` } : {}),
    };
    const cost = await this.parts.store.reserve(reservation);
    return cost > 0 ? { cost, reservation: { ...reservation, micros: cost } } : { cost: 0 };
  }

  /**
   * The served ad's hold, when it is still there (the part of it not billed goes back);
   * else a reservation now, of what is left. `weight`: the hold was of that many alike ads.
   */
  private async heldOrReserved(
    claims: TrackingClaims,
    snapshot: Snapshot,
    micros: number,
    now: number,
    eventId: string,
    weight = 1,
  ): Promise<{ cost: number; reservation?: Reservation }> {
    const unit = heldReservationOf(claims);
    const held = weight === 1 ? unit : { ...unit, micros: unit.micros * weight };
    if (held.micros > 0) {
      const cost = Math.min(micros, held.micros);
      const billed: Reservation = {
        ...held,
        micros: cost,
        ...(this.parts.owner ? { tag: `${this.parts.owner}|${eventId}` } : {}),
      };
      if (await this.parts.store.claimHold(claims.id, held, billed)) {
        return cost > 0 ? { cost, reservation: billed } : { cost: 0 };
      }
    }
    return this.reserved(claims, snapshot, micros, now, eventId);
  }

  private async countImpression(
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
    weight: number,
  ) {
    const dims = dimsOf(claims);
    // Shown: if its billing notice never comes, it is an unbilled impression.
    if (claims.channel === 'notice')
      await markShown(this.parts.billingNotices, claims.id, claims.exp * 1000);
    if (claims.dspId && claims.channel === 'notice') {
      // Sold in a caller's second-price auction: the money waits for its billing notice.
      this.parts.accounting.countEvent(
        impressionEvent(claims, dims, now, { cost: 0, income: 0 }, weight),
      );
      return;
    }
    if (claims.dspId) {
      // The partner bills on our impression beacon: its burl, once (taken out as it fires).
      const billing = await this.parts.billingNotices.take(claims.id);
      if (billing) this.parts.notices.fire(billing);
      // A partner ad's token carries what the partner pays (price) and the publisher's share.
      const { paid, share, take } = impressionSettlement({
        paid: claims.price,
        share: claims.incomeCpm,
        take: claims.price - claims.incomeCpm,
      });
      this.parts.accounting.countEvent(
        impressionEvent(
          claims,
          dims,
          now,
          {
            cost: 0,
            income: share * weight,
            partnerRevenue: paid * weight,
            partnerTake: take * weight,
          },
          weight,
        ),
      );
      return;
    }
    const plan = snapshot.plans.get(claims.planId);
    // Own-DSP sales to exchanges and a caller's second-price sales bill CPM on the billing
    // notice at the buyer's price.
    const billsHere = claims.billing === Billing.cpm && !billedOnNotice(claims);
    const { cost, reservation } = billsHere
      ? await this.heldOrReserved(
          claims,
          snapshot,
          Math.round(claims.price / 1000) * weight,
          now,
          `imp:${claims.id}`,
          weight,
        )
      : { cost: 0, reservation: undefined };
    this.parts.accounting.countEvent(
      impressionEvent(
        claims,
        dims,
        now,
        { cost, income: cost, ...(reservation ? { reservation } : {}) },
        weight,
      ),
    );
    if (claims.billing === Billing.cpt && plan) await this.chargeCpt(plan, claims, snapshot, now);
    if (claims.uid && plan) {
      await this.parts.store.recordImpression(claims.uid, plan.id, Math.floor(now / 1000), plan);
    }
    const creative = snapshot.creatives.get(claims.creativeId);
    if (creative) this.parts.monitors.fire(creative.impressionMonitorUrls);
  }

  /**
   * CPT: the plan's daily price, once per plan and UTC day, on its first impression (however
   * many impressions that one stands for).
   */
  private async chargeCpt(
    plan: PlanConfig,
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
  ) {
    const day = utcDay(now);
    const key = `${plan.id}:${day}`;
    if (this.cptCharged.has(key)) return;
    this.cptCharged.add(key);
    if (this.cptCharged.size > 100_000) this.cptCharged.clear();
    const strategy = snapshot.strategies.get(claims.strategyId);
    const { cost, reservation } = await this.reserved(
      claims,
      snapshot,
      strategy?.bid ?? plan.bid,
      now,
      `cpt:${key}`,
    );
    this.parts.accounting.countEvent({
      id: `cpt:${key}`,
      kind: 'cpt',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost,
      income: cost,
      ...(reservation ? { reservation } : {}),
    });
  }

  private async countClick(
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
    weight: number,
  ) {
    const { cost, reservation } =
      claims.billing === Billing.cpc
        ? await this.reserved(claims, snapshot, claims.clickPrice * weight, now, `clk:${claims.id}`)
        : { cost: 0, reservation: undefined };
    this.parts.accounting.countEvent({
      id: `clk:${claims.id}`,
      kind: 'clk',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: weight,
      cost,
      // Sold in a caller's second-price auction, the supply side earned the caller's price
      // per impression on its billing notice (countBilling), not the click.
      income: claims.channel === 'notice' ? 0 : cost,
      ...(reservation ? { reservation } : {}),
    });
    const creative = snapshot.creatives.get(claims.creativeId);
    if (creative) this.parts.monitors.fire(creative.clickMonitorUrls);
  }

  /**
   * The billing notice (burl) of a sale billed on it (billedOnNotice): the buyer's price, at
   * most our bid; a partner's ad settles what the partner pays, our take and the share.
   */
  private async countBilling(
    claims: TrackingClaims,
    snapshot: Snapshot,
    now: number,
    priceText: string | undefined,
    currency: string | undefined,
  ): Promise<boolean> {
    if (!billedOnNotice(claims)) return false;
    const told = parseMacroPrice(priceText);
    // In the answer's currency: back to US dollars; a currency without a rate is refused.
    const cleared =
      told === undefined
        ? undefined
        : toUsdMicros(told, currency ?? SERVING_CURRENCY, snapshot.rates, 'down');
    // A notice without a price (empty, an unfilled macro) is refused: never billed at our bid.
    if (cleared === undefined) return false;
    if (claims.channel === 'notice') await noticeArrived(this.parts.billingNotices, claims.id);
    if (claims.dspId) {
      await this.settleResoldPartner(claims, cleared, now);
      return true;
    }
    if (claims.billing === Billing.cpc && claims.channel === 'notice') {
      // An own CPC ad in a caller's second-price auction: the supply side's share is the
      // caller's price per impression (at most our offer); the advertiser pays per click.
      this.parts.accounting.countEvent({
        id: `bill:${claims.id}`,
        kind: 'bill',
        dims: dimsOf(claims),
        at: now,
        impressions: 0,
        clicks: 0,
        cost: 0,
        income: Math.round(Math.min(cleared, claims.price) / 1000),
      });
      return true;
    }
    if (claims.billing !== Billing.cpm) return false;
    const price = Math.min(cleared, claims.price);
    const { cost, reservation } = await this.heldOrReserved(
      claims,
      snapshot,
      Math.round(price / 1000),
      now,
      `bill:${claims.id}`,
    );
    this.parts.accounting.countEvent({
      id: `bill:${claims.id}`,
      kind: 'bill',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost,
      income: cost,
      ...(reservation ? { reservation } : {}),
    });
    return true;
  }

  /**
   * A partner's ad sold in a caller's second-price auction, on the caller's billing notice:
   * the publisher's share is the caller's price (at most our offer, `incomeCpm`), the partner
   * pays it grossed up by its share (at most its bid, `price`) and is told so in its nurl and
   * burl, kept until now; counted once (event id and the notices taken out once).
   */
  private async settleResoldPartner(claims: TrackingClaims, cleared: number, now: number) {
    const offer = claims.incomeCpm;
    const perMille = settlePartner(
      { ecpm: offer, rawPrice: claims.price },
      Math.min(cleared, offer),
    );
    const { paid, share, take } = impressionSettlement(perMille);
    this.parts.accounting.countEvent({
      id: `bill:${claims.id}`,
      kind: 'bill',
      dims: dimsOf(claims),
      at: now,
      impressions: 0,
      clicks: 0,
      cost: 0,
      income: share,
      partnerRevenue: paid,
      partnerTake: take,
    });
    const held = await this.parts.billingNotices.take(claims.id);
    if (held)
      for (const url of filledHeldNotices(held, perMille.paid)) this.parts.notices.fire(url);
  }
}
