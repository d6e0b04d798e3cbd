import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dumpJsonFile } from "../../../src/gf01/artifacts/pyout.js";
import { parseCsv, feedbackTemplate } from "../../../src/gf01/study/feedback.js";
import {
  type CheckFileOptions,
  p0FeedbackCheckFile,
  p0GateFile,
  p0Init,
  p0SessionCheckFile,
  type StudyResult,
  writeFeedbackTemplate,
} from "../../../src/gf01/study/files.js";
import { buildSeedPack } from "../../../src/gf01/study/seed-pack.js";

const FIX = fileURLToPath(new URL("../../fixtures/gf01/p0/", import.meta.url));
const tmp = (): string => mkdtempSync(join(tmpdir(), "gf01-p0-"));

/** The fixture folder copied to a scratch dir (the official outputs use paths relative to it). */
function scratch(): string {
  const d = tmp();
  cpSync(join(FIX, "runs"), join(d, "runs"), { recursive: true });
  cpSync(join(FIX, "feedback"), join(d, "feedback"), { recursive: true });
  return `${d}/`;
}

interface Case {
  name: string;
  rc: number;
  command: string;
  flags: Record<string, string>;
}

/** commands.txt: `name rc=N :: python3 -m gf01 <command> --flag value …` (no spaces in values). */
function cases(): Case[] {
  return readFileSync(join(FIX, "commands.txt"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const m = /^(\S+) rc=(\d+) :: python3 -m gf01 (\S+) (.*)$/.exec(l);
      if (!m) throw new Error(`bad line ${l}`);
      const toks = m[4].trim().split(/\s+/);
      const flags: Record<string, string> = {};
      for (let i = 0; i < toks.length; i += 2) flags[toks[i].replace(/^--/, "")] = toks[i + 1];
      return { name: m[1], rc: Number(m[2]), command: m[3], flags };
    });
}

async function runOurs(c: Case, base: string): Promise<StudyResult> {
  const f = c.flags;
  const abs = (p: string | undefined) => (p === undefined ? undefined : `${base}${p}`);
  const o: CheckFileOptions = {
    feedback: abs(f.feedback) as string,
    runsDir: abs(f["runs-dir"]),
    requiredRendererTrack: f["required-renderer-track"],
    minScore: f["min-score"] === undefined ? undefined : Number(f["min-score"]),
    minRatio: f["min-ratio"] === undefined ? undefined : Number(f["min-ratio"]),
    officialRules: true,
  };
  if (c.command === "p0-session-check") return p0SessionCheckFile(o);
  if (c.command === "p0-feedback-check") return p0FeedbackCheckFile(o);
  if (c.command === "p0-gate") return p0GateFile(o);
  if (c.command === "p0-feedback-template") {
    const out = abs(f.out) as string;
    mkdirSync(join(out, ".."), { recursive: true });
    return writeFeedbackTemplate(out, false);
  }
  throw new Error(`no mapping for ${c.command}`);
}

describe("P0 checks: parity with the official commands (--official-rules, byte for byte)", () => {
  const base = scratch();
  for (const c of cases()) {
    it(`${c.name} (official exit ${c.rc})`, async () => {
      const r = await runOurs(c, base);
      expect(r.ok ? 0 : 2).toBe(c.rc);
      const ours = `${dumpJsonFile(r.payload)}\n`.split(base).join("");
      expect(ours).toBe(readFileSync(join(FIX, "expected", `${c.name}.json`), "utf8"));
    });
  }
  it("the official template has the official header; ours keeps it and names our backends", () => {
    const official = readFileSync(join(FIX, "expected/official_template_written.csv"), "utf8");
    expect(feedbackTemplate().split("\n")[0]).toBe(official.split("\n")[0]);
    expect(parseCsv(feedbackTemplate()).rows.map((r) => r.backend_used)).toEqual(["text", "web"]);
  });
});

