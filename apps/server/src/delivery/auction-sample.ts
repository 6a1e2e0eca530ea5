/**
 * Which requests count their losing entrants (docs/decisions/advertiser-requests.md). Every
 * fill counts its winner's auction exactly; the strategies that entered and lost are counted
 * on a systematic sample of live requests, each sampled request's losers weighing the
 * requests since the previous sample, so the sums stay unbiased while the full walk and its
 * stats rows are paid on a share of requests only. The gap after a sample grows with what it
 * cost (its losers): on average at most `lossesPerRequest` loser rows a request, however
 * many strategies a slot's traffic meets.
 */

/** Loser rows a live request may add on average: the stats flush's extra rows, bounded. */
export const LOSSES_PER_REQUEST = 0.1;

export class AuctionSample {
  /** Requests still to pass before the next sample. */
  private skip = 0;
  /** Weight of the requests since the last sample, this one included. */
  private pending = 0;

  constructor(private readonly lossesPerRequest = LOSSES_PER_REQUEST) {}

  /**
   * Called once for each counted request: the weight to count its losers with, or 0 when
   * this one is not sampled (it needs only the auction's two best bids).
   */
  take(weight: number): number {
    this.pending += weight;
    if (this.skip > 0) {
      this.skip -= 1;
      return 0;
    }
    const sampled = this.pending;
    this.pending = 0;
    return sampled;
  }

  /** After a sampled request: it had `losers` losing entrants; the next sample waits longer. */
  spent(losers: number): void {
    this.skip = Math.max(0, Math.ceil(losers / this.lossesPerRequest) - 1);
  }
}
