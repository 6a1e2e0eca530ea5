/**
 * Partner notices (OpenRTB nurl, burl, lurl) fired from the server: queued, never on the
 * ad answer's path, bounded (a full queue drops and counts), a few at a time, each with a
 * deadline and retried a couple of times when the partner did not answer or failed (5xx);
 * through the outbound URL guard like every call we make (outbound/http.ts).
 */
import { outboundUrlProblem } from '@adloom/domain';
import { getGuarded } from '../../outbound/http.js';
import type { Resolver } from '../../outbound/url-guard.js';

/** Notices waiting at most; past it new ones are dropped (and counted). */
export const MAX_QUEUED_NOTICES = 10_000;
const CONCURRENCY = 16;
const TIMEOUT_MS = 2_000;
/** Waits before the 2nd and 3rd attempts. */
const RETRY_DELAYS_MS = [500, 2_000];
const MAX_ANSWER_BYTES = 1_024;

export interface NoticeStats {
  sent: number;
  failed: number;
  dropped: number;
  retried: number;
}

interface Notice {
  url: string;
  attempt: number;
}

export class NoticeQueue {
  private readonly queue: Notice[] = [];
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idle: (() => void)[] = [];
  readonly stats: NoticeStats = { sent: 0, failed: 0, dropped: 0, retried: 0 };

  constructor(
    private readonly options: {
      allowPrivate: boolean;
      resolve?: Resolver;
      /** The waits before retries (tests); RETRY_DELAYS_MS otherwise. */
      retryDelaysMs?: readonly number[];
    },
  ) {}

  /** Queues a notice; returns at once. */
  fire(url: string): void {
    if (!url) return;
    if (this.queue.length >= MAX_QUEUED_NOTICES) {
      this.stats.dropped += 1;
      return;
    }
    this.queue.push({ url, attempt: 0 });
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < CONCURRENCY && this.queue.length > 0) {
      const notice = this.queue.shift();
      if (!notice) break;
      this.inFlight += 1;
      void this.send(notice).finally(() => {
        this.inFlight -= 1;
        this.pump();
        this.wakeIfIdle();
      });
    }
  }

  private async send(notice: Notice): Promise<void> {
    if (outboundUrlProblem(notice.url)) {
      this.stats.failed += 1;
      return;
    }
    const result = await getGuarded(notice.url, {
      timeoutMs: TIMEOUT_MS,
      allowPrivate: this.options.allowPrivate,
      maxBytes: MAX_ANSWER_BYTES,
      headers: { 'user-agent': 'Adloom-Notice/1.0' },
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    }).catch(() => null);
    const delivered = result?.kind === 'answered' && result.status < 500;
    if (delivered) {
      this.stats.sent += 1;
      return;
    }
    // A refused URL (the guard) will be refused again: no retry.
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[notice.attempt];
    if (result?.kind === 'refused' || delay === undefined) {
      this.stats.failed += 1;
      return;
    }
    this.stats.retried += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push({ url: notice.url, attempt: notice.attempt + 1 });
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private wakeIfIdle(): void {
    if (this.inFlight > 0 || this.queue.length > 0 || this.timers.size > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const wake of waiting) wake();
  }

  /** Waits until every notice queued, retries included, is sent or given up (shutdown, tests). */
  drain(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === 0 && this.timers.size === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