describe("P0 strict mode (default): named failures", () => {
  const base = scratch();
  const pack = join(base, "pack");
  mkdirSync(pack);
  cpSync(join(FIX, "pack/instance_bundle_v1.json"), join(pack, "instance_bundle_v1.json"));
  const strict = (feedback: string, extra: Partial<CheckFileOptions> = {}): CheckFileOptions => ({
    feedback: `${base}feedback/${feedback}.csv`,
    runsDir: `${base}runs`,
    pack,
    ...extra,
  });
  const reasons = (r: StudyResult): string[] => r.payload.failure_reasons as string[];

  it("the unedited template fails feedback-check (the official check passes it)", async () => {
    const r = await p0FeedbackCheckFile(strict("official_template"));
    expect(r.ok).toBe(false);
    expect(r.payload.error_type).toBe("feedback_template_unedited");
    expect(reasons(r)[0]).toMatch(
      /^feedback_template_unedited: tester_01 \(line 2\): date is the template placeholder/,
    );
    expect((await p0FeedbackCheckFile({ ...strict("official_template"), officialRules: true })).ok).toBe(
      true,
    );
  });
  it("our own template, unedited, fails too", async () => {
    writeFileSync(`${base}feedback/ours.csv`, feedbackTemplate([7000, 7001]));
    const r = await p0FeedbackCheckFile(strict("ours"));
    expect(r.payload.error_type).toBe("feedback_template_unedited");
    // A template row with only the date edited is still the template's (tester id and scores).
    writeFileSync(
      `${base}feedback/ours2.csv`,
      feedbackTemplate([7000]).replaceAll("YYYY-MM-DD", "2026-11-20"),
    );
    expect(reasons(await p0FeedbackCheckFile(strict("ours2")))[0]).toMatch(
      /tester id and scores are the template's/,
    );
  });
  it("Likert scores outside 1–5 fail with the field named", async () => {
    const r = await p0FeedbackCheckFile(strict("likert"));
    expect(r.payload.error_type).toBe("likert_out_of_range");
    expect(reasons(r)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^likert_out_of_range: tester_a \(line 2\) objective_clarity="9"/),
        expect.stringMatching(/^likert_out_of_range: tester_a \(line 2\) control_clarity="0"/),
      ]),
    );
  });
  it("a missing session fails the gate with a named reason", async () => {
    const r = await p0GateFile(strict("sessions_bad"));
    expect(r.ok).toBe(false);
    expect(r.payload.error_type).toBe("p0_gate_session_check_failed");
    expect(reasons(r)).toContain(`missing_session: tester_a seed 7004 (${base}runs/tester_a_7004.json)`);
    expect(r.error).toMatch(/^p0 session check failed: /);
  });
  it("a baseline's session is not a person's: actor_not_human", async () => {
    const r = await p0SessionCheckFile(strict("pass"));
    expect(r.ok).toBe(false);
    expect(reasons(r)).toEqual([
      `actor_not_human: tester_b seed 7000 (${base}runs/tester_b_7000.json)`,
      `actor_not_human: tester_b seed 7001 (${base}runs/tester_b_7001.json)`,
    ]);
    // Official rules accept any actor.
    expect((await p0SessionCheckFile({ ...strict("pass"), officialRules: true })).ok).toBe(true);
  });
  it("an instance that is not the pack's for that seed: instance_not_in_pack", async () => {
    const other = join(base, "pack2");
    mkdirSync(other);
    const b = JSON.parse(readFileSync(join(pack, "instance_bundle_v1.json"), "utf8"));
    b.instances[0].content_hash = "0".repeat(64);
    writeFileSync(join(other, "instance_bundle_v1.json"), JSON.stringify(b));
    writeFileSync(
      `${base}feedback/human.csv`,
      "tester_id,date,backend_used,seed_list_run,objective_clarity,control_clarity,action_effect_clarity,visual_overload,must_fix_blockers,notes\n" +
        "tester_a,2026-11-20,text,7000;7001,4,4,4,2,0,\n",
    );
    expect((await p0GateFile(strict("human"))).ok).toBe(true);
    const r = await p0GateFile(strict("human", { pack: other }));
    expect(reasons(r)).toEqual([`instance_not_in_pack: tester_a seed 7000 (${base}runs/tester_a_7000.json)`]);
  });
  it("strict without a pack is a one-line input error naming the file", async () => {
    await expect(p0SessionCheckFile(strict("pass", { pack: join(base, "nope") }))).rejects.toThrow(
      /nope\/instance_bundle_v1\.json: seed pack not found/,
    );
  });
  it("a CSV with an unterminated quote is an InputError with file and line", async () => {
    writeFileSync(`${base}feedback/broken.csv`, 'tester_id,objective_clarity\n"tester_a,4\n');
    await expect(p0FeedbackCheckFile(strict("broken"))).rejects.toThrow(
      /broken\.csv:2: unexpected end of data/,
    );
  });
});

describe("P0 seed pack and init", () => {
  it("p0-init: pack in the official layout, template listing the pack's seeds; deterministic", async () => {
    const d = tmp();
    const r = await p0Init({
      count: 2,
      outDir: join(d, "pack"),
      templateOut: join(d, "fb.csv"),
      gitCommit: "test",
    });
    expect(r.ok).toBe(true);
    for (const f of [
      "instance_bundle_v1.json",
      "split_manifest_v1.json",
      "pilot_freeze_v1.json",
      "build_receipt.json",
    ])
      expect(existsSync(join(d, "pack", f))).toBe(true);
    const freeze = JSON.parse(readFileSync(join(d, "pack/pilot_freeze_v1.json"), "utf8"));
    expect(freeze).toMatchObject({
      schema_version: "gf01.pilot_freeze.v1",
      freeze_id: "gf01-p0-alpha-v1",
      provisional: true,
      split_id: "pilot_internal_p0_v1",
      seeds: [7000, 7001],
      seed_count: 2,
      mode_override: "normal",
      rejected_seeds: [],
    });
    expect(freeze.instances.map((i: { mode: string }) => i.mode)).toEqual(["normal", "normal"]);
    expect(readFileSync(join(d, "fb.csv"), "utf8")).toContain("tester_01,YYYY-MM-DD,text,7000;7001,");
    // Same inputs, same bytes.
    const d2 = tmp();
    await p0Init({ count: 2, outDir: join(d2, "pack"), templateOut: join(d2, "fb.csv"), gitCommit: "test" });
    for (const f of ["instance_bundle_v1.json", "pilot_freeze_v1.json", "build_receipt.json"]) {
      const a = readFileSync(join(d, "pack", f), "utf8")
        .split(d)
        .join("");
      const b = readFileSync(join(d2, "pack", f), "utf8")
        .split(d2)
        .join("");
      expect(a).toBe(b);
    }
    // A second init refuses to overwrite the template without --force.
    const again = await p0Init({ count: 2, outDir: join(d, "pack"), templateOut: join(d, "fb.csv") });
    expect(again.payload.error_type).toBe("p0_init_template_failed");
    rmSync(d, { recursive: true });
  });
  it("a non-empty pack directory is refused without force (official error type)", async () => {
    const d = tmp();
    writeFileSync(join(d, "x"), "");
    const r = await buildSeedPack({ count: 1, outDir: d });
    expect(r.payload.error_type).toBe("output_dir_not_empty");
  });
});
