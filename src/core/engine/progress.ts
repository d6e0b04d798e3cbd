import { Progress } from "../progress.js";

/**
 * Run progress for model calls: the core bar plus live completion tokens/s and spend so far.
 * Cache hits and resumed rows count as done but not toward throughput.
 */
export class EngineProgress extends Progress {
  private liveTokens = 0;
  private spend = 0;

  record(opts: { completionTokens?: number; costUsd?: number; live?: boolean } = {}): void {
    if (opts.live) this.liveTokens += opts.completionTokens ?? 0;
    this.spend += opts.costUsd ?? 0;
    super.tick(1);
  }

  protected override suffix(elapsedS: number): string {
    const tps = elapsedS > 0 ? this.liveTokens / elapsedS : 0;
    return ` ${tps.toFixed(0)} tok/s${this.spend > 0 ? ` $${this.spend.toFixed(4)}` : ""}`;
  }
}
