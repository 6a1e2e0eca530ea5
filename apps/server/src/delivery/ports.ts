/**
 * The seams between the engine's parts: the live state store (frequency caps, budget
 * reservations; in memory or in Redis) and the accounting pipeline (counted events, flushed
 * every second to stats_hourly, the ledger and the partners' health). engine.ts wires them.
 */
import type { EventDims } from '../stats/keys.js';
import type { StateView, UserHistory } from './types.js';

/** The plan's caps, as recording an impression needs them. */
export interface CapRule {
  timesPerUser: number;
  frequencyPerUser: number;
  intervalSeconds: number;
}

export interface Reservation {
  planId: number;
  advertiserId: number;
  /** What the event costs, micros (> 0). */
  micros: number;
  /** The plan's daily budget, micros. */
  budget: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /**
   * `<journal instance>|<event id>`: a shared store tracks the reservation under it until
   * its flush commits (settleBatch), so a crashed process's unflushed reservations are given
   * back (releaseOrphaned, and by expiry). Absent: not tracked (holds, tests).
   */
  tag?: string;
}

/** What a committed flush (or a duplicate event given back) changes in the state store. */
export interface Settlement {
  /** Advertiser id → micros the ledger now holds of its reserved spend. */
  settled: ReadonlyMap<number, number>;
  /** Reservations (or parts) that will not be billed: duplicates and shortfalls. */
  released: readonly Reservation[];
  /** Tagged reservations whose events the ledger and stats now hold: no longer tracked. */
  forgotten: readonly Reservation[];
}

