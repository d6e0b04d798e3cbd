/**
 * The `release` profile end to end, as CI runs it without a model: the strict RAG preset
 * (`geb rag run`, builtin:ledger-reader) feeds `geb release run --profile release` with the
 * no-model trap programs (builtin:trap-rule). Every family is produced and passes, every
 * strict check is evaluated from the RAG summary (never MISSING) and passes: exit 0, matrix
 * PASS, signal PASS. That PASS is the documented finding that programs without a model meet
 * every release floor, so the output must say loudly that it is a NO-MODEL run whose PASS
 * shows nothing a lookup / fold / rule program could not do. The one-command form over HTTP
 * is profile-http.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NO_MODEL_RAG_READER, releaseRagModel } from "../../../src/geb/release/rag.js";
import { DEFAULT_CONTRACT_FILE } from "../../../src/geb/release/run.js";
import type { ReleaseMatrix, ReleaseSignal } from "../../../src/geb/release/schema.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { ledgerReaderAnswer } from "../../../src/core/engine/clients/builtin.js";
import { startLoopback } from "../../fixtures/engine/loopback-server.js";
import { tmp } from "../helpers.js";

describe("geb release run --profile release (no model, with the strict RAG preset)", () => {
  it("geb rag run, then geb release run --rag-summary: exit 0, matrix and signal PASS, loudly no-model", async () => {
    const d = tmp();
    const rag = await runCli("geb", [
      "rag",
      "run",
      "--preset",
      "strict",
      "--model",
      "builtin:ledger-reader",
      "--out-dir",
      join(d, "rag"),
      "--no-timings",
    ]);
    expect(rag.stderr).toBe("");
    expect(rag.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(d, "rag", "summary.json"), "utf8"));
    // ledger-reader answers every question form from the prompt: the ledger baseline's 1.0.
    expect(summary.means).toMatchObject({ value_acc: 1, exact_acc: 1, cite_f1: 1 });
    const r = await runCli("geb", [
      "release",
      "run",
      "--profile",
      "release",
      "--model",
      "builtin:trap-rule",
      "--rag-summary",
      join(d, "rag", "summary.json"),
      "--out-dir",
      join(d, "rel"),
      "--no-progress",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // No strict RAG step: the summary was given.
    expect(r.stdout).not.toContain("strict RAG preset");
    const lines = r.stdout.split("\n");
    expect(lines[0]).toContain("NO-MODEL run (builtin:trap-rule): the programs' results, not a model score");
    expect(lines).toContain("reliability signal (profile release) — NO-MODEL run: not a model score");
    expect(lines.at(-3)).toBe("RESULT: PASS");
    expect(lines.at(-2)).toBe(
      "NO-MODEL run: this PASS shows nothing a lookup / fold / rule program could not do; it checks the pipeline, it is not a model score",
    );
    for (const k of ["reasoning_score", "planning_score", "intelligence_index"])
      expect(r.stdout).toMatch(
        new RegExp(
          `^WARNING: ${k} [0-9.]+ is not above the no-model programs' [0-9.]+: the score does not show more than a lookup / fold / rule program achieves$`,
          "m",
        ),
      );
    const m = JSON.parse(readFileSync(join(d, "rel", "release_matrix.json"), "utf8")) as ReleaseMatrix;
    expect(m).toMatchObject({ status: "PASS", subject: "no-model", model: "builtin:trap-rule" });
    expect(m.coverage).toMatchObject({ required_total: 16, produced_total: 16 });
    expect(m.families.every((f) => f.status === "PASS" && f.produced_in_this_run && f.freshness_ok)).toBe(
      true,
    );
    const s = JSON.parse(readFileSync(join(d, "rel", "reliability_signal.json"), "utf8")) as ReleaseSignal;
    expect(s).toMatchObject({ status: "PASS", subject: "no-model" });
    expect(s.checks.length).toBeGreaterThan(20);
    expect(s.checks.filter((c) => c.status !== "PASS")).toEqual([]);
    const check = (name: string) => s.checks.find((c) => c.name === name);
    // The strict means are read from the RAG summary, not recomputed or assumed.
    expect(check("strict.means.value_acc")?.detail).toBe("1.000000 >= 0.950000");
    expect(check("strict.domain_exception.exact_acc")?.status).toBe("PASS");
    // The model column is the programs' own: no-model R / P / II equal, above the 0.98 floors.
    expect(s.derived.intelligence_index).toBe(s.no_model.intelligence_index);
    expect(s.no_model.intelligence_index).toBeGreaterThanOrEqual(0.98);
    expect(s.warnings).toHaveLength(3);
  });

  it("--rag-model and --rag-summary together: one line, exit 2, nothing run", async () => {
    const d = tmp();
    const r = await runCli("geb", [
      "release",
      "run",
      "--model",
      "builtin:trap-rule",
      "--rag-model",
      "builtin:ledger-reader",
      "--rag-summary",
      join(d, "s.json"),
      "--out-dir",
      join(d, "rel"),
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toEqual([
      "geb: field --rag-model: give either --rag-model (run the strict RAG preset now) or --rag-summary, not both",
    ]);
    expect(existsSync(join(d, "rel"))).toBe(false);
  });

  it("a malformed --rag-summary: one line naming the file, exit 2, before any family runs", async () => {
    const d = tmp();
    writeFileSync(join(d, "s.json"), "{bad\n");
    const r = await runCli("geb", [
      "release",
      "run",
      "--model",
      "builtin:trap-rule",
      "--rag-summary",
      join(d, "s.json"),
      "--out-dir",
      join(d, "rel"),
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const err = r.stderr.trim().split("\n");
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(`${join(d, "s.json")}:1`);
    expect(existsSync(join(d, "rel"))).toBe(false);
  });

  it("a strict RAG step whose requests fail: one stderr line, exit 1, strict checks MISSING (never scored)", async () => {
    const d = tmp();
    // A one-family contract keeps the matrix small; the RAG endpoint answers one question of the first dataset with HTTP 500.
    const contract = JSON.parse(readFileSync(DEFAULT_CONTRACT_FILE, "utf8"));
    contract.strict_release.required_reliability_families =
      contract.strict_release.required_reliability_families.filter(
        (f: { id: string }) => f.id === "novel_continuity",
      );
    writeFileSync(join(d, "one.json"), JSON.stringify(contract));
    const lb = await startLoopback({
      answer: ledgerReaderAnswer,
      fault: (q) => (q.prompt.includes("POL001-Q001") ? { status: 500 } : undefined),
    });
    const r = await runCli("geb", [
      "release",
      "run",
      "--model",
      "builtin:trap-rule",
      "--rag-model",
      "openai:dead",
      "--base-url",
      `${lb.url}/v1`,
      "--max-retries",
      "0",
      "--contract",
      join(d, "one.json"),
      "--out-dir",
      join(d, "rel"),
      "--no-progress",
    ]).finally(() => lb.close());
    expect(r.code).toBe(1);
    const err = r.stderr.trim().split("\n");
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^geb: strict RAG preset failed: domain_stale: 1 request\(s\) failed \(.*500/);
    expect(existsSync(join(d, "rel", "rag", "summary.json"))).toBe(false);
    const s = JSON.parse(readFileSync(join(d, "rel", "reliability_signal.json"), "utf8")) as ReleaseSignal;
    expect(s.status).toBe("FAIL");
    expect(s.rag_summary_path).toBeNull();
    const strict = s.checks.filter((c) => c.name.startsWith("strict."));
    expect(strict.length).toBeGreaterThan(0);
    expect(strict.every((c) => c.status === "MISSING")).toBe(true);
  });

  it("an unreachable RAG endpoint stops the run before the matrix: one line, exit 1", async () => {
    const d = tmp();
    const r = await runCli("geb", [
      "release",
      "run",
      "--model",
      "builtin:trap-rule",
      "--rag-model",
      "openai:dead",
      "--base-url",
      "http://127.0.0.1:1/v1",
      "--max-retries",
      "0",
      "--out-dir",
      join(d, "rel"),
      "--no-progress",
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      "geb: cannot reach http://127.0.0.1:1/v1: connection refused — is the server running?",
    ]);
    expect(existsSync(join(d, "rel", "release_matrix.json"))).toBe(false);
    expect(existsSync(join(d, "rel", "reliability_signal.json"))).toBe(false);
  });

  it("the RAG model of a release run: --rag-model, else --model, else ledger-reader for trap programs", () => {
    expect(releaseRagModel({ model: "builtin:trap-rule" })).toBe("builtin:ledger-reader");
    expect(releaseRagModel({ model: "builtin:trap-lookup" })).toBe(NO_MODEL_RAG_READER);
    expect(releaseRagModel({ model: "openai:qwen" })).toBe("openai:qwen");
    expect(releaseRagModel({ model: "openai:qwen", ragModel: "openai:other" })).toBe("openai:other");
    expect(releaseRagModel({ model: "openai:qwen", ragSummary: "s.json" })).toBeNull();
    expect(releaseRagModel({})).toBeNull();
  });
});
