/**
 * The numbers decisions read synchronously: ledger balances and plans' spend today from the
 * database (refresh), and what reservations, releases and settlements have changed since.
 * The memory store computes on these directly; the Redis store mirrors its scripts' answers
 * here so that view() never waits.
 *
 * Settled spend and the ledger: refresh() notes each advertiser's settled total just before
 * it reads the ledger. Spend settled after that note may or may not be in the balance it
 * read, so it counts as spent until the next refresh:
 *   available = balance − (settled − settled at read) − pending.
 * That never overstates what is left, even when another process settles while this one's
 * balance is a second old (it may understate it by one flush, for one refresh).
 */
import type { StateView } from '../types.js';
import { DAY_MS, dayStartMs, daysBefore, utcDay } from './time.js';

export interface DatabaseTotals {
  /** Latest ledger balance per user; users without ledger entries are absent (0). */
  balances: ReadonlyMap<number, number>;
  /** The UTC day `spentToday` covers, YYYY-MM-DD. */
  day: string;
  /** Plans' cost in stats_hourly over that day, micros. */
  spentToday: ReadonlyMap<number, number>;
}

/** Reads the database totals as of `nowMs` (balances.ts; tests pass their own). */
export type TotalsSource = (nowMs: number) => Promise<DatabaseTotals>;

/** Spent-or-reserved amounts of days older than this (before the newest seen) are dropped. */
const KEPT_DAYS = 2;

export class LiveTotals {
  private balances: ReadonlyMap<number, number> = new Map();
  private settledAtRead: ReadonlyMap<number, number> = new Map();
  private dbDay = '';
  private dbSpent: ReadonlyMap<number, number> = new Map();
  private readonly pending = new Map<number, number>();
  private readonly settled = new Map<number, number>();
  private readonly spentByDay = new Map<string, Map<number, number>>();
  private newestDay = '';
  private today = '';
  private todayEndsAt = 0;
  private readonly stateView: StateView = {
    planSpentToday: (planId) => this.planSpent(planId, this.currentDay()),
    advertiserAvailable: (advertiserId) => this.available(advertiserId),
  };

  constructor(private readonly now: () => number) {}

  view(): StateView {
    return this.stateView;
  }

  /** Today (UTC) by the store's clock; recomputed only when the day changes. */
  currentDay(): string {
    const now = this.now();
    if (now >= this.todayEndsAt || now < this.todayEndsAt - DAY_MS) {
      this.today = utcDay(now);
      this.todayEndsAt = dayStartMs(now) + DAY_MS;
    }
    return this.today;
  }

  /** What the database said the plan spent on `day`; 0 for a day it was not read for. */
  databaseSpent(planId: number, day: string): number {
    return day === this.dbDay ? (this.dbSpent.get(planId) ?? 0) : 0;
  }

  /** The plan's spent-or-reserved amount on `day` as this store last knew it. */
  knownSpent(planId: number, day: string): number | undefined {
    return this.spentByDay.get(day)?.get(planId);
  }

  planSpent(planId: number, day: string): number {
    return Math.max(this.databaseSpent(planId, day), this.knownSpent(planId, day) ?? 0);
  }

  setSpent(planId: number, day: string, micros: number): void {
    let plans = this.spentByDay.get(day);
    if (!plans) {
      plans = new Map();
      this.spentByDay.set(day, plans);
      this.dropOldDays(day);
    }
    plans.set(planId, micros);
  }

  private dropOldDays(day: string): void {
    if (day <= this.newestDay) return;
    this.newestDay = day;
    const oldest = daysBefore(day, KEPT_DAYS);
    for (const kept of this.spentByDay.keys()) if (kept < oldest) this.spentByDay.delete(kept);
  }

  balance(advertiserId: number): number {
    return this.balances.get(advertiserId) ?? 0;
  }

  /** The settled total noted before the ledger was last read; 0 when unknown (the safe side). */
  settledAtLastRead(advertiserId: number): number {
    return this.settledAtRead.get(advertiserId) ?? 0;
  }

  pendingOf(advertiserId: number): number {
    return this.pending.get(advertiserId) ?? 0;
  }

  setPending(advertiserId: number, micros: number): void {
    if (micros > 0) this.pending.set(advertiserId, micros);
    else this.pending.delete(advertiserId);
  }

  settledOf(advertiserId: number): number {
    return this.settled.get(advertiserId) ?? 0;
  }

  setSettled(advertiserId: number, micros: number): void {
    this.settled.set(advertiserId, micros);
  }

  /** Ledger balance minus spend settled since it was read, minus reservations not settled. */
  available(advertiserId: number): number {
    const settledSince = Math.max(
      0,
      this.settledOf(advertiserId) - this.settledAtLastRead(advertiserId),
    );
    return this.balance(advertiserId) - settledSince - this.pendingOf(advertiserId);
  }

  /** The settled totals as they are now, to pair with a ledger read about to start. */
  settledSnapshot(): Map<number, number> {
    return new Map(this.settled);
  }

  /**
   * A database read and the settled totals noted just before it started; null keeps the
   * previous note (older, so the safe side).
   */
  applyDatabase(totals: DatabaseTotals, settledAtRead: ReadonlyMap<number, number> | null): void {
    this.balances = totals.balances;
    if (settledAtRead) this.settledAtRead = settledAtRead;
    this.dbDay = totals.day;
    this.dbSpent = totals.spentToday;
  }

  /** Every advertiser this store has a number for. */
  advertiserIds(): number[] {
    return [...new Set([...this.balances.keys(), ...this.pending.keys(), ...this.settled.keys()])];
  }

  /** Every plan this store has a number for on `day`. */
  planIdsOn(day: string): number[] {
    const fromDatabase = day === this.dbDay ? [...this.dbSpent.keys()] : [];
    return [...new Set([...fromDatabase, ...(this.spentByDay.get(day)?.keys() ?? [])])];
  }
}
