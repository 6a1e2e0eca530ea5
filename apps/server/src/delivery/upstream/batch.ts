/**
 * One request per partner per auction: every impression of a caller's BidRequest is served
 * on its own (engine.serve), but the impressions a partner takes go to it in one
 * BidRequest (unique imp ids, mapped back here) once every impression of the auction has
 * said whether it calls a partner. Each impression then gets its own bid and fate.
 */
import { performance } from 'node:perf_hooks';
import type { BidRequest, RateTable } from '@adloom/domain';
import type { Resolver } from '../../outbound/url-guard.js';
import type { PartnerOutcome } from '../ports.js';
import { withShare } from '../decision/pricing.js';
import type { DspConfig, PartnerBid, PartnerFate } from '../types.js';
import {
  buildAuctionRequest,
  partnerImpId,
  type PartnerImpLeg,
  type SellerIdentity,
} from './bid-request.js';
import { callPartner, type PartnerCallResult } from './call.js';

/** A leg's share of its partner's call. */
export interface LegResult extends PartnerCallResult {
  /** True for one leg per call: partner health counts the call once, by callOutcome. */
  countsCall: boolean;
  /** What the call as a whole gave (a leg without a bid of its own is a no-bid). */
  callOutcome: PartnerOutcome;
  /** The request the partner got (for the notices). */
  body: BidRequest | null;
  /** This leg's imp id in it. */
  impId: string;
}

interface Joined {
  leg: PartnerImpLeg;
  dsp: DspConfig;
  permille: number;
  /** performance.now() by which the leg needs its answer. */
  deadlineAt: number;
  settle: (result: LegResult) => void;
}

export interface BatchOptions {
  /** The caller's request; absent for one impression of our own SDK. */
  caller?: BidRequest;
  /** How many legs will join or pass. */
  expected: number;
  allowPrivate: boolean;
  seller?: SellerIdentity;
  resolve?: Resolver;
  /** The snapshot's currency rates (partner currencies, bids in them). */
  rates?: RateTable;
  /** Partners' ids of the browser from their user syncs, by partner id (http/user-sync.ts). */
  buyerUids?: ReadonlyMap<number, string>;
}

/** A leg's bid under its SSP strategy's share, when that overrides the partner's own. */
function shared(bid: PartnerBid | null, entry: Joined): PartnerBid | null {
  const percent = entry.leg.strategy?.percent;
  if (!bid || percent === null || percent === undefined || percent === entry.dsp.percent) {
    return bid;
  }
  return withShare(bid, percent);
}

function sharedFate(fate: PartnerFate, entry: Joined): PartnerFate {
  const percent = entry.leg.strategy?.percent;
  if (percent === null || percent === undefined || percent === entry.dsp.percent) return fate;
  return { ...fate, detail: `${fate.detail}; the SSP strategy passes on ${percent}‰` };
}

function buyerUidOf(uids: ReadonlyMap<number, string> | undefined, dspId: number) {
  const buyerUid = uids?.get(dspId);
  return buyerUid ? { buyerUid } : {};
}

export class PartnerBatch {
  private readonly joined: Joined[] = [];
  private readonly done = new Set<string>();
  private fired = false;

  constructor(private readonly options: BatchOptions) {
    if (options.expected <= 0) this.fired = true;
  }

  /** A leg that calls a partner: its share of the partner's answer. */
  join(
    key: string,
    leg: PartnerImpLeg,
    dsp: DspConfig,
    permille: number,
    deadlineMs: number,
  ): Promise<LegResult> {
    return new Promise<LegResult>((settle) => {
      if (this.fired || this.done.has(key)) {
        // Too late for the auction's call (a leg that joined twice): a call of its own.
        void this.call([
          { leg, dsp, permille, deadlineAt: performance.now() + deadlineMs, settle },
        ]);
        return;
      }
      this.joined.push({ leg, dsp, permille, deadlineAt: performance.now() + deadlineMs, settle });
      this.arrive(key);
    });
  }

  /** A leg that calls no partner (or failed before it could say): no longer waited for. */
  pass(key: string): void {
    this.arrive(key);
  }

  private arrive(key: string): void {
    if (this.done.has(key)) return;
    this.done.add(key);
    if (!this.fired && this.done.size >= this.options.expected) this.fire();
  }

  private fire(): void {
    this.fired = true;
    const byPartner = new Map<number, Joined[]>();
    for (const entry of this.joined) {
      byPartner.set(entry.dsp.id, [...(byPartner.get(entry.dsp.id) ?? []), entry]);
    }
    for (const entries of byPartner.values()) void this.call(entries);
  }

  private async call(entries: Joined[]): Promise<void> {
    const [first] = entries;
    if (!first) return;
    const deadlineMs = Math.floor(
      Math.min(...entries.map((entry) => entry.deadlineAt)) - performance.now(),
    );
    const body = buildAuctionRequest({
      legs: entries.map((entry) => entry.leg),
      dsp: first.dsp,
      tmaxMs: deadlineMs,
      ...(this.options.caller ? { caller: this.options.caller } : {}),
      ...(this.options.seller ? { seller: this.options.seller } : {}),
      ...(this.options.rates ? { rates: this.options.rates } : {}),
      ...buyerUidOf(this.options.buyerUids, first.dsp.id),
    });
    const answered = await callPartner({
      dsp: first.dsp,
      body,
      deadlineMs,
      allowPrivate: this.options.allowPrivate,
      permille: first.permille,
      ...(this.options.rates ? { rates: this.options.rates } : {}),
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
    entries.forEach((entry, index) => {
      const impId = partnerImpId(index);
      const fate = { ...answered.fate, permille: entry.permille };
      const base = { countsCall: index === 0, callOutcome: answered.outcome, body, impId };
      if (answered.outcome !== 'bid') {
        entry.settle({ ...answered, ...base, fate });
        return;
      }
      const bid = shared(answered.bidsByImp.get(impId) ?? null, entry);
      entry.settle(
        bid
          ? { ...answered, ...base, bid, fate: sharedFate(fate, entry) }
          : {
              ...answered,
              ...base,
              outcome: 'noBid',
              bid: null,
              fate: {
                ...fate,
                reason: 'partnerNoBid',
                detail: `No bid for this impression (imp ${impId}); the answer bid on others`,
              },
            },
      );
    });
  }
}
