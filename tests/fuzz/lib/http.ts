/**
 * HTTP bodies for the play API, in-process (startPlayServer on loopback): session creation
 * and actions with mutated and random bodies, odd methods and paths. Contract: every answer
 * is JSON with a status below 500 (4xx with an error code for bad input), and the server keeps
 * answering. Bugs in src/gf01/server/** are reported, not fixed here (another owner).
 */
import { Agent, request } from "node:http";
import fc from "fast-check";
import { byteMutations, hostileValue, mutationsOf } from "./mutate.js";

export interface HttpReply {
  status: number;
  body: string;
}

// No keep-alive: a 413 closes its connection, which a reused socket would see as a reset.
const agent = new Agent({ keepAlive: false, maxSockets: 4 });

export function send(
  base: string,
  method: string,
  path: string,
  body?: string | Uint8Array,
  contentType = "application/json",
): Promise<HttpReply> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent,
        headers: body === undefined ? {} : { "content-type": contentType },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (e) => reject(new Error(`response: ${e.message}`)));
      },
    );
    // A server may answer (404, 405, 413) before reading a large body, then close: the rest
    // of our write fails with EPIPE/ECONNRESET, which is not a server failure.
    req.on("error", (e) => {
      if (!answered) reject(new Error(`${method} ${path}: ${e.message}`));
    });
    req.end(body);
  });
}

const decode = (b: string | Uint8Array) => (typeof b === "string" ? b : Buffer.from(b).toString("latin1"));

const CREATE = JSON.stringify({
  instance_index: 0,
  protocol: "explore_then_commit",
  explore_episodes: 1,
  agent_name: "fuzz-client",
  renderer_track: "json",
});
const ACTION = JSON.stringify({ in0: 1, in1: 0 });

export const createBody = fc.oneof(
  { weight: 4, arbitrary: mutationsOf(CREATE, "json").map(decode) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: hostileValue.map((v) =>
      JSON.stringify({ instance_index: v, instance_id: v, player_id: v, explore_episodes: v }),
    ),
  },
);
export const actionBody = fc.oneof(
  { weight: 4, arbitrary: mutationsOf(ACTION, "json").map(decode) },
  { weight: 1, arbitrary: byteMutations(ACTION).map(decode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"type":"commit"}',
      '{"type":"action","set":{"in0":"1"}}',
      "x".repeat(70_000),
      "{}".repeat(10),
    ),
  },
);
export const oddPath = fc.oneof(
  fc.constantFrom(
    "/api/gf01",
    "/api/gf01/",
    "/api/gf01/sessions/",
    "/api/gf01/sessions//actions",
    "/api/gf01/sessions/%2e%2e/result",
    "/api/gf01/../../etc/passwd",
    "/api/gf01/instances?x=%ff",
    "/api/gf01/sessions/x/y/z",
  ),
  fc.string({ maxLength: 20 }).map((s) => `/api/gf01/${encodeURIComponent(s)}`),
);
export const method = fc.constantFrom("GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD");

/** Why a reply breaks the contract, or undefined. */
export function replyViolation(r: HttpReply, what: string): string | undefined {
  if (r.status >= 500 || r.status === 0) return `${what}: HTTP ${r.status} ${r.body.slice(0, 300)}`;
  if (r.status >= 400 && r.body !== "") {
    try {
      const j = JSON.parse(r.body);
      if (typeof j?.error?.code !== "string")
        return `${what}: ${r.status} without error.code: ${r.body.slice(0, 200)}`;
    } catch {
      return `${what}: ${r.status} body is not JSON: ${r.body.slice(0, 200)}`;
    }
  }
  return undefined;
}

export const closeAgent = () => agent.destroy();
