import { Progress } from "../progress.js";
import { costUsd } from "./accounting.js";
/**
 * Run progress for model calls: the core bar plus tokens, live completion tokens/s, spend
 * and errors. Tokens and cost count every record of the run (resumed, cached and live),
 * computed exactly as the run summary computes `usage.cost_usd`, so the last figure shown
 * equals the results' cost. Tokens/s counts live calls only.
 */
export class EngineProgress extends Progress {
    promptTokens = 0;
    completionTokens = 0;
    liveTokens = 0;
    errors = 0;
    price;
    record(opts = {}) {
        this.promptTokens += opts.promptTokens ?? 0;
        this.completionTokens += opts.completionTokens ?? 0;
        if (opts.live)
            this.liveTokens += opts.completionTokens ?? 0;
        if (opts.resumed)
            this.skip(1);
        else
            super.tick(1);
    }
    /** A request that ended in an error (counted as done: it will not be retried this run). */
    error() {
        this.errors++;
        super.tick(1);
    }
    /** What the bar shows as spend (null without a price): equals the summary's usage.cost_usd. */
    costUsd() {
        return this.price ? costUsd(this.price, this.promptTokens, this.completionTokens) : null;
    }
    suffix(elapsedS) {
        const tps = elapsedS > 0 ? this.liveTokens / elapsedS : 0;
        const tok = this.promptTokens + this.completionTokens;
        const cost = this.costUsd();
        return ` ${tok} tok ${tps.toFixed(0)} tok/s${cost !== null ? ` $${cost.toFixed(4)}` : ""}${this.errors ? ` errors ${this.errors}` : ""}`;
    }
}
//# sourceMappingURL=progress.js.map