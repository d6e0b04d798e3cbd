/**
 * `gf01 campaign --external-episodes` and the `--adaptation-*` flags: our own play payloads
 * (`gf01 play --out`) are re-scored against the freeze and merged; each tampered or broken
 * item (claimed verdict flipped, instance edited, a duplicate, status not ok, a bad JSONL file)
 * is skipped and recorded with its reason, never a crash, and the campaign still validates.
 * The merged row scores exactly as the row `gf01 play --runs-out` wrote for the same episode.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runGf01 } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "gf01-episodes-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const T = (p: string) => join(tmp, p);
const ok = async (argv: string[]) => {
  const r = await runGf01(argv);
  expect(r.code, `${argv[0]}: ${r.stdout.slice(0, 600)} ${r.stderr}`).toBe(0);
  return r.stdout.trim() ? JSON.parse(r.stdout) : undefined;
};
const jsonl = (f: string) =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const SCORED = [
  "certificate",
  "suff",
  "min1",
  "valid",
  "goal",
  "eff_t",
  "eff_a",
  "ap_f1",
  "ts_f1",
  "agent_name",
  "eval_track",
  "renderer_track",
  "instance_id",
];

describe("campaign --external-episodes", () => {
  it("merges re-scored payloads, skips and records every rejected one, and takes adaptation flags", async () => {
    const git = ["--git-commit", "ep00000"];
    await ok(["freeze-pilot", "--seeds", "300,301", "--out-dir", T("fz"), ...git]);
    const bundle = T("fz/instance_bundle_v1.json");
    for (const i of [0, 1])
      await ok([
        "play",
        "--instances",
        bundle,
        "--instance-index",
        String(i),
        "--agent",
        "online-greedy",
        "--out",
        T(`p${i}.json`),
        "--runs-out",
        T(`play-runs-${i}.jsonl`),
        ...git,
      ]);
    const p0 = JSON.parse(readFileSync(T("p0.json"), "utf8"));
    const p1 = JSON.parse(readFileSync(T("p1.json"), "utf8"));
    // Tampered copies: a flipped claim, an edited instance, a status error; and a duplicate.
    const flipped = structuredClone(p1);
    flipped.actor = "team-x";
    flipped.episode.valid = !p1.episode.valid;
    const edited = structuredClone(p1);
    edited.actor = "team-y";
    edited.instance.t_star = p1.instance.t_star === 0 ? 1 : p1.instance.t_star - 1;
    // Without its content hash the edit parses, and differs from the freeze's instance.
    const rehashed = structuredClone(edited);
    rehashed.actor = "team-w";
    delete rehashed.instance.content_hash;
    if (rehashed.instance.provenance) delete rehashed.instance.provenance.content_hash;
    const notOk = { ...structuredClone(p0), status: "error", actor: "team-z" };
    writeFileSync(T("one.json"), JSON.stringify(p0));
    writeFileSync(T("list.json"), JSON.stringify([p1, flipped, edited, p0, notOk, rehashed]));
    writeFileSync(T("bad.jsonl"), `${JSON.stringify(p0)}\n{not json\n`);

    const c = await ok([
      "campaign",
      "--freeze-dir",
      T("fz"),
      "--out-dir",
      T("c"),
      "--baseline-policy-level",
      "core",
      "--blackbox-panel",
      "none",
      "--external-episodes",
      T("one.json"),
      "--external-episodes",
      T("list.json"),
      "--external-episodes",
      T("bad.jsonl"),
      ...git,
    ]);
    expect(c.status).toBe("ok");
    // Every key of upstream's `pilot-campaign` summary (gf01/commands/pilot.py at bf799d0).
    for (const k of [
      "status",
      "freeze_dir",
      "out_dir",
      "runs_path",
      "validation_path",
      "report_path",
      "build_receipt_path",
      "row_count",
      "renderer_track",
      "baseline_policy_version",
      "baseline_policy_level",
      "baseline_panel_required",
      "renderer_policy_version",
      "renderer_profile_id",
      "baseline_panel",
      "external_runs_count",
      "external_episode_paths_count",
      "external_episode_rows_count",
      "adaptation_condition",
      "adaptation_budget_tokens",
      "adaptation_data_scope",
      "adaptation_protocol_id",
    ])
      expect(c, k).toHaveProperty(k);
    expect(c).toMatchObject({
      baseline_policy_version: "gf01.baseline_panel_policy.v1",
      baseline_panel_required: ["random", "greedy", "oracle"],
      renderer_profile_id: "canonical-json-v1",
      adaptation_condition: "no_adaptation",
    });
    expect(c.external_episode_rows_count).toBe(2);
    const rej = c.external_episode_rejections as Record<string, unknown>[];
    expect(rej.map((r) => [r.path, r.payload_index, r.error_type])).toEqual([
      [T("list.json"), 1, "episode_claim_mismatch"],
      [T("list.json"), 2, "episode_payload_invalid"],
      [T("list.json"), 3, "duplicate_episode"],
      [T("list.json"), 4, "episode_status_not_ok"],
      [T("list.json"), 5, "instance_mismatch"],
      [T("bad.jsonl"), null, "external_episode_invalid"],
    ]);
    expect(String(rej[1].message)).toMatch(/content_hash mismatch/);
    expect(String(rej[5].message)).toMatch(/bad\.jsonl:2: invalid JSON/);
    const receipt = JSON.parse(readFileSync(T("c/build_receipt.json"), "utf8"));
    expect(receipt.external_episode_rejections).toEqual(rej);

    // The merged rows score as `gf01 play --runs-out` scored the same episodes.
    const rows = jsonl(T("c/runs_combined.jsonl")).filter((r) => r.agent_name === p0.actor);
    expect(rows).toHaveLength(2);
    for (const [i, row] of rows.entries()) {
      const played = jsonl(T(`play-runs-${i}.jsonl`))[0];
      for (const k of SCORED) expect(row[k], k).toEqual(played[k]);
    }
    const v = JSON.parse(readFileSync(T("c/official_validation.json"), "utf8"));
    expect(v.status).toBe("ok");

    // Adaptation: an inconsistent condition is refused before anything is written; a
    // consistent one is stamped on the panel rows.
    const bad = await runGf01([
      "campaign",
      "--freeze-dir",
      T("fz"),
      "--out-dir",
      T("c2"),
      "--baseline-policy-level",
      "core",
      "--adaptation-condition",
      "prompt_adaptation",
    ]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error_type).toBe("adaptation_policy_violation");
    const a = await ok([
      "campaign",
      "--freeze-dir",
      T("fz"),
      "--out-dir",
      T("c3"),
      "--baseline-policy-level",
      "core",
      "--blackbox-panel",
      "none",
      "--adaptation-condition",
      "prompt_adaptation",
      "--adaptation-budget-tokens",
      "512",
      "--adaptation-data-scope",
      "public_only",
      "--adaptation-protocol-id",
      "fewshot-v1",
      ...git,
    ]);
    expect(a).toMatchObject({ adaptation_condition: "prompt_adaptation", adaptation_budget_tokens: 512 });
    for (const r of jsonl(T("c3/runs_combined.jsonl")))
      expect(r).toMatchObject({
        adaptation_condition: "prompt_adaptation",
        adaptation_budget_tokens: 512,
        adaptation_data_scope: "public_only",
        adaptation_protocol_id: "fewshot-v1",
      });
  }, 120_000);
});
