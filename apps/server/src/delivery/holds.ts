/**
 * Serve-time holds (docs/decisions/event-journal.md, "No ad nobody pays for"): a CPM ad's
 * price is reserved from its plan's budget and its advertiser's funds when it is served, so
 * fills stop at what is left; the billed event (the impression, or an exchange's billing
 * notice) claims the hold, and a hold nobody claimed is given back when the ad's cache time
 * has passed. CPC and CPT ads are not held: a click may never come, and a CPT day is paid
 * once.
 */
import { Billing, TRACKING_TOKEN_TTL_SECONDS } from '@adloom/domain';
import type { Reservation } from './ports.js';
import { DAY_MS, dayStartMs, utcDay } from './state/time.js';
import type { TrackingClaims } from './tracking/token.js';
import type { PlanConfig, ServeRequest } from './types.js';

/** A hold lasts the ad's cache time, at least this long (an SDK shows an ad within seconds)… */
export const HOLD_MIN_SECONDS = 60;
/** …and at most this long: an ad shown later is billed if its funds are still there. */
export const HOLD_MAX_SECONDS = 3600;

export const holdMs = (cacheSeconds: number): number =>
  Math.min(Math.max(cacheSeconds, HOLD_MIN_SECONDS), HOLD_MAX_SECONDS) * 1000;

/** What the served ad's billed event will cost, micros: 0 when it is not held. */
export function heldMicros(plan: PlanConfig, request: ServeRequest, price: number): number {
  if (request.test || plan.billing !== Billing.cpm) return 0;
  return Math.round(price / 1000);
}

/** The hold a token's billed event claims: the serve's day comes back from the expiry. */
export function heldReservationOf(claims: TrackingClaims): Reservation {
  const servedAt = (claims.exp - TRACKING_TOKEN_TTL_SECONDS) * 1000;
  return {
    planId: claims.planId,
    advertiserId: claims.advertiserId,
    micros: Math.round(claims.price / 1000),
    budget: 0,
    day: utcDay(servedAt),
  };
}

/** The UTC day of an instant, its text made once a day (the serve path asks every fill). */
export class DayClock {
  private start = 0;
  private end = 0;
  private text = '';

  dayOf(ms: number): string {
    if (ms < this.start || ms >= this.end) {
      this.start = dayStartMs(ms);
      this.end = this.start + DAY_MS;
      this.text = utcDay(ms);
    }
    return this.text;
  }
}
