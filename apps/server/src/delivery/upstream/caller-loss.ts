/**
 * An OpenRTB caller's loss notice (our bid's lurl, docs/decisions/partner-pricing.md, losses
 * at the caller): the caller's `${AUCTION_LOSS}`, `${AUCTION_PRICE}` and `${AUCTION_MIN_TO_WIN}`
 * arrive with the ad's signed token (outsiders cannot forge one). A resold partner bid's own
 * lurl, kept when we answered, is filled with the caller's code and its prices in the
 * partner's terms and fired from the notice queue; an own bid's loss is counted and its
 * serve-time hold given back at once. Once: the kept entry is taken out by the first notice.
 */
import {
  Billing,
  OWN_DEMAND_DSP_ID,
  SERVING_CURRENCY,
  toUsdMicros,
  type RateTable,
} from '@adloom/domain';
import { heldReservationOf } from '../holds.js';
import type { Accounting, StateStore } from '../ports.js';
import type { TokenSigner } from '../tracking/token.js';
import type { BillingNoticeStore } from './billing-notices.js';
import { filledHeldLoss, lossKey } from './held-notices.js';
import { parseMacroPrice } from './macros.js';
import type { NoticeQueue } from './notices.js';

/** The loss notice's query as the caller filled it (text, possibly an unfilled macro). */
export interface CallerLossNotice {
  reason?: string;
  price?: string;
  minToWin?: string;
  /** The currency of the prices (the answer's); US dollars when absent. */
  currency?: string;
}

export interface CallerLossStats {
  /** Partner lurls relayed. */
  partner: number;
  /** Losses of our own bids counted. */
  own: number;
  /** Notices refused: no genuine unexpired token, no loss code, or already counted. */
  refused: number;
}

export interface CallerLossDeps {
  signer: TokenSigner;
  kept: BillingNoticeStore;
  notices: NoticeQueue;
  store: StateStore;
  rates: RateTable;
  stats: CallerLossStats;
  /** Where a counted loss goes: its partner's health row, or our own demand's. */
  accounting: Pick<Accounting, 'countCallerLoss'>;
  nowMs: number;
}

/** OpenRTB 2.6 loss codes are non-negative integers; 0 is a win, not a loss. */
const LOSS_CODE = /^[1-9]\d{0,5}$/;

/** Counts or relays one loss notice; false when it is refused. */
export async function relayCallerLoss(
  deps: CallerLossDeps,
  token: string,
  notice: CallerLossNotice,
): Promise<boolean> {
  const claims = deps.signer.verify(token, Math.floor(deps.nowMs / 1000));
  const reason = notice.reason?.trim() ?? '';
  if (!claims || claims.test || !LOSS_CODE.test(reason)) {
    deps.stats.refused += 1;
    return false;
  }
  const kept = await deps.kept.take(lossKey(claims.id));
  if (kept === null) {
    deps.stats.refused += 1;
    return false;
  }
  const inUsd = (text: string | undefined) => {
    const told = parseMacroPrice(text);
    return told === undefined
      ? undefined
      : toUsdMicros(told, notice.currency ?? SERVING_CURRENCY, deps.rates, 'down');
  };
  const price = inUsd(notice.price);
  const minToWin = inUsd(notice.minToWin);
  if (claims.dspId) {
    const url = filledHeldLoss(kept, {
      reason: Number(reason),
      ...(price === undefined ? {} : { price }),
      ...(minToWin === undefined ? {} : { minToWin }),
    });
    if (url) deps.notices.fire(url);
    deps.stats.partner += 1;
    deps.accounting.countCallerLoss(claims.dspId, deps.nowMs);
    return true;
  }
  // The ad will not be shown: what was held for it goes back now, not at the hold's expiry.
  if (claims.billing === Billing.cpm) {
    const held = heldReservationOf(claims);
    await deps.store.claimHold(claims.id, held, { ...held, micros: 0 });
  }
  deps.stats.own += 1;
  deps.accounting.countCallerLoss(OWN_DEMAND_DSP_ID, deps.nowMs);
  return true;
}
