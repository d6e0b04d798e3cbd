/**
 * The terminal renderer driven end to end under tmux, like a person: send-keys, capture-pane.
 * Skipped (with a message) when tmux is not installed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { parseObservation } from "../../../src/gf01/play/render-text.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";
import { binPath, buildBins } from "../../helpers/bins.js";
import { debianPackages } from "../../helpers/debian.js";
import { genBundle } from "./helpers.js";

await debianPackages();
const TMUX = ["/usr/bin/tmux", "/usr/local/bin/tmux"].find((p) => existsSync(p));
const sock = `gf01-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync(TMUX!, ["-L", sock, ...args], { encoding: "utf8" });
const capture = (name: string) => tmux("capture-pane", "-p", "-J", "-S", "-", "-t", name);

/** Wait (polling) until the pane shows `re`; the deadline only guards against a hang. */
async function waitFor(name: string, re: RegExp, count = 1): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = capture(name);
    if ((text.match(new RegExp(re.source, "g")) ?? []).length >= count) return text;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${re} in:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dir = mkdtempSync(join(tmpdir(), "gf01-tmux-"));
const { json, bundle } = genBundle(4, 9100);
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));

function start(name: string, out: string): void {
  const cmd = `${process.execPath} ${binPath("gf01")} play --instances ${bundleFile} --out ${out} --git-commit c0ffee; echo EXIT=$?; sleep 60`;
  tmux("new-session", "-d", "-s", name, "-x", "220", "-y", "60", cmd);
}

afterAll(() => {
  if (TMUX) {
    try {
      tmux("kill-server");
    } catch {
      /* already gone */
    }
  }
});

describe.skipIf(!TMUX)("terminal renderer under tmux", () => {
  beforeAll(() => buildBins()); // gf01 from the run's CLI bundle (~1 s of CPU less than tsx)
  if (!TMUX) console.warn("tmux not found: skipping the terminal renderer test");

  it("a person plays the witness to a certified verdict; screens parse back to the JSON observations", async () => {
    const inst = bundle.instances[0];
    const w = enumerateMinimal(compileInstance(inst)).certificates[0];
    const out = join(dir, "certified.json");
    start("p1", out);
    await waitFor("p1", /Action for t=0 /);
    tmux("send-keys", "-t", "p1", "zz=1", "Enter");
    await waitFor("p1", /Not accepted: unknown input AP "zz"/);
    const T = inst.base_trace.length;
    let screen = "";
    for (let t = 0; t < T; t++) {
      const keys = w.filter((a) => a[0] === t).map((a) => `${a[1]}=${a[2]}`);
      tmux("send-keys", "-t", "p1", keys.length ? keys.join(",") : "skip", "Enter");
      screen = await waitFor("p1", t + 1 < T ? new RegExp(`Action for t=${t + 1} `) : /EXIT=0/);
    }
    expect(screen).toContain("=== GF-01 R1 result ===");
    expect(screen).toContain("Verdict: certified");
    const payload = JSON.parse(readFileSync(out, "utf8"));
    expect(payload.episode.verdict).toBe("certified");
    expect(payload.episode.certificate).toEqual(w.map((a) => [...a]));
    // The last R1 screen a person saw parses to the JSON track's observation (AB-001).
    const blocks = screen.split("=== GF-01 R1 === ").slice(1);
    const last = `=== GF-01 R1 === ${blocks[blocks.length - 1]}`.split("\n");
    const end = last.findIndex((l) => l.startsWith("Now: "));
    const parsed = parseObservation(last.slice(0, end + 1).join("\n"));
    expect(parsed).toEqual(payload.episode.steps[T - 2].observation);
  });

  it("EOF (Ctrl-D) ends the episode cleanly with the verdict screen", async () => {
    const out = join(dir, "eof.json");
    start("p2", out);
    await waitFor("p2", /Action for t=0 /);
    tmux("send-keys", "-t", "p2", "in0=1", "Enter");
    await waitFor("p2", /Action for t=1 /);
    tmux("send-keys", "-t", "p2", "C-d");
    const screen = await waitFor("p2", /EXIT=0/);
    expect(screen).toContain("(end of input: finishing the episode without further interventions)");
    expect(screen).toMatch(/Verdict: (certified|goal_met|missed)/);
    expect(screen).not.toMatch(/Error|at .*\.ts:\d+/);
    const payload = JSON.parse(readFileSync(out, "utf8"));
    expect(payload.episode.certificate).toEqual([[0, "in0", 1]]);
    expect(payload.episode.steps[1].forced_skip).toBe("ended");
  });
});
