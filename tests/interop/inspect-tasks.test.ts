/**
 * The inspect tasks' helpers (integrations/inspect/oraclebench_inspect.py) with python3 against
 * our CLIs and a GF-01 session server — inspect itself cannot be installed here, so the task
 * files are only compiled. Scorers: `gf01 verify` through the helper agrees with `gf01 evaluate`
 * rows; `geb grade` of one answer agrees with grading all answers at once. The session client
 * plays whole episodes (a rejected move leaves the decision open), and the committed
 * certificate re-verified by the scorer matches the server's own result. Failures are errors.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../helpers/bins.js";
import { baselineToFile, generateToFile } from "../../src/geb/api.js";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { main as gf01Main } from "../../src/gf01/cli.js";
import { type PlayServer, startPlayServer } from "../../src/gf01/play/http.js";
import { genBundle } from "../gf01/play/helpers.js";
import { capture } from "./inspect-helpers.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const TASK_DIR = join(REPO, "integrations/inspect");
const DRIVER = join(REPO, "tests/interop/inspect-tasks.py");

let dir: string;
let server: PlayServer;
const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-inspect-tasks-"));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("inspect task helpers (python3, without inspect)", () => {
  it("the task files compile", () => {
    execFileSync("python3", [
      "-c",
      "import sys; [compile(open(f).read(), f, 'exec') for f in sys.argv[1:]]",
      ...["oraclebench_inspect.py", "gf01_task.py", "geb_task.py"].map((f) => join(TASK_DIR, f)),
    ]);
  });

  it("scorers agree with gf01 evaluate and geb grade; the session client plays episodes the server scores alike", async () => {
    const bundle = join(dir, "bundle.json");
    writeFileSync(bundle, bundleToJson(genBundle(2, 9900).json));
    const runs = join(dir, "runs.jsonl");
    const ev = await capture(gf01Main, [
      "evaluate",
      "--instances",
      bundle,
      "--agent",
      "greedy",
      "--out",
      runs,
    ]);
    expect(ev.code, ev.stderr).toBe(0);
    const rows = jsonl(runs);
    server = await startPlayServer({ port: 0, host: "127.0.0.1", bundle, dataDir: join(dir, "serve") });

    const data = join(dir, "data.jsonl");
    generateToFile({ seed: 2, episodes: 1, steps: 20, keys: 3, queries: 2 }, data);
    const gold = join(dir, "gold.jsonl");
    baselineToFile({ data, baseline: "ledger", protocol: "closed_book", out: gold });
    // Three answers (each is one `geb grade` run through the helper): right, wrong, missing.
    const answers = jsonl(gold)
      .slice(0, 3)
      .map((p, i) => ({
        id: p.id,
        output:
          i % 3 === 0
            ? `Answer: ${JSON.stringify({ value: p.value, support_ids: p.support_ids })}`
            : i % 3 === 1
              ? JSON.stringify({ value: "wrong", support_ids: p.support_ids })
              : "",
      }));
    const preds = join(dir, "answers.jsonl");
    writeFileSync(preds, answers.map((a) => JSON.stringify(a)).join("\n"));
    const rowsFile = join(dir, "graded.jsonl");
    const g = await capture(gebMain, [
      "grade",
      "--data",
      data,
      "--pred",
      preds,
      "--row-results",
      rowsFile,
      "--json",
    ]);
    expect(g.code, g.stderr).toBe(0);
    const graded = jsonl(rowsFile);

    // The helpers run the CLIs as commands: the run's bundle (~0.2 s of CPU a start, not ~1 s under tsx).
    await buildBins();
    const cfg = {
      task_dir: TASK_DIR,
      gf01_cmd: [process.execPath, binPath("gf01")],
      geb_cmd: [process.execPath, binPath("geb")],
      bundle,
      api: `${server.url}/api/gf01`,
      rows: rows.map((r) => ({ instance_id: r.instance_id, certificate: r.certificate })),
      data,
      answers,
    };
    // Asynchronously: the session server runs in this process and must keep answering.
    const py = await promisify(execFile)("python3", [DRIVER, JSON.stringify(cfg)], { maxBuffer: 1 << 26 });
    const out = JSON.parse(py.stdout);
    // GF-01 scorer = the run rows' verdicts and metrics.
    out.verified.forEach((s: { value: Record<string, number>; explanation: string }, i: number) => {
      expect(s.value).toEqual({
        certified: rows[i].valid ? 1 : 0,
        goal: rows[i].goal ? 1 : 0,
        ap_f1: rows[i].ap_f1,
        ts_f1: rows[i].ts_f1,
      });
      expect(s.explanation).toBe(rows[i].valid ? "certified" : rows[i].goal ? "goal_met" : "missed");
    });
    // Sessions: a bad move is rejected and the episode goes on; the scorer agrees with the server.
    for (const s of out.sessions) {
      expect(s.accepted_bad).toBe(false);
      expect(s.bad.code).toBe("unknown_ap");
      expect(s.first_keys).toContain("goal");
      expect(s.moves).toBeGreaterThan(0);
      expect(s.verified.value.certified).toBe(s.result.valid ? 1 : 0);
      expect(s.verified.value.goal).toBe(s.result.goal ? 1 : 0);
      expect(s.verified.value.ap_f1).toBe(s.result.ap_f1);
    }
    expect(out.sessions).toHaveLength(rows.length);
    // GEB scorer = geb grade over all answers.
    out.graded.forEach((s: { value: Record<string, number | null> }, i: number) => {
      expect(s.value).toEqual({
        value_ok: graded[i].value_ok ? 1 : 0,
        exact: graded[i].exact ? 1 : 0,
        cite_f1: graded[i].cite_f1,
      });
    });
    expect(new Set(out.graded.map((s: { value: { exact: number } }) => s.value.exact))).toEqual(
      new Set([0, 1]),
    );
    // Failures raise (the sample is an error), with the CLI's or the socket's message.
    expect(out.errors).toHaveLength(2);
    expect(out.errors[0]).toMatch(/verify exited 2: .*no-such-instance/);
    expect(out.errors[1]).toMatch(/127\.0\.0\.1:9/);
  }, 120_000);
});
