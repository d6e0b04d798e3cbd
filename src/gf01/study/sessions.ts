/**
 * `p0-session-check` and `p0-gate` (DEC-101f/g), pure: the feedback table and a session lookup
 * in, the official payload out (`gf01.p0_session_check.v1`, `gf01.p0_gate.v1`).
 *
 * Official rule: for every feedback row and every seed in its `seed_list_run`, the session
 * `<runs-dir>/<tester_id>_<seed>.json` exists, has `status: "ok"`, `instance.seed == seed`,
 * `run_contract.renderer_track` = the required track and `run_contract.visual_backend` = the
 * row's `backend_used`. `strict` (our default) adds, per session: the actor is a person
 * (`human-terminal`, `human-web`, or another `human-…` condition), the instance's `content_hash`
 * is the pack's instance for that seed, and the episode is of that instance. Every failure is
 * also one line in `failure_reasons` (`missing_session: …`, `actor_not_human: …`).
 */
import { PyFloat } from "../../core/pyjson.js";
import { badRowsResult, type CsvTable, feedbackCheck, feedbackTableError } from "./feedback.js";
import { verdictHead } from "../report/verdict.js";

export const SESSION_CHECK_SCHEMA = "gf01.p0_session_check.v1";
export const GATE_SCHEMA = "gf01.p0_gate.v1";

/** A session as found: a payload (parsed, or the parse error) at `path`, or nothing. */
export type FoundSession =
  | { path: string; missing: true }
  | { path: string; missing?: false; value?: unknown; invalidJson?: boolean };

export type SessionLookup = (testerId: string, seed: number) => FoundSession;

/** The seed pack's instances, for the strict checks. */
export interface PackIndex {
  path: string;
  /** seed → content_hash of the pack's instance for that seed. */
  hashBySeed: Map<number, string>;
}

export interface SessionCheckOptions {
  requiredRendererTrack?: string;
  strict?: boolean;
  /** Required in strict mode. */
  pack?: PackIndex;
}

type Payload = Record<string, unknown>;
type Issue = Record<string, unknown>;

/** Official `parse_seed_list_flexible`: `;`, `,` or whitespace separated, de-duplicated in order. */
export function parseSeedList(text: string): number[] | undefined {
  const seeds: number[] = [];
  for (const chunk of text.replace(/;/g, ",").split(",")) {
    for (const tok of chunk.trim().split(/\s+/)) {
      if (!tok) continue;
      const t = tok.replace(/_/g, "");
      if (!/^[+-]?\d+$/.test(t)) return undefined;
      seeds.push(Number.parseInt(t, 10));
    }
  }
  return [...new Set(seeds)];
}

/** Python `int(v)` for a decoded JSON value; undefined where Python raises. */
function pyInt(v: unknown): number | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : undefined;
  if (v instanceof PyFloat) return Number.isFinite(v.value) ? Math.trunc(v.value) : undefined;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v.replace(/_/g, "")))
    return Number.parseInt(v.replace(/_/g, ""), 10);
  return undefined;
}

const str = (v: unknown): string =>
  v === undefined || v === null ? "" : typeof v === "string" ? v : String(v);
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** A person's condition: `human-terminal` (gf01 play), `human-web` (gf01 serve) or `human-…`. */
export const isHumanActor = (actor: string): boolean => /^human(-|$)/.test(actor);

/** The official per-payload checks, then the strict ones; the first failing check is the issue. */
function sessionIssue(
  found: Exclude<FoundSession, { missing: true }>,
  seed: number,
  backend: string,
  o: Required<Pick<SessionCheckOptions, "requiredRendererTrack" | "strict">> & SessionCheckOptions,
): Issue | undefined {
  if (found.invalidJson) return { issue: "invalid_json" };
  const p = found.value;
  if (!isObj(p)) return { issue: "payload_not_object" };
  if (str(p.status).trim() !== "ok") return { issue: "payload_status_not_ok" };
  const inst = p.instance;
  if (!isObj(inst)) return { issue: "missing_instance_object" };
  const pseed = pyInt(inst.seed ?? null);
  if (pseed === undefined) return { issue: "invalid_instance_seed" };
  if (pseed !== seed) return { issue: "instance_seed_mismatch", payload_seed: pseed };
  const rc = p.run_contract;
  if (!isObj(rc)) return { issue: "missing_run_contract_object" };
  const track = str(rc.renderer_track).trim();
  if (track !== o.requiredRendererTrack)
    return {
      issue: "renderer_track_mismatch",
      required_renderer_track: o.requiredRendererTrack,
      payload_renderer_track: track,
    };
  if (backend) {
    const pb = str(rc.visual_backend).trim().toLowerCase();
    if (pb !== backend)
      return { issue: "visual_backend_mismatch", feedback_backend: backend, payload_backend: pb };
  }
  if (!o.strict) return undefined;
  const actor = str(p.actor).trim();
  if (!isHumanActor(actor)) return { issue: "actor_not_human", payload_actor: actor };
  const want = o.pack?.hashBySeed.get(seed);
  if (want === undefined) return { issue: "seed_not_in_pack", pack: o.pack?.path ?? "" };
  const got = str(inst.content_hash).trim();
  if (got !== want)
    return { issue: "instance_not_in_pack", payload_content_hash: got, pack_content_hash: want };
  const ep = p.episode;
  if (!isObj(ep) || str(ep.instance_id) !== str(inst.instance_id))
    return { issue: "episode_instance_mismatch" };
  return undefined;
}

