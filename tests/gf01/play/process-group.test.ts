/**
 * Agents run in their own process group and are stopped as a group (issue 31 item 6). Before,
 * a timeout killed only the `sh -c` wrapper (or a launcher shim): the agent and whatever it
 * started lived on, holding our pipes open, and `gf01 evaluate` printed its result and never
 * exited. Here the agent starts a grandchild that sleeps forever and then hangs itself; after
 * the timeout no process of its group survives, and the command exits promptly with the
 * failure recorded (not scored). The `command:` model client gets the same treatment.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { CommandClient, ModelError } from "../../../src/core/engine/index.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { genBundle } from "./helpers.js";

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dir = mkdtempSync(join(tmpdir(), "gf01-pgroup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Live (not zombie) processes whose process group is `pgid` (Linux /proc). */
function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (f[0] !== "Z" && Number(f[2]) === pgid) out.push(Number(e));
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** An agent that records its group, starts a grandchild sleeping forever, and never answers. */
const HANG = `#!/bin/sh
sleep 1000 &
echo "$(ps -o pgid= -p $$) $! $$" > "$1"
exec sleep 1000
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHILD = fileURLToPath(new URL("../../fixtures/core/process-group-child.ts", import.meta.url));

async function until(f: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(25);
  }
}

describe.skipIf(process.platform === "win32")("agents are stopped as a process group", () => {
  beforeAll(() => buildBins()); // gf01 evaluate from the run's CLI bundle, not tsx (~1 s of CPU less)
  it("gf01 evaluate --agent-cmd: a timed-out agent and its grandchild are killed; the command exits 1 with the error recorded", async () => {
    const { json } = genBundle(1, 9800);
    writeFileSync(join(dir, "bundle.json"), bundleToJson(json));
    writeFileSync(join(dir, "hang.sh"), HANG);
    const t0 = Date.now();
    const p = spawn(
      process.execPath,
      [binPath("gf01"), "evaluate", "--instances", "bundle.json", "--out", "runs.jsonl"].concat([
        "--agent-cmd",
        "sh hang.sh pids.txt",
        "--agent-timeout-s",
        "1",
      ]),
      { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
    );
    let err = "";
    let out = "";
    p.stderr.on("data", (b) => {
      err += b;
    });
    p.stdout.on("data", (b) => {
      out += b;
    });
    const code = await Promise.race([
      new Promise<number | null>((r) => p.once("close", r)),
      sleep(40_000).then(() => "still running"),
    ]);
    const [pgid, grandchild, agent] = readFileSync(join(dir, "pids.txt"), "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    try {
      expect(code, err).toBe(1);
      expect(Date.now() - t0).toBeLessThan(40_000);
      expect(err).toMatch(/^gf01: agent did not answer within 1 s/m);
      // No process of the agent's group survives (the wrapper, the agent, the grandchild).
      expect(groupMembers(pgid as number)).toEqual([]);
      expect(alive(grandchild as number)).toBe(false);
      // The failure is recorded, not scored.
      expect(JSON.parse(out)).toMatchObject({ status: "error", errored: 1, played: 0 });
      expect(readFileSync(join(dir, "runs.jsonl"), "utf8")).toBe("");
      const e = JSON.parse(readFileSync(join(dir, "runs.jsonl.errors.jsonl"), "utf8").trim());
      expect(e.kind).toBe("agent_timeout");
    } finally {
      // Leave nothing behind even when the assertions fail.
      p.kill("SIGKILL");
      // Pids one by one: before the fix the agent shared the test runner's group.
      for (const pid of [grandchild, agent])
        try {
          process.kill(pid as number, "SIGKILL");
        } catch {}
    }
  }, 60_000);

  it("command: client: a request that times out takes the program's whole group with it", async () => {
    const pids = join(dir, "cmd-pids.txt");
    // The grandchild keeps stdout open: before, the request never settled after the timeout.
    const client = new CommandClient({ argv: ["sh", "-c", HANG, "agent", pids] });
    const t0 = Date.now();
    const e = await client
      .complete(
        { messages: [{ role: "user", content: "hi" }], params: {} },
        { signal: AbortSignal.timeout(800), item: null },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelError);
    expect((e as ModelError).kind).toBe("timeout");
    expect(Date.now() - t0).toBeLessThan(5_000);
    const [pgid, grandchild, agent] = readFileSync(pids, "utf8").trim().split(/\s+/).map(Number);
    try {
      expect(groupMembers(pgid as number)).toEqual([]);
    } finally {
      for (const pid of [grandchild, agent])
        try {
          process.kill(pid as number, "SIGKILL");
        } catch {}
    }
  }, 20_000);

  for (const mode of ["exit", "throw", "signal"] as const)
    it(`a group still running when we end (${mode}) is killed with us`, async () => {
      const pidfile = join(dir, `exit-${mode}.txt`);
      const p = spawn(process.execPath, ["--import", tsx, CHILD, mode, pidfile], { stdio: "ignore" });
      const done = new Promise((r) => p.once("close", r));
      await until(() => existsSync(pidfile) && readFileSync(pidfile, "utf8") !== "");
      const pgid = Number(readFileSync(pidfile, "utf8"));
      await until(() => groupMembers(pgid).length === 2); // sh and its sleep
      if (mode === "signal") p.kill("SIGTERM");
      await done;
      await until(() => groupMembers(pgid).length === 0, 3_000).catch(() => {});
      try {
        expect(groupMembers(pgid)).toEqual([]);
      } finally {
        for (const k of groupMembers(pgid)) process.kill(k, "SIGKILL");
      }
    }, 30_000);
});
