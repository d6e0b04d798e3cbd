/**
 * The promptfoo integration (integrations/promptfoo/): provider, assertions and test generators
 * driven as promptfoo calls them (generator → callApi → assertion) in a user's project folder,
 * against a loopback OpenAI-compatible server; compared with our own grading of the same items
 * (`gf01 play-llm` rows with the same scripted model; `geb grade --row-results` on the same
 * outputs). With PROMPTFOO_E2E=1, promptfoo 0.121.20 itself is installed into a temp folder
 * (.ci/install-promptfoo: without its optional packages, ~410 packages / 270 MB) and
 * `promptfoo eval -o results.json` is checked the same way (gated; docs/integrations.md).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/clients/builtin.js";
import { generateToFile } from "../../src/geb/api.js";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { main as gf01Main } from "../../src/gf01/cli.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../fixtures/gf01/fake-llm.js";
import { genBundle } from "../gf01/play/helpers.js";
import { capture } from "./inspect-helpers.js";
import { makePromptfooProject, nodeImportFlag } from "./promptfoo-project.js";

const run = promisify(execFile);
const REPO = new URL("../..", import.meta.url).pathname;

interface Graded {
  pass: boolean;
  namedScores: Record<string, number>;
}
interface DriveOutput {
  gf01: {
    vars: { instance_id: string };
    response: { output?: string; error?: string; metadata: { row: Record<string, unknown> } };
    assertion: Graded;
  }[];
  dead: { output?: string; error?: string };
  geb: { vars: { id: string }; bookLength: number; assertion: Graded }[];
}
let dir: string;
let server: Loopback;
const files = { bundle: "", data: "", outputs: "", ref: "", rows: "" };

const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-promptfoo-"));
  makePromptfooProject(dir);
  server = await startLoopback({
    // GEB prompts (book, then QUESTION) get the ledger reader's answer; everything else is GF-01 play.
    answer: (prompt, req) =>
      prompt.includes("\nQUESTION:\n")
        ? ledgerReaderAnswer(`\nLEDGER:\n${prompt}`)
        : fakeGf01Model(prompt, req),
  });
  files.bundle = join(dir, "bundle.json");
  writeFileSync(files.bundle, bundleToJson(genBundle(3, 9800).json));
  files.data = join(dir, "data.jsonl");
  generateToFile({ seed: 5, episodes: 1, steps: 40, keys: 4, queries: 6 }, files.data);
  // GEB outputs: the ledger reader's answer, wrong values, no answer, prose around JSON.
  const rows = jsonl(files.data);
  files.outputs = join(dir, "outputs.jsonl");
  writeFileSync(
    files.outputs,
    rows
      .map((r, i) => {
        const right = ledgerReaderAnswer(`\nLEDGER:\n${r.book}\n\nQUESTION:\n${r.question}`);
        const output =
          i % 4 === 0
            ? right
            : i % 4 === 1
              ? '{"value": "nope", "support_ids": []}'
              : i % 4 === 2
                ? ""
                : `Sure. ${right} Done.`;
        return JSON.stringify({ id: r.id, output });
      })
      .join("\n"),
  );
  // Our own grading of the same items.
  files.ref = join(dir, "ref.jsonl");
  const g = await capture(gf01Main, [
    "play-llm",
    "--instances",
    files.bundle,
    "--model",
    "openai:fake",
    "--base-url",
    `${server.url}/v1`,
    "--results",
    files.ref,
    "--no-progress",
    "--git-commit",
    "promptfoo",
  ]);
  expect(g.code, g.stderr).toBe(0);
  files.rows = join(dir, "rows.jsonl");
  const gr = await capture(gebMain, [
    "grade",
    "--data",
    files.data,
    "--pred",
    files.outputs,
    "--row-results",
    files.rows,
    "--json",
  ]);
  expect(gr.code, gr.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("promptfoo modules driven as promptfoo calls them", () => {
  it("provider plays each instance online; the assertion agrees with gf01 play-llm; GEB grading agrees with geb grade", async () => {
    const r = await run(
      process.execPath,
      [
        nodeImportFlag,
        join(dir, "drive.mjs"),
        files.bundle,
        `${server.url}/v1`,
        files.data,
        files.outputs,
        "http://127.0.0.1:9/v1",
      ],
      { cwd: dir, maxBuffer: 1 << 26 },
    ).catch((e) => {
      throw new Error(`driver failed: ${e.stderr}`);
    });
    const out = JSON.parse(r.stdout) as DriveOutput;
    const ref = jsonl(files.ref);
    expect(out.gf01).toHaveLength(ref.length);
    out.gf01.forEach((t, i) => {
      const want = ref[i];
      expect(t.vars.instance_id).toBe(want.instance_id);
      expect(t.response.error).toBeUndefined();
      // Same episode as play-llm: the certificate and the exact verifier's verdict.
      expect(JSON.parse(String(t.response.output))).toEqual(want.certificate);
      for (const k of ["valid", "goal", "ap_f1", "ts_f1", "suff", "min1"])
        expect(t.response.metadata.row[k], k).toEqual(want[k]);
      // The assertion re-verifies the output independently and agrees.
      expect(t.assertion.pass).toBe(want.valid);
      expect(t.assertion.namedScores).toEqual({
        certified: want.valid ? 1 : 0,
        goal: want.goal ? 1 : 0,
        ap_f1: want.ap_f1,
        ts_f1: want.ts_f1,
      });
    });
    // A dead endpoint is an error, not an answer.
    expect(out.dead.output).toBeUndefined();
    expect(out.dead.error).toMatch(/gf01 provider: episode failed/);
    // GEB: the assertion's grades are `geb grade`'s per-row grades.
    const rows = jsonl(files.rows);
    expect(out.geb).toHaveLength(rows.length);
    out.geb.forEach((t, i) => {
      const want = rows[i];
      expect(t.vars.id).toBe(want.id);
      expect(t.bookLength).toBeGreaterThan(0);
      expect(t.assertion.namedScores.value_ok, want.id).toBe(want.value_ok ? 1 : 0);
      expect(t.assertion.namedScores.exact, want.id).toBe(want.exact ? 1 : 0);
      expect(t.assertion.namedScores.cite_f1, want.id).toBe(want.cite_f1 ?? 0);
      expect(t.assertion.pass).toBe(want.exact);
    });
    // The outputs exercise both outcomes.
    expect(new Set(out.geb.map((t) => t.assertion.pass))).toEqual(new Set([true, false]));
  }, 120_000);
});

/**
 * promptfoo itself (PROMPTFOO_E2E=1): installed from the npm registry into a temp folder (or
 * PROMPTFOO_E2E_DIR, a folder where `.ci/install-promptfoo` ran), then
 * `promptfoo eval -c … -o results.json` on the project folder with our provider and assertion.
 */