/** `p0-session-check` over a parsed feedback CSV. */
export function sessionCheck(
  table: CsvTable,
  feedbackPath: string,
  runsDir: string,
  lookup: SessionLookup,
  opts: SessionCheckOptions = {},
): { ok: boolean; payload: Payload; error?: string } {
  const o = { requiredRendererTrack: "visual", strict: true, ...opts };
  const tableErr = feedbackTableError(table, ["tester_id", "backend_used", "seed_list_run"]);
  if (tableErr) return { ok: false, payload: tableErr, error: `${feedbackPath}: ${tableErr.message}` };
  const badSeedRows: string[] = [];
  let expected = 0;
  let found = 0;
  const missing: Issue[] = [];
  const issues: Issue[] = [];
  const reasons: string[] = [];
  table.rows.forEach((row, idx) => {
    const tester = str(row.tester_id).trim() || `row-${idx + 1}`;
    const backend = str(row.backend_used).trim().toLowerCase();
    const seeds = parseSeedList(str(row.seed_list_run).trim());
    if (!seeds?.length) {
      badSeedRows.push(tester);
      return;
    }
    for (const seed of seeds) {
      expected++;
      const f = lookup(tester, seed);
      if (f.missing) {
        missing.push({ tester_id: tester, seed, path: f.path });
        reasons.push(`missing_session: ${tester} seed ${seed} (${f.path})`);
        continue;
      }
      found++;
      const issue = sessionIssue(f, seed, backend, o);
      if (issue) {
        issues.push({ tester_id: tester, seed, path: f.path, ...issue });
        reasons.push(`${issue.issue}: ${tester} seed ${seed} (${f.path})`);
      }
    }
  });
  if (badSeedRows.length)
    return badRowsResult({
      errorType: "feedback_seed_list_error",
      message: "feedback rows contain invalid or empty seed_list_run values",
      badRows: badSeedRows,
      error: `${feedbackPath}: invalid or empty seed_list_run in rows ${badSeedRows.join(", ")}`,
    });
  const passed = !missing.length && !issues.length;
  const payload: Payload = {
    ...verdictHead(passed, "p0_session_coverage_failed"),
    schema_version: SESSION_CHECK_SCHEMA,
    feedback_path: feedbackPath,
    runs_dir: runsDir,
    required_renderer_track: o.requiredRendererTrack,
    tester_count: table.rows.length,
    expected_session_count: expected,
    found_session_count: found,
    missing_session_count: missing.length,
    payload_issue_count: issues.length,
    missing_sessions_preview: missing.slice(0, 50),
    payload_issues_preview: issues.slice(0, 50),
    passed,
  };
  if (o.strict) {
    payload.strict = true;
    payload.pack_path = o.pack?.path ?? "";
    payload.failure_reasons = reasons;
  }
  return { ok: passed, payload, error: passed ? undefined : `p0 session check failed: ${reasons[0]}` };
}

/** `p0-gate`: the session check, then (only if it passed) the feedback check (DEC-101g). */
export function p0Gate(
  table: CsvTable,
  feedbackPath: string,
  runsDir: string,
  lookup: SessionLookup,
  opts: SessionCheckOptions & { minScore?: number; minRatio?: number } = {},
): { ok: boolean; payload: Payload; error?: string } {
  const s = sessionCheck(table, feedbackPath, runsDir, lookup, opts);
  const strict = opts.strict ?? true;
  const reasons = (p: Payload): string[] =>
    Array.isArray(p.failure_reasons) ? (p.failure_reasons as string[]) : [];
  // A failed gate names the check that failed, carries the checks run so far, and (strict)
  // that check's failure reasons.
  const failed = (
    error_type: string,
    check: { payload: Payload; error?: string },
    checks: Payload,
  ): { ok: boolean; payload: Payload; error?: string } => {
    const payload: Payload = {
      status: "error",
      error_type,
      schema_version: GATE_SCHEMA,
      passed: false,
      ...checks,
    };
    if (strict) payload.failure_reasons = reasons(check.payload);
    return { ok: false, payload, error: check.error };
  };
  if (!s.ok) return failed("p0_gate_session_check_failed", s, { session_check: s.payload });
  const f = feedbackCheck(table, feedbackPath, { minScore: opts.minScore, minRatio: opts.minRatio, strict });
  if (!f.ok)
    return failed("p0_gate_feedback_check_failed", f, {
      session_check: s.payload,
      feedback_check: f.payload,
    });
  const payload: Payload = {
    status: "ok",
    schema_version: GATE_SCHEMA,
    passed: true,
    session_check: s.payload,
    feedback_check: f.payload,
  };
  if (strict) payload.failure_reasons = [];
  return { ok: true, payload };
}
