/**
 * The order of our own eligible bids: booked (CPT) placements first, then the higher eCPM;
 * equal ones in an order rotated by the request (fair across requests, stable for one),
 * then by strategy id so that the order is total. The hot path keeps its candidates sorted
 * by the request-independent part once per snapshot and only reorders runs of equal bids;
 * the diagnosis sorts with the full comparator. Both give the same order.
 */
import { Billing } from '@adloom/domain';
import type { PlanConfig } from '../types.js';
import { tieKey } from './rotation.js';

/** What ranks a bid (an OwnBid, or a hot-path candidate before it becomes one). */
export interface Ranked {
  plan: Pick<PlanConfig, 'billing'>;
  strategy: { id: number };
  ecpm: number;
}

export const isBookedPlan = (plan: Pick<PlanConfig, 'billing'>) => plan.billing === Billing.cpt;

/** Booked first, then the higher eCPM; 0 for equal bids. */
export function byStanding(a: Ranked, b: Ranked): number {
  const booked = Number(isBookedPlan(b.plan)) - Number(isBookedPlan(a.plan));
  return booked !== 0 ? booked : b.ecpm - a.ecpm;
}

/** The full order for one request. */
export function rankOrder(requestHash: number) {
  return (a: Ranked, b: Ranked): number =>
    byStanding(a, b) ||
    tieKey(requestHash, a.strategy.id) - tieKey(requestHash, b.strategy.id) ||
    a.strategy.id - b.strategy.id;
}

/** Reorders, in place, each run of equal bids of a list already sorted by standing. */
export function rotateTies<T extends Ranked>(sorted: T[], requestHash: number): void {
  let start = 0;
  for (let end = 1; end <= sorted.length; end += 1) {
    const previous = sorted[end - 1];
    const next = sorted[end];
    if (previous && next && byStanding(previous, next) === 0) continue;
    if (end - start > 1) {
      const run = sorted.slice(start, end).sort(rankOrder(requestHash));
      for (let offset = 0; offset < run.length; offset += 1) {
        sorted[start + offset] = run[offset] as T;
      }
    }
    start = end;
  }
}