const E2E = process.env.PROMPTFOO_E2E === "1";
describe.skipIf(!E2E)("promptfoo 0.121.20 end to end (PROMPTFOO_E2E=1)", () => {
  let pfDir: string;
  beforeAll(async () => {
    // .ci/run installs promptfoo in the background while the suite runs: wait for its status
    // file (the install's exit code); a failed install falls back to this test's own.
    const pending = process.env.PROMPTFOO_E2E_PENDING;
    let ready = !!process.env.PROMPTFOO_E2E_DIR && !pending;
    if (pending) {
      const deadline = Date.now() + 900_000;
      while (!existsSync(pending) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
      ready = existsSync(pending) && readFileSync(pending, "utf8").trim() === "0";
    }
    pfDir = ready ? (process.env.PROMPTFOO_E2E_DIR as string) : join(dir, "promptfoo-install");
    if (!ready) await run("bash", [join(REPO, ".ci/install-promptfoo"), pfDir], { maxBuffer: 1 << 26 });
  }, 1_200_000);

  /** A config shipped in integrations/promptfoo/, its model server replaced by the loopback one. */
  const shipped = (name: string) =>
    readFileSync(join(REPO, "integrations/promptfoo", name), "utf8").replaceAll(
      "http://localhost:8000/v1",
      `${server.url}/v1`,
    );

  const promptfoo = async (config: string, out: string) => {
    writeFileSync(join(dir, "promptfooconfig.yaml"), config);
    const env = {
      ...process.env,
      NODE_OPTIONS: nodeImportFlag,
      PROMPTFOO_CONFIG_DIR: join(dir, ".promptfoo"),
      PROMPTFOO_DISABLE_TELEMETRY: "1",
      PROMPTFOO_DISABLE_UPDATE: "1",
      GF01_INSTANCES: files.bundle,
      GEB_DATA: files.data,
      OPENAI_API_KEY: "loopback",
    };
    await run(
      join(pfDir, "node_modules/.bin/promptfoo"),
      ["eval", "-c", "promptfooconfig.yaml", "-o", out, "--no-cache", "--no-progress-bar"],
      {
        cwd: dir,
        env,
        maxBuffer: 1 << 26,
      },
    ).catch((e) => {
      // promptfoo exits 100 when some tests fail their assertions: that is a result, not an error.
      if (e.code !== 100) throw new Error(`promptfoo failed (${e.code}): ${String(e.stderr).slice(-3000)}`);
    });
    return JSON.parse(readFileSync(join(dir, out), "utf8")).results.results as {
      testIdx: number;
      success: boolean;
      error?: string | null;
      vars: Record<string, string>;
      response: { output: string; metadata?: { row?: Record<string, unknown> } };
      gradingResult: { pass: boolean; namedScores: Record<string, number> };
    }[];
  };

  it("GF-01: promptfoo eval with our provider and assertion matches gf01 play-llm", async () => {
    const results = await promptfoo(shipped("promptfooconfig.gf01.yaml"), "gf01-results.json");
    const ref = jsonl(files.ref);
    expect(results).toHaveLength(ref.length);
    for (const r of [...results].sort((a, b) => a.testIdx - b.testIdx)) {
      const want = ref[r.testIdx];
      expect(r.vars.instance_id).toBe(want.instance_id);
      expect(JSON.parse(r.response.output)).toEqual(want.certificate);
      expect(r.response.metadata?.row?.valid).toBe(want.valid);
      expect(r.success).toBe(want.valid);
      expect(r.gradingResult.namedScores).toEqual({
        certified: want.valid ? 1 : 0,
        goal: want.goal ? 1 : 0,
        ap_f1: want.ap_f1,
        ts_f1: want.ts_f1,
      });
    }
  }, 600_000);

  it("GEB: promptfoo eval with an OpenAI provider and our assertion matches geb grade", async () => {
    const results = await promptfoo(shipped("promptfooconfig.geb.yaml"), "geb-results.json");
    // Our grading of the very outputs promptfoo recorded.
    const preds = join(dir, "pf-preds.jsonl");
    writeFileSync(
      preds,
      results.map((r) => JSON.stringify({ id: r.vars.id, output: r.response.output })).join("\n"),
    );
    const rowsFile = join(dir, "pf-rows.jsonl");
    const g = await capture(gebMain, [
      "grade",
      "--data",
      files.data,
      "--pred",
      preds,
      "--row-results",
      rowsFile,
      "--json",
    ]);
    expect(g.code, g.stderr).toBe(0);
    const byId = new Map(jsonl(rowsFile).map((r) => [r.id, r]));
    expect(results).toHaveLength(byId.size);
    for (const r of results) {
      const want = byId.get(r.vars.id);
      expect(r.gradingResult.namedScores).toEqual({
        value_ok: want.value_ok ? 1 : 0,
        exact: want.exact ? 1 : 0,
        cite_f1: want.cite_f1 ?? 0,
      });
      expect(r.success).toBe(want.exact);
    }
    expect(results.some((r) => r.success)).toBe(true);
  }, 600_000);
});
