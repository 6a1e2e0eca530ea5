/**
 * The delivery engine (docs/product/design.md#delivery-engine): decides a request over the in-memory snapshot, lets the
 * slot's upstream partner (chosen by its SSP strategy) compete within the request's time
 * budget, answers with signed tracking URLs, and counts and bills what those URLs report.
 * One per server process, started lazily by the first delivery request so that a console
 * that serves no ads (and every test app) pays nothing for it. This file wires the parts;
 * serving is engine-serve.ts (the partner leg's answers engine-partner.ts), counting and
 * billing engine-track.ts, what they share engine-parts.ts.
 */
import { randomUUID } from 'node:crypto';
import { SimpleStatus, type BidRequest, type RateTable, type TrackKindValue } from '@adloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createAccounting } from './accounting/accounting.js';
import type {
  EngineParts,
  ServeOptions,
  Served,
  TrackOptions,
  TrackOutcome,
} from './engine-parts.js';
import { AuctionSample } from './auction-sample.js';
import { PartnerLeg } from './engine-partner.js';
import { ServePath } from './engine-serve.js';
import { Tracker } from './engine-track.js';
import { DayClock } from './holds.js';
import type { SyncPartner } from './http/user-sync.js';
import { EventJournal } from './journal/journal.js';
import { MonitorPinger } from './monitors.js';
import type { Accounting, StateStore } from './ports.js';
import { loadSnapshot } from './snapshot/load.js';
import { SnapshotSource, type SnapshotLoader } from './snapshot/source.js';
import { createStateStore } from './state/index.js';
import { TokenSigner } from './tracking/token.js';
import type { Decision, ServeRequest, Snapshot } from './types.js';
import {
  partnerUserSync,
  partnerUserSyncType,
  partnerVendorId,
  type SellerIdentity,
} from './upstream/bid-request.js';
import { PartnerBatch } from './upstream/batch.js';
import {
  relayCallerLoss,
  type CallerLossNotice,
  type CallerLossStats,
} from './upstream/caller-loss.js';
import { NoticeQueue } from './upstream/notices.js';
import {
  createMemoryBillingNotices,
  createRedisBillingNotices,
  type BillingNoticeStore,
} from './upstream/billing-notices.js';
import { closePartnerConnections } from './upstream/transport.js';
import { sweepUnbilled, type UnbilledStats } from './upstream/unbilled.js';

export { answerOf } from './engine-parts.js';
export type {
  AuctionLink,
  ServeOptions,
  Served,
  TrackOptions,
  TrackOutcome,
} from './engine-parts.js';
export { parseMacroPrice } from './upstream/macros.js';

export interface EngineOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  store?: StateStore;
  accounting?: Accounting;
  load?: SnapshotLoader;
  now?: () => number;
  /** 0 ≤ x < 1: the SSP strategy's traffic draw. */
  random?: () => number;
}

export class DeliveryEngine {
  readonly signer: TokenSigner;
  readonly store: StateStore;
  readonly accounting: Accounting;
  readonly source: SnapshotSource;
  readonly monitors: MonitorPinger;
  /** Partner nurl, burl and lurl, fired off the answer's path. */
  readonly notices: NoticeQueue;
  /** OpenRTB callers' loss notices of our bids, by what became of them (upstream/caller-loss.ts). */
  readonly callerLosses: CallerLossStats = { partner: 0, own: 0, refused: 0 };
  /** Shown impressions whose caller never sent a billing notice (upstream/unbilled.ts). */
  readonly unbilledImpressions: UnbilledStats = { partner: 0, own: 0 };
  /**
   * Filled billing notices of served partner ads by token id, fired by their impression once,
   * in whichever process it arrives (Redis with REDIS_URL; upstream/billing-notices.ts).
   */
  private readonly billingNotices: BillingNoticeStore;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly allowPrivate: boolean;
  private startup: Promise<Snapshot> | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly days = new DayClock();
  /** This process's journal instance: the owner of its tracked reservations ('' = none). */
  private readonly owner: string;
  /** What the serve path, the partner leg and the tracker share. */
  private readonly parts: EngineParts;
  private readonly serving: ServePath;
  private readonly tracker: Tracker;
  /** Our node in the supply chains partners get (SELLER_DOMAIN). */
  private readonly seller: SellerIdentity | undefined;

