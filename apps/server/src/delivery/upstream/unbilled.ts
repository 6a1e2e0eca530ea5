/**
 * Impressions sold in a caller's second-price auction whose billing notice never came
 * (docs/decisions/partner-pricing.md, no notice): they stay unbilled — the caller decides
 * when an impression is billable (OpenRTB's burl; Prebid's deferBilling) and did not say so —
 * and are counted as unbilled once the notice can no longer come (the token has expired:
 * a later notice is refused). When the ad is answered its id is listed as expecting a notice
 * with what it was (`await:`); the impression beacon marks it shown (`shown:`); an accepted
 * billing notice takes the `await:` entry out. The sweep takes the ids past their time: an
 * entry still waiting and shown is an unbilled impression; one never shown was not delivered.
 */
import { OWN_DEMAND_DSP_ID } from '@adloom/domain';
import type { Accounting } from '../ports.js';
import type { BillingNoticeStore } from './billing-notices.js';

/** How long the entries outlive the token: the sweep runs every few seconds, not at once. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** Ids taken per sweep at most (the next sweep takes the rest). */
export const SWEEP_LIMIT = 1_000;

const awaitKey = (id: string) => `await:${id}`;
const shownKey = (id: string) => `shown:${id}`;

export interface UnbilledStats {
  /** Of partners' ads: the partner was told nothing and pays nothing. */
  partner: number;
  /** Of our own ads: the advertiser is charged nothing. */
  own: number;
}

/** What an unbilled impression is counted under. */
interface Awaited {
  dspId: number;
  planId: number;
}

/** An answered ad whose money waits for the caller's notice until `expiresAtMs`. */
export async function expectNotice(
  store: BillingNoticeStore,
  id: string,
  awaited: Awaited,
  expiresAtMs: number,
): Promise<void> {
  await store.keep(awaitKey(id), JSON.stringify(awaited), expiresAtMs + SWEEP_GRACE_MS);
  await store.expect(id, expiresAtMs);
}

/** The ad's impression beacon fired. */
export function markShown(store: BillingNoticeStore, id: string, expiresAtMs: number) {
  return store.keep(shownKey(id), '1', expiresAtMs + SWEEP_GRACE_MS);
}

/** The caller's billing notice for the ad was accepted: it is no longer waited for. */
export async function noticeArrived(store: BillingNoticeStore, id: string): Promise<void> {
  await store.take(awaitKey(id));
}

/**
 * Counts the shown impressions whose notice can no longer come, in this process's totals and
 * in their partner's health row (OWN_DEMAND_DSP_ID: our own ads); answers how many.
 */
export async function sweepUnbilled(
  store: BillingNoticeStore,
  nowMs: number,
  stats: UnbilledStats,
  accounting: Pick<Accounting, 'countUnbilled'>,
): Promise<number> {
  let unbilled = 0;
  for (const id of await store.due(nowMs, SWEEP_LIMIT)) {
    const waiting = await store.take(awaitKey(id));
    const shown = await store.take(shownKey(id));
    if (!waiting || !shown) continue;
    let awaited: Partial<Awaited> = {};
    try {
      awaited = JSON.parse(waiting) as Partial<Awaited>;
    } catch {
      // Counted as our own: the entry is ours and unreadable only if corrupted.
    }
    if (awaited.dspId) stats.partner += 1;
    else stats.own += 1;
    accounting.countUnbilled(awaited.dspId ?? OWN_DEMAND_DSP_ID, nowMs);
    unbilled += 1;
  }
  return unbilled;
}
