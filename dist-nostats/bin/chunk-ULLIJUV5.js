import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/gf01/server/limits.ts
var DEFAULT_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxSessions: 1e4,
  maxSessionsPerClient: 1e3,
  idleTimeoutS: 30 * 60,
  ratePerClient: 200,
  maxInflight: 1e3,
  trustProxy: false
};
function clientOf(req, trustProxy) {
  if (trustProxy) {
    const xff = req.headers["x-forwarded-for"];
    const v = Array.isArray(xff) ? xff[xff.length - 1] : xff;
    const last = v?.split(",").pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}
var SessionQuota = class {
  constructor(maxTotal, maxPerClient) {
    this.maxTotal = maxTotal;
    this.maxPerClient = maxPerClient;
  }
  maxTotal;
  maxPerClient;
  total = 0;
  perClient = /* @__PURE__ */ new Map();
  get size() {
    return this.total;
  }
  acquire(client) {
    if (this.total >= this.maxTotal)
      return {
        status: 503,
        code: "server_full",
        message: `the server holds its maximum of ${this.maxTotal} live sessions; try again later`
      };
    const n = this.perClient.get(client) ?? 0;
    if (this.maxPerClient > 0 && n >= this.maxPerClient)
      return {
        status: 429,
        code: "too_many_sessions",
        message: `at most ${this.maxPerClient} live sessions per client; finish or DELETE one first`
      };
    this.total++;
    this.perClient.set(client, n + 1);
    return void 0;
  }
  release(client) {
    const n = this.perClient.get(client) ?? 0;
    if (n <= 0) return;
    this.total--;
    if (n === 1) this.perClient.delete(client);
    else this.perClient.set(client, n - 1);
  }
};
var RateLimiter = class {
  constructor(rate) {
    this.rate = rate;
    this.burst = Math.max(1, 2 * rate);
  }
  rate;
  buckets = /* @__PURE__ */ new Map();
  burst;
  /** 0 when the request may proceed, else the seconds until one token is available. */
  take(client, nowMs) {
    if (!(this.rate > 0)) return 0;
    let b = this.buckets.get(client);
    if (!b) {
      if (this.buckets.size > 1e4) this.prune(nowMs);
      b = { tokens: this.burst, at: nowMs };
      this.buckets.set(client, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + (nowMs - b.at) / 1e3 * this.rate);
    b.at = nowMs;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.rate);
  }
  prune(nowMs) {
    for (const [k, b] of this.buckets)
      if (b.tokens + (nowMs - b.at) / 1e3 * this.rate >= this.burst) this.buckets.delete(k);
  }
};

export {
  DEFAULT_LIMITS,
  clientOf,
  SessionQuota,
  RateLimiter
};