  constructor(private readonly options: EngineOptions) {
    const { db, config, log } = options;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.allowPrivate = config.dspAllowPrivateNetworks;
    this.seller = config.sellerDomain ? { domain: config.sellerDomain } : undefined;
    this.signer = new TokenSigner(config.trackingSecret ?? randomUUID() + randomUUID());
    this.store =
      options.store ??
      createStateStore({
        db,
        redisUrl: config.redisUrl,
        keyPrefix: config.redisPrefix,
        now: this.now,
        logger: log,
      });
    const journal = options.accounting
      ? undefined
      : new EventJournal({ dir: config.journalDir, fsyncMs: config.journalFsyncMs, log });
    this.owner = journal?.instance ?? '';
    this.accounting =
      options.accounting ??
      createAccounting({
        db,
        store: this.store,
        flushMs: config.deliveryFlushMs,
        flushMaxMs: config.deliveryFlushMaxMs,
        log,
        now: this.now,
        journal,
      });
    this.source = new SnapshotSource({
      db,
      load: options.load ?? loadSnapshot,
      pollMs: 1000,
      now: this.now,
      onError: (error) => log.error({ err: error }, 'delivery: snapshot rebuild failed'),
    });
    this.monitors = new MonitorPinger({ allowPrivate: this.allowPrivate });
    this.notices = new NoticeQueue({ allowPrivate: this.allowPrivate });
    this.billingNotices = config.redisUrl
      ? createRedisBillingNotices({
          url: config.redisUrl,
          keyPrefix: config.redisPrefix,
          now: this.now,
          onError: (error) => log.error({ err: error }, 'delivery: billing notice store failed'),
        })
      : createMemoryBillingNotices(this.now);
    this.parts = {
      signer: this.signer,
      store: this.store,
      accounting: this.accounting,
      auctionSample: new AuctionSample(),
      monitors: this.monitors,
      notices: this.notices,
      billingNotices: this.billingNotices,
      now: this.now,
      random: this.random,
      allowPrivate: this.allowPrivate,
      seller: this.seller,
      days: this.days,
      owner: this.owner,
      log,
      snapshot: () => this.snapshot(),
      current: () => (this.closed ? null : this.source.current()),
      sync: () => this.sync(),
    };
    this.serving = new ServePath(this.parts, new PartnerLeg(this.parts));
    this.tracker = new Tracker(this.parts);
  }

