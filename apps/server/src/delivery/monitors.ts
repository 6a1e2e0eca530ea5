/**
 * Third-party monitor links (a creative's impression and click monitor URLs, a partner's
 * win notice): fired from the server after the event, never on the request's path. Bounded
 * on every side: at most MAX_IN_FLIGHT at once (more are dropped and counted), a deadline per
 * call, no redirects followed, and the outbound URL guard so a creative cannot make the
 * server call into private networks. The guard runs inside the connection's own DNS lookup
 * (getGuarded): the addresses checked are the ones connected to, so a name cannot answer a
 * public address to a check and a private one to the connection (DNS rebinding).
 */
import { outboundUrlProblem } from '@adloom/domain';
import { getGuarded } from '../outbound/http.js';
import type { Resolver } from '../outbound/url-guard.js';

const MAX_IN_FLIGHT = 64;
const TIMEOUT_MS = 2_000;
/** A ping's answer is not read beyond this. */
const MAX_ANSWER_BYTES = 1_024;

export interface MonitorStats {
  sent: number;
  failed: number;
  dropped: number;
}

export class MonitorPinger {
  private inFlight = 0;
  private readonly pending = new Set<Promise<void>>();
  readonly stats: MonitorStats = { sent: 0, failed: 0, dropped: 0 };

  constructor(
    private readonly options: {
      allowPrivate: boolean;
      /** DNS of the connections (tests); the system resolver otherwise. */
      resolve?: Resolver;
    },
  ) {}

  /** Fires each URL once, in the background. */
  fire(urls: readonly string[]): void {
    for (const url of urls) {
      if (!url) continue;
      if (this.inFlight >= MAX_IN_FLIGHT) {
        this.stats.dropped += 1;
        continue;
      }
      this.inFlight += 1;
      const call = this.ping(url).finally(() => {
        this.inFlight -= 1;
        this.pending.delete(call);
      });
      this.pending.add(call);
    }
  }

  private async ping(url: string): Promise<void> {
    try {
      if (outboundUrlProblem(url)) {
        this.stats.failed += 1;
        return;
      }
      const result = await getGuarded(url, {
        timeoutMs: TIMEOUT_MS,
        allowPrivate: this.options.allowPrivate,
        maxBytes: MAX_ANSWER_BYTES,
        headers: { 'user-agent': 'Adloom-Monitor/1.0' },
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
      });
      if (result.kind === 'answered') this.stats.sent += 1;
      else this.stats.failed += 1;
    } catch {
      this.stats.failed += 1;
    }
  }

  /** Waits for the calls under way (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