/** A served ad's price, reserved until its billed event comes or the hold expires. */
export interface Hold {
  /** The ad's token id. */
  id: string;
  reservation: Reservation;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * Frequency caps and budgets. Without REDIS_URL everything lives in this process; with it,
 * caps, plan spend and advertisers' reserved amounts live in Redis so that several server
 * processes agree. Balances come from the ledger (refresh).
 */
export interface StateStore {
  readonly kind: 'memory' | 'redis';
  /** Reads advertisers' ledger balances and plans' spend today from the database. */
  refresh(): Promise<void>;
  /** The cached counters decisions read (never waits). */
  view(): StateView;
  /** A user's recent impressions by plan; empty for an empty uid. */
  userHistory(uid: string): Promise<UserHistory>;
  /** One impression of the plan seen by the user at `atSeconds` (epoch seconds). */
  recordImpression(uid: string, planId: number, atSeconds: number, caps: CapRule): Promise<void>;
  /**
   * Atomically takes up to `micros` from the plan's budget left today and the advertiser's
   * available balance; answers what it took (0 when nothing is left). Concurrent calls in
   * any number of processes never take more than is there.
   */
  reserve(reservation: Reservation): Promise<number>;
  /** Gives back a reservation that will not be billed (a duplicate, a shortfall). */
  release(reservation: Reservation): Promise<void>;
  /**
   * Serve time: reserves the whole price of an ad about to be served, or nothing (answers
   * false: the ad is not served). The served ad's billed event claims the hold; one that
   * nobody claimed by `expiresAt` is given back (releaseExpiredHolds).
   */
  hold(hold: Hold): Promise<boolean>;
  /**
   * The billed event of a served ad takes its hold: true when it was still held (`billed`,
   * at most the held amount, is then the event's reservation, settled by its flush; the
   * rest goes back), false when it had expired.
   */
  claimHold(id: string, held: Reservation, billed: Reservation): Promise<boolean>;
  /**
   * Gives back the holds past their expiry, and tracked reservations never settled (a
   * crashed process's); answers how many.
   */
  releaseExpiredHolds(): Promise<number>;
  /**
   * A committed flush's effect, all of it or none (a crash between its parts would give a
   * settled reservation back again on restart): spend settled, reservations released, and
   * the tagged reservations it carried no longer tracked.
   */
  settleBatch(settlement: Settlement): Promise<void>;
  /**
   * Gives back what a dead journal instance still had reserved: called once its journal's
   * events were flushed (their reservations forgotten), so only what never reached the
   * journal is left. Answers how many.
   */
  releaseOrphaned(owner: string): Promise<number>;
  /** The ledger now holds `micros` of the advertiser's reserved spend. */
  settle(advertiserId: number, micros: number): Promise<void>;
  close(): Promise<void>;
}

/** The stats_hourly dimensions of a counted event: made from STATS_KEYS (stats/keys.ts). */
export type { EventDims } from '../stats/keys.js';

export type BilledKind = 'imp' | 'clk' | 'win' | 'bill' | 'cpt';

/** An event that must count once: its id is checked against delivery_events at flush. */
export interface BilledEvent {
  /** `imp:<token id>`, `clk:<token id>`, `win:<token id>`, `bill:<token id>`, `cpt:<plan>:<day>`. */
  id: string;
  kind: BilledKind;
  dims: EventDims;
  /** Epoch ms; the stats hour is taken from it. */
  at: number;
  /** 1 live; more in the demo backfill, whose sampled event stands for that many (weight). */
  impressions: number;
  clicks: number;
  /** The advertiser's spend, micros, already reserved through the state store. */
  cost: number;
  /** The supply side's income, micros (of a partner-won impression: the publisher's share). */
  income: number;
  /** A partner-won impression: what the partner pays, micros (docs/decisions/partner-pricing.md). */
  partnerRevenue?: number;
  /** Of partnerRevenue, our take, micros. */
  partnerTake?: number;
  /** The reservation behind `cost`, released when the event proves a duplicate. */
  reservation?: Reservation;
  /**
   * Read back from a crashed process's journal: a duplicate's reservation was settled
   * before the crash, so it is not released again.
   */
  replayed?: boolean;
}

export type PartnerOutcome = 'bid' | 'noBid' | 'timeout' | 'error';

/**
 * `weight`: how many alike requests one counts for — 1 live, more only in the demo backfill
 * (delivery/simulate/backfill.ts), whose sampled requests each stand for many.
 */
export interface Accounting {
  /** A request on a slot that got no ad (dims of the slot and device only). */
  countUnfilled(dims: EventDims, at: number, weight?: number): void;
  /**
   * A request answered with an ad (dims of the winner). Its request is counted too, on the
   * slot's row as an unfilled one would be: the flush adds it (one row per request here).
   */
  countFill(dims: EventDims, at: number, weight?: number): void;
  /**
   * An own strategy that entered a request's auction and did not fill it (dims of its bid
   * and the request), `weight` times: its advertiser's requests (auction-sample.ts). A
   * fill counts its winner's auction itself.
   */
  countLostAuction(dims: EventDims, at: number, weight: number): void;
  countEvent(event: BilledEvent): void;
  countPartnerCall(
    dspId: number,
    outcome: PartnerOutcome,
    latencyMs: number,
    at: number,
    weight?: number,
  ): void;
  countPartnerWin(dspId: number, at: number, weight?: number): void;
  /** A caller's loss notice of a bid we sold it (dspId 0: our own), relayed or counted. */
  countCallerLoss(dspId: number, at: number): void;
  /** A shown impression whose caller's billing notice never came (dspId 0: our own ad). */
  countUnbilled(dspId: number, at: number): void;
  /** Bids of a partner refused before our auction, one reason (BidRejection) each. */
  countPartnerRejections(dspId: number, reasons: readonly string[], at: number): void;
  /**
   * Counts the events of journal segments crashed processes left (this one's earlier life
   * included) and flushes them; answers how many. At start, before serving.
   */
  recover(): Promise<number>;
  /** Writes everything pending in one transaction; safe to call at any time. */
  flush(): Promise<void>;
  /** Flushes every second until stop(). */
  start(): void;
  /** Stops the timer and flushes everything left. */
  stop(): Promise<void>;
}