  /** Loads the snapshot and the live state, and starts the timers (once). */
  start(): Promise<Snapshot> {
    if (this.closed) return Promise.reject(new Error('The delivery engine is closed'));
    this.startup ??= (async () => {
      // What a crashed process answered is counted before anything new is served.
      await this.accounting.recover();
      await this.store.refresh();
      const snapshot = await this.source.ensure();
      this.source.start();
      this.accounting.start();
      this.refreshTimer = setInterval(() => {
        // Holds of ads whose impression never came (in any process, a crashed one's too).
        this.store.releaseExpiredHolds().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: releasing expired holds failed');
        });
        this.store.refresh().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: state refresh failed');
        });
        this.sweepUnbilled().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'delivery: the unbilled sweep failed');
        });
      }, this.options.config.deliveryFlushMs);
      this.refreshTimer.unref();
      return snapshot;
    })();
    this.startup.catch(() => {
      this.startup = null;
    });
    return this.startup;
  }

  private async snapshot(): Promise<Snapshot> {
    await this.start();
    const current = this.source.current();
    if (!current) throw new Error('The delivery snapshot is not built');
    return current;
  }

  /**
   * The partner calls of one caller's auction of `expected` impressions (each one serve);
   * `buyerUids`: the partners' ids of the browser from their user syncs.
   */
  partnerBatch(
    caller: BidRequest,
    expected: number,
    buyerUids?: ReadonlyMap<number, string>,
  ): PartnerBatch {
    const rates = this.source.current()?.rates;
    return new PartnerBatch({
      caller,
      expected,
      ...(buyerUids ? { buyerUids } : {}),
      allowPrivate: this.allowPrivate,
      ...(this.seller ? { seller: this.seller } : {}),
      ...(rates ? { rates } : {}),
    });
  }

  /** Slots by their operator-set codes, for the OpenRTB entry points to find an impression's slot. */
  async slotCodes(): Promise<ReadonlyMap<string, number>> {
    const current = this.closed ? null : this.source.current();
    return (current ?? (await this.snapshot())).slotIdsByCode;
  }

  /** Active demand partners with a user-sync URL (http/user-sync.ts), from the snapshot. */
  async syncPartners(): Promise<SyncPartner[]> {
    const current = this.closed ? null : this.source.current();
    const { dsps } = current ?? (await this.snapshot());
    return [...dsps.values()].flatMap((dsp) => {
      const userSync = dsp.status === SimpleStatus.active ? partnerUserSync(dsp.config) : undefined;
      const vendorId = partnerVendorId(dsp);
      const type = partnerUserSyncType(dsp.config);
      return userSync ? [{ id: dsp.id, userSync, type, ...(vendorId ? { vendorId } : {}) }] : [];
    });
  }

  /** The active currency rates (the snapshot's), for the OpenRTB entry points' conversions. */
  async currencyRates(): Promise<RateTable> {
    const current = this.closed ? null : this.source.current();
    return (current ?? (await this.snapshot())).rates;
  }

  /** Picks up a configuration change now instead of within the next second (tests, tools). */
  async sync(): Promise<void> {
    await this.start();
    await this.source.sync();
    await this.store.refresh();
  }

  // ---------------------------------------------------------------- serving

  serve(request: ServeRequest, options: ServeOptions): Promise<Served> {
    return this.serving.serve(request, options);
  }

  /** Replays a request without serving, counting or calling anyone: every candidate's fate. */
  diagnose(request: ServeRequest, at: number): Promise<{ decision: Decision; snapshot: Snapshot }> {
    return this.serving.diagnose(request, at);
  }

  /**
   * Counts the shown impressions sold on a caller's notice that never got one, once their
   * token has expired (the engine's timer runs it; tests call it with a later time).
   */
  async sweepUnbilled(nowMs: number = this.now()): Promise<number> {
    const unbilled = await sweepUnbilled(
      this.billingNotices,
      nowMs,
      this.unbilledImpressions,
      this.accounting,
    );
    if (unbilled > 0) {
      this.options.log.warn(
        { unbilled, total: this.unbilledImpressions },
        'delivery: impressions shown without the caller’s billing notice stay unbilled',
      );
    }
    return unbilled;
  }
  /** An OpenRTB caller's loss notice of one of our bids (our lurl): relayed or counted once. */
  async callerLoss(token: string, notice: CallerLossNotice): Promise<boolean> {
    const snapshot = await this.snapshot();
    return relayCallerLoss(
      {
        signer: this.signer,
        kept: this.billingNotices,
        notices: this.notices,
        store: this.store,
        rates: snapshot.rates,
        stats: this.callerLosses,
        accounting: this.accounting,
        nowMs: this.now(),
      },
      token,
      notice,
    );
  }
  // ---------------------------------------------------------------- tracking

  track(kind: TrackKindValue, token: string, options: TrackOptions = {}): Promise<TrackOutcome> {
    return this.tracker.track(kind, token, options);
  }

  // ---------------------------------------------------------------- life cycle

  /** Writes everything counted so far (tests, tools, shutdown). */
  async flush(): Promise<void> {
    await this.accounting.flush();
    await this.store.refresh();
  }

  /** Stops the timers and flushes everything counted: the graceful shutdown's last step. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.source.stop();
    if (this.startup) {
      await this.startup.catch(() => undefined);
      await this.accounting.stop();
    }
    await this.monitors.drain();
    await this.notices.drain();
    // Kept-alive partner connections (made again on the next call of another engine).
    await closePartnerConnections();
    await this.billingNotices.close();
    await this.store.close();
  }
}
