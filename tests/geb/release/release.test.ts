/**
 * `geb release`: the matrix (PASS, MISSING, FAIL and stale cases) against the reference's
 * structure and its renderer's outputs, the reliability signal R / P / II equal to the
 * reference's check_reliability_signal.py within 1e-12 on the same files, the contract's
 * validation errors, the no-model `release` run, and one family over a loopback
 * OpenAI-compatible server. Expected values: tests/fixtures/geb/release/expected.json,
 * recorded by running the reference scripts (make_expected.py; inputs from make_artifacts.sh).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { main } from "../../../src/geb/cli/main.js";
import { programAnswer } from "../../../src/geb/release/builtin.js";
import { loadContract, runReleaseMatrix, runReleaseSignal } from "../../../src/geb/release/run.js";
import type { ReleaseMatrix, ReleaseSignal } from "../../../src/geb/release/schema.js";
import { releaseMatrixSchema, releaseSignalSchema } from "../../../src/geb/release/schema.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import type { TrapRunSummary } from "../../../src/geb/trap/framework.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { runIn } from "../../helpers/cli-in.js";

const FX = "tests/fixtures/geb/release";
const ART = join(FX, "artifacts");
const expected = JSON.parse(readFileSync(join(FX, "expected.json"), "utf8"));

const geb = (args: string[]) => runIn(main, args);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "geb-release-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("release matrix over existing artifacts", () => {
  let m: ReleaseMatrix;
  let out: string;
  beforeAll(async () => {
    out = join(dir, "m1");
    m = (await runReleaseMatrix({ outDir: out, useExisting: ART, runId: "fixture-run" })).matrix;
  });
  const row = (id: string) => m.families.find((r) => r.id === id)!;

  it("has the reference's fields (wall-clock ones replaced by the run id and stamps) and validates", () => {
    // Keys of run_release_reliability_matrix.ps1's payload and family rows.
    const refTop = [
      "benchmark",
      "contract_id",
      "contract_version",
      "contract_path",
      "strict_release",
      "coverage",
      "families",
      "failing_families",
      "freshness_violations",
      "status",
      "failures",
    ];
    const refRow = [
      "id",
      "artifact_path",
      "stage",
      "canary_policy",
      "allowed_statuses",
      "status",
      "first_failure_reason",
      "produced_in_this_run",
      "producer_attempted",
      "producer_succeeded",
      "freshness_ok",
      "freshness_reason",
      "producer_exit_code",
    ];
    for (const k of refTop) expect(m).toHaveProperty(k);
    for (const k of refRow) expect(m.families[0]).toHaveProperty(k);
    expect(Object.keys(m.coverage)).toEqual([
      "required_total",
      "produced_total",
      "coverage_rate",
      "missing_families",
    ]);
    expect(Object.keys(m.failing_families[0])).toEqual([
      "id",
      "status",
      "canary_policy",
      "first_failure_reason",
      "allowed_statuses",
    ]);
    expect(releaseMatrixSchema.safeParse(m).success).toBe(true);
  });

  it("PASS, MISSING, FAIL and stale families", () => {
    expect(row("authority_under_interference")).toMatchObject({
      status: "PASS",
      freshness_ok: true,
      first_failure_reason: "",
    });
    expect(row("rpa_mode_switch")).toMatchObject({
      status: "MISSING",
      first_failure_reason: "artifact_missing",
      freshness_ok: false,
    });
    expect(row("novel_continuity").status).toBe("FAIL");
    expect(row("novel_continuity").first_failure_reason).toMatch(/^run 1: anchors value_acc < 0.8/);
    expect(row("novel_continuity").failed_row_ids).toHaveLength(8);
    expect(row("intent_spec_layer")).toMatchObject({
      status: "PASS",
      freshness_ok: false,
      freshness_reason: "stamp_from_other_run(earlier-run)",
      first_failure_reason: "freshness:stamp_from_other_run(earlier-run)",
    });
    expect(row("noise_escalation").freshness_reason).toBe("artifact_changed_after_stamp");
    expect(row("compression").members).toEqual(["compression_loss_bounded", "compression_recoverability"]);
    expect(m.coverage).toEqual({
      required_total: 16,
      produced_total: 15,
      coverage_rate: 15 / 16,
      missing_families: ["rpa_mode_switch"],
    });
    expect(m.freshness_violations).toEqual([
      "rpa_mode_switch:artifact_missing",
      "intent_spec_layer:stamp_from_other_run(earlier-run)",
      "noise_escalation:artifact_changed_after_stamp",
    ]);
    expect(m.status).toBe("FAIL");
    expect(m.failures[0]).toBe("missing_families: rpa_mode_switch");
  });

  it("failure report and row-id files equal the reference renderer's on the same matrix", () => {
    const report = readFileSync(join(out, "release_matrix_failures.txt"), "utf8");
    const sections = report.split("\n\n").slice(1);
    expect(sections.map((s) => s.split("\n")[0])).toEqual(
      Object.keys(expected.renderer.sections).map((k) => `[${k}]`),
    );
    for (const s of sections) {
      const id = s.split("\n")[0].slice(1, -1);
      const composite = id === "compression";
      const keep = (l: string) =>
        l.startsWith("- matrix_status") ||
        l.startsWith("- matrix_reason") ||
        (!composite &&
          (l.startsWith("- holdout_status") ||
            l.startsWith("- holdout_failed_row_count") ||
            l.startsWith("  - {")));
      const want = (expected.renderer.sections[id] as string[]).filter(keep);
      expect(s.split("\n").filter(keep), id).toEqual(want);
    }
    for (const [name, text] of Object.entries(expected.renderer.rows_files as Record<string, string>))
      expect(readFileSync(join(out, "rows", name), "utf8"), name).toBe(text);
  });

  it("is deterministic: the same inputs give byte-identical matrix JSON; stale row-id files are removed", async () => {
    const again = join(dir, "m1-again");
    await runReleaseMatrix({ outDir: again, useExisting: ART, runId: "fixture-run" });
    expect(readFileSync(join(again, "release_matrix.json"), "utf8")).toBe(
      readFileSync(join(out, "release_matrix.json"), "utf8"),
    );
    const clean = join(dir, "m1-clean");
    cpSync(join(out, "rows"), join(clean, "rows"), { recursive: true });
    writeFileSync(join(clean, "rows", "mine.txt"), "kept");
    const contract = JSON.parse(readFileSync("configs/release_gate_contract.json", "utf8"));
    contract.strict_release.required_reliability_families = [
      { id: "authority_under_interference", stage: "target", allowed_statuses: ["PASS"] },
    ];
    const cf = join(dir, "one-family.json");
    writeFileSync(cf, JSON.stringify(contract));
    await runReleaseMatrix({ outDir: clean, useExisting: ART, runId: "fixture-run", contractFile: cf });
    expect(existsSync(join(clean, "rows", "failed_row_ids.txt"))).toBe(false);
    expect(readFileSync(join(clean, "rows", "mine.txt"), "utf8")).toBe("kept");
  });

  it("without --run-id existing artifacts are never fresh under must_regenerate_this_run (reference)", async () => {
    const r = (await runReleaseMatrix({ outDir: join(dir, "m2"), useExisting: ART })).matrix;
    expect(new Set(r.families.map((f) => f.freshness_reason))).toEqual(
      new Set(["not_regenerated_in_this_run"]),
    );
    const contract = JSON.parse(readFileSync("configs/release_gate_contract.json", "utf8"));
    contract.strict_release.freshness_policy = "allow_latest";
    const cf = join(dir, "allow-latest.json");
    writeFileSync(cf, JSON.stringify(contract));
    const a = (await runReleaseMatrix({ outDir: join(dir, "m3"), useExisting: ART, contractFile: cf }))
      .matrix;
    expect(a.freshness_violations).toEqual([]);
  });
});

describe("contract validation", () => {
  const bad = (
    edit: (c: {
      strict_release: { required_reliability_families: { stage?: string; members?: string[] }[] };
    }) => void,
  ): string => {
    const c = JSON.parse(readFileSync("configs/release_gate_contract.json", "utf8"));
    edit(c);
    const f = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(f, JSON.stringify(c, null, 2));
    return f;
  };
  it("names file, line and field", () => {
    const f1 = bad((c) => {
      c.strict_release.required_reliability_families[2].stage = "final";
    });
    expect(() => loadContract(f1)).toThrow(InputError);
    try {
      loadContract(f1);
    } catch (e) {
      const err = e as InputError;
      expect(err.field).toBe("strict_release.required_reliability_families[2].stage");
      expect(readFileSync(f1, "utf8").split("\n")[err.line! - 1]).toContain('"stage": "final"');
    }
    const f2 = bad((c) => {
      c.strict_release.required_reliability_families[0].members![1] = "compression_nope";
    });
    try {
      loadContract(f2);
      expect.unreachable();
    } catch (e) {
      const err = e as InputError;
      expect(err.message).toMatch(/compression_nope is not a trap family/);
      expect(err.field).toBe("strict_release.required_reliability_families[0].members[1]");
      expect(readFileSync(f2, "utf8").split("\n")[err.line! - 1]).toContain('"compression_nope"');
    }
    const text = readFileSync("configs/release_gate_contract.json", "utf8").replace(
      '"stage": "target",',
      '"stage": "target",,',
    );
    writeFileSync(join(dir, "broken.json"), text);
    const line = text.split("\n").findIndex((l) => l.includes(",,")) + 1;
    expect(() => loadContract(join(dir, "broken.json"))).toThrow(
      new RegExp(`broken.json:${line}: invalid JSON`),
    );
  });
});

describe("reliability signal", () => {
  const close = (a: unknown, b: unknown, path = ""): void => {
    if (typeof b === "number") {
      expect(typeof a, path).toBe("number");
      expect(Math.abs((a as number) - b), path).toBeLessThanOrEqual(1e-12);
    } else if (b === null) expect(a, path).toBeNull();
    else
      for (const [k, v] of Object.entries(b as object))
        close((a as Record<string, unknown>)[k], v, `${path}.${k}`);
  };

  it("R / P / II equal the reference on the same files (all families, release floors)", () => {
    const s = runReleaseSignal({ dir: ART, ragSummary: join(FX, "strict_summary.json"), profile: "release" });
    close(s.derived, expected.signal_full.derived);
    expect(releaseSignalSchema.safeParse(s).success).toBe(true);
    const lines = (expected.signal_full.strict_lines as string[]).map((l) => l.slice(1, 5));
    expect(s.checks.filter((c) => c.name.startsWith("strict.")).map((c) => c.status)).toEqual(lines);
    expect(s.status).toBe("FAIL");
    expect(s.failures).toContain("derived.reasoning_score < 0.98");
  });

  it("without the hardening and epistemic files (authority from the base family)", () => {
    const d = join(dir, "partial");
    cpSync(ART, d, { recursive: true });
    rmSync(join(d, "families/authority_under_interference_hardening"), { recursive: true });
    rmSync(join(d, "families/epistemic_calibration_suite"), { recursive: true });
    const s = runReleaseSignal({ dir: d, ragSummary: join(FX, "strict_summary.json"), profile: "release" });
    close(s.derived, expected.signal_partial.derived);
    expect(s.derived.reasoning_components.epistemic_core).toBeNull();
  });

  it("no strict RAG summary: the strict checks are MISSING, never PASS; the no-model signal is beside it", () => {
    const s: ReleaseSignal = runReleaseSignal({ dir: ART, profile: "fastlocal" });
    const strict = s.checks.filter((c) => c.name.startsWith("strict."));
    expect(strict.length).toBe(9);
    expect(new Set(strict.map((c) => c.status))).toEqual(new Set(["MISSING"]));
    expect(s.status).toBe("FAIL");
    expect(s.derived.reasoning_components.strict_core).toBeNull();
    // The no-model programs (best of lookup / fold / rule per family) beat this lookup-answered run.
    expect(s.no_model.planning_score).toBe(1);
    expect(s.no_model.programs.implication_coherence_core).toBe("implication_coherence:rule");
    expect(s.model_above_no_model).toBe(false);
    expect(s.warnings.length).toBe(3);
  });
});

describe("release run (no-model programs) and a loopback model", () => {
  it("runs the whole contract end to end with builtin:trap-rule, labelled a no-model run", async () => {
    const out = join(dir, "run");
    const r = await geb([
      "release",
      "run",
      "--profile",
      "fastlocal",
      "--size",
      "smoke",
      "--model",
      "builtin:trap-rule",
      "--rag-summary",
      join(FX, "strict_summary.json"),
      "--out-dir",
      out,
      "--no-progress",
    ]);
    expect(r.code).toBe(1); // smoke sizes: several anchors floors cannot be met (docs/geb/release.md)
    expect(r.out).toContain("NO-MODEL run (builtin:trap-rule): the programs' results, not a model score");
    // A given summary: no strict RAG step, its checks read from the file.
    expect(r.out).not.toContain("strict RAG preset");
    expect(r.out).toContain("[PASS] strict.status");
    expect(r.out).not.toContain("[MISSING]");
    const m = JSON.parse(readFileSync(join(out, "release_matrix.json"), "utf8")) as ReleaseMatrix;
    expect(m.subject).toBe("no-model");
    expect(m.coverage.produced_total).toBe(16);
    expect(m.freshness_violations).toEqual([]);
    expect(m.families.every((f) => f.produced_in_this_run)).toBe(true);
    // Through the engine, the program answers score exactly what the framework's own
    // program baseline scores on the same rows (rendering and parsing lose nothing).
    for (const f of m.families)
      for (const id of f.members) {
        const s = JSON.parse(
          readFileSync(join(out, "families", id, "run-1", `${id}_summary.json`), "utf8"),
        ) as TrapRunSummary;
        const b = s.baselines.baselines;
        const program = trapFamily(id)!.rulePrediction ? b.rule! : b.fold;
        expect(s.holdout.means, id).toEqual(program.holdout.means);
      }
    const sig = JSON.parse(readFileSync(join(out, "reliability_signal.json"), "utf8")) as ReleaseSignal;
    expect(sig.subject).toBe("no-model");
    expect(sig.warnings.length).toBeGreaterThan(0); // a no-model run is never above the no-model signal
    // The release profile's signal on the same artifacts: its derived floors are checked.
    const rel = runReleaseSignal({ dir: out, profile: "release" });
    expect(rel.subject).toBe("no-model"); // read from the matrix in the directory
    expect(rel.checks.map((c) => c.name)).toContain("derived.agency_preservation_core");
    expect(rel.thresholds.min_intelligence_index).toBe(0.98);
  });

  let lb: Loopback;
  beforeAll(async () => {
    const fam = trapFamily("authority_under_interference")!;
    lb = await startLoopback({ answer: (prompt: string) => programAnswer(fam, "trap-fold", prompt) });
  });
  afterAll(async () => lb.close());

  it("geb release matrix --model openai:… produces one family over HTTP; a dead endpoint is a producer failure", async () => {
    const out = join(dir, "http");
    const args = [
      "release",
      "matrix",
      "--family",
      "authority_under_interference",
      "--size",
      "smoke",
      "--runs",
      "2",
      "--out-dir",
      out,
      "--model",
      "openai:test",
      "--no-progress",
      "--max-retries",
      "0",
    ];
    const r = await geb([...args, "--base-url", `${lb.url}/v1`]);
    const m = JSON.parse(readFileSync(join(out, "release_matrix.json"), "utf8")) as ReleaseMatrix;
    const a = m.families.find((f) => f.id === "authority_under_interference")!;
    expect(a).toMatchObject({
      status: "PASS",
      produced_in_this_run: true,
      freshness_ok: true,
      producer_exit_code: 0,
    });
    expect(m.subject).toBe("model");
    expect(m.coverage.produced_total).toBe(1);
    expect(m.families.find((f) => f.id === "noise_escalation")).toMatchObject({
      status: "MISSING",
      producer_attempted: false,
      freshness_reason: "not_regenerated_in_this_run",
    });
    expect(r.code).toBe(1); // the other families are MISSING
    expect(r.out).toContain("authority_under_interference");
    // The same directory, the endpoint gone: the old artifact is removed first, so nothing stale is read.
    const dead = await geb([...args, "--base-url", "http://127.0.0.1:9/v1", "--timeout-s", "2"]);
    expect(dead.code).toBe(1);
    expect(dead.err.trim().split("\n")).toHaveLength(1);
    expect(dead.err).toMatch(/^geb: a family producer failed, first: authority_under_interference: /);
    const m2 = JSON.parse(readFileSync(join(out, "release_matrix.json"), "utf8")) as ReleaseMatrix;
    expect(m2.families.find((f) => f.id === "authority_under_interference")).toMatchObject({
      status: "MISSING",
      producer_attempted: true,
      producer_succeeded: false,
      freshness_reason: "producer_failed_or_nonzero_exit",
    });
    expect(existsSync(join(out, "families/authority_under_interference/release_stamp.json"))).toBe(false);
  });
});
