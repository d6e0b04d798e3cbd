/**
 * External play payloads in a campaign (`gf01 campaign --external-episodes FILE…`, official
 * `pilot-campaign --external-episodes`): each payload (`gf01 play --out`, a `.json` object or
 * list, or `.jsonl`) becomes a run row re-scored against the **freeze's** instance, never the
 * payload's own copy: the payload's instance must be the freeze's instance of that id, field
 * for field (the official harness scores the instance the payload carries, so an edited
 * instance scores as whatever it claims). The episode's claimed `suff/min1/valid/goal` must
 * equal the verifier's (official rule). A payload that fails any check is **skipped and
 * recorded** with its file, index and reason (upstream stops the campaign at the first one).
 */
import { readFileSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { type LoadedBundle, instanceToDict, parseBundleInstance } from "../artifacts/bundle.js";
import { ALLOWED_EVAL_TRACKS, ALLOWED_RENDERER_TRACKS } from "../artifacts/meta.js";
import {
  adaptationPolicyError,
  buildRunRecord,
  evaluateToolPolicyError,
  type RunMeta,
} from "../artifacts/run-record.js";
import { stableHash } from "../artifacts/pyout.js";
import { compileInstance } from "../model/compile.js";
import { parseCertificate } from "../model/certificate.js";
import { scoreCertificate } from "../verify/score.js";

export interface EpisodeRejection {
  path: string;
  /** Index of the payload in its file (null: the file as a whole). */
  payload_index: number | null;
  instance_id: string | null;
  error_type: string;
  message: string;
}

/** The payloads of one file: a JSON object, a JSON list, or JSONL (by the `.jsonl` suffix). */
export function readEpisodePayloads(file: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read external episode file: ${(e as NodeJS.ErrnoException).code}`, {
      file,
      field: "external-episodes",
    });
  }
  if (file.toLowerCase().endsWith(".jsonl")) {
    const out: unknown[] = [];
    text.split("\n").forEach((l, i) => {
      if (!l.trim()) return;
      try {
        out.push(JSON.parse(l));
      } catch (e) {
        throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line: i + 1 });
      }
    });
    if (!out.length) throw new InputError("external episode file is empty", { file });
    return out;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  if (Array.isArray(v)) {
    if (!v.length) throw new InputError("external episode file is empty", { file });
    return v;
  }
  if (v && typeof v === "object") return [v];
  throw new InputError("external episode payload must be a JSON object, a list of them, or JSONL", { file });
}

class Reject extends Error {
  constructor(
    readonly error_type: string,
    message: string,
  ) {
    super(message);
  }
}

const obj = (v: unknown, field: string): Record<string, unknown> => {
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new Reject("episode_payload_invalid", `${field} must be a JSON object`);
  return v as Record<string, unknown>;
};
const str = (v: unknown, dflt: string): string =>
  v === undefined || v === null ? dflt : String(v).trim() || dflt;

/**
 * One payload → a run row scored against the freeze, or the reason it is rejected.
 * `meta` carries the campaign's provenance (versions, git commit, config hash).
 */
export function episodeRow(
  payload: unknown,
  freeze: LoadedBundle,
  meta: RunMeta,
  pool: "complete" | "official",
):
  | { ok: true; row: Record<string, unknown>; key: string }
  | { ok: false; instance_id: string | null; error_type: string; message: string } {
  let instanceId: string | null = null;
  try {
    const p = obj(payload, "payload");
    if (str(p.status, "").toLowerCase() !== "ok")
      throw new Reject(
        "episode_status_not_ok",
        `status must be "ok", got ${JSON.stringify(p.status ?? null)}`,
      );
    const instRaw = obj(p.instance, "instance");
    instanceId = typeof instRaw.instance_id === "string" ? instRaw.instance_id : null;
    const episode = obj(p.episode, "episode");
    const contract = obj(p.run_contract, "run_contract");
    if (instanceId === null)
      throw new Reject("episode_payload_invalid", "instance.instance_id must be a string");
    const ours = freeze.byId.get(instanceId);
    if (!ours) throw new Reject("instance_not_in_freeze", `instance ${instanceId} is not in the freeze`);
    let theirs: ReturnType<typeof parseBundleInstance>["instance"];
    try {
      theirs = parseBundleInstance([instRaw], undefined, instanceId).instance;
    } catch (e) {
      throw new Reject("episode_payload_invalid", `instance: ${(e as Error).message}`);
    }
    if (!theirs || stableHash(instanceToDict(theirs)) !== stableHash(instanceToDict(ours)))
      throw new Reject(
        "instance_mismatch",
        `the payload's instance ${instanceId} differs from the freeze's instance of that id`,
      );
    const epId = str(episode.instance_id, "");
    if (epId && epId !== instanceId)
      throw new Reject(
        "episode_instance_mismatch",
        `episode.instance_id ${epId} != instance.instance_id ${instanceId}`,
      );
    let cert: ReturnType<typeof parseCertificate>;
    try {
      cert = parseCertificate(episode.certificate ?? [], "episode.certificate");
    } catch (e) {
      throw new Reject("episode_payload_invalid", (e as Error).message);
    }
    const ci = freeze.compiled?.get(instanceId) ?? compileInstance(ours);
    const score = scoreCertificate(ci, cert, { bestMatch: { pool } });
    for (const f of ["suff", "min1", "valid", "goal"] as const)
      if (f in episode && Boolean(episode[f]) !== score[f])
        throw new Reject(
          "episode_claim_mismatch",
          `episode.${f}=${JSON.stringify(episode[f])} but the verifier says ${score[f]}`,
        );
    const evalTrack = str(contract.eval_track, "EVAL-CB");
    if (!(ALLOWED_EVAL_TRACKS as readonly string[]).includes(evalTrack))
      throw new Reject("track_policy_violation", `unsupported eval_track ${evalTrack}`);
    const rendererTrack = str(contract.renderer_track, ours.renderer_track ?? "json");
    if (!(ALLOWED_RENDERER_TRACKS as readonly string[]).includes(rendererTrack))
      throw new Reject("renderer_policy_violation", `unsupported renderer_track ${rendererTrack}`);
    const allowlist = str(contract.tool_allowlist_id, "none");
    const toolHash = str(contract.tool_log_hash, "");
    const tp = evaluateToolPolicyError(evalTrack, allowlist, toolHash);
    if (tp) throw new Reject("track_policy_violation", tp);
    const budget = contract.adaptation_budget_tokens ?? 0;
    if (!Number.isInteger(budget))
      throw new Reject("adaptation_policy_violation", "adaptation_budget_tokens must be an integer");
    const adaptation = {
      adaptation_condition: str(contract.adaptation_condition, "no_adaptation"),
      adaptation_budget_tokens: budget as number,
      adaptation_data_scope: str(contract.adaptation_data_scope, "none"),
      adaptation_protocol_id: str(contract.adaptation_protocol_id, "none"),
    };
    const ap = adaptationPolicyError(
      adaptation.adaptation_condition,
      adaptation.adaptation_budget_tokens,
      adaptation.adaptation_data_scope,
      adaptation.adaptation_protocol_id,
    );
    if (ap) throw new Reject("adaptation_policy_violation", ap);
    const agentName = str(p.actor, "external-episode");
    const playProtocol = str(contract.play_protocol, "commit_only");
    const row = buildRunRecord(
      {
        instance_id: instanceId,
        eval_track: evalTrack,
        renderer_track: rendererTrack,
        agent_name: agentName,
        certificate: cert,
      },
      score,
      ours,
      {
        ...meta,
        tool_allowlist_id: allowlist,
        tool_log_hash: toolHash,
        play_protocol: playProtocol,
        scored_commit_episode: true,
        ...(typeof contract.renderer_policy_version === "string"
          ? { renderer_policy_version: contract.renderer_policy_version }
          : {}),
        ...(typeof contract.renderer_profile_id === "string"
          ? { renderer_profile_id: contract.renderer_profile_id }
          : {}),
        ...adaptation,
      },
    );
    return { ok: true, row, key: `${agentName}\u0000${instanceId}\u0000${evalTrack}` };
  } catch (e) {
    if (e instanceof Reject)
      return { ok: false, instance_id: instanceId, error_type: e.error_type, message: e.message };
    if (e instanceof InputError)
      return {
        ok: false,
        instance_id: instanceId,
        error_type: "episode_payload_invalid",
        message: e.message,
      };
    throw e;
  }
}

/**
 * Every payload of every file: the accepted rows (in file, then payload order) and the
 * rejections. A second payload of the same agent, instance and track is rejected
 * (`duplicate_episode`): the run-record rules allow one scored row per triple. A file that
 * cannot be read or parsed is one rejection (`payload_index: null`).
 */
export function externalEpisodeRows(
  files: readonly string[],
  freeze: LoadedBundle,
  meta: RunMeta,
  pool: "complete" | "official",
): {
  rows: Record<string, unknown>[];
  rejected: EpisodeRejection[];
  per_file: { path: string; rows: number }[];
} {
  const rows: Record<string, unknown>[] = [];
  const rejected: EpisodeRejection[] = [];
  const perFile: { path: string; rows: number }[] = [];
  const seen = new Set<string>();
  for (const path of files) {
    let payloads: unknown[];
    try {
      payloads = readEpisodePayloads(path);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      rejected.push({
        path,
        payload_index: null,
        instance_id: null,
        error_type: "external_episode_invalid",
        message: e.message,
      });
      perFile.push({ path, rows: 0 });
      continue;
    }
    let n = 0;
    payloads.forEach((payload, i) => {
      const r = episodeRow(payload, freeze, meta, pool);
      if (!r.ok) {
        rejected.push({
          path,
          payload_index: i,
          instance_id: r.instance_id,
          error_type: r.error_type,
          message: r.message,
        });
        return;
      }
      if (seen.has(r.key)) {
        rejected.push({
          path,
          payload_index: i,
          instance_id: String(r.row.instance_id),
          error_type: "duplicate_episode",
          message: `a second episode of ${String(r.row.agent_name)} on ${String(r.row.instance_id)} (${String(r.row.eval_track)}); the first is kept`,
        });
        return;
      }
      seen.add(r.key);
      rows.push(r.row);
      n++;
    });
    perFile.push({ path, rows: n });
  }
  return { rows, rejected, per_file: perFile };
}
