/**
 * The calibration and P0 artifact schemas (src/gf01/calibration/schemas.ts,
 * src/gf01/study/schemas.ts) accept what our commands write and what the official harness
 * wrote (its outputs in tests/fixtures), and reject a broken copy (so the test can fail).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { freezeCaps } from "../../../src/gf01/calibration/caps-files.js";
import { pilotAnalyzeCampaign } from "../../../src/gf01/calibration/pilot-analyze-files.js";
import { closure, sweepManifest } from "../../../src/gf01/calibration/q033.js";
import { q033Build } from "../../../src/gf01/calibration/q033-files.js";
import {
  pilotAnalysisSchema,
  q033ClosureSchema,
  q033ManifestIndexSchema,
  q033ManifestSchema,
  q033SweepSchema,
  subsetCapsSchema,
} from "../../../src/gf01/calibration/schemas.js";
import { pilotFreezeSchema } from "../../../src/gf01/release/schemas.js";
import {
  p0FeedbackCheckFile,
  p0GateFile,
  p0Init,
  p0SessionCheckFile,
} from "../../../src/gf01/study/files.js";
import {
  p0FeedbackCheckSchema,
  p0GateSchema,
  p0InitSchema,
  p0SessionCheckSchema,
} from "../../../src/gf01/study/schemas.js";
import { P } from "../parity/helpers.js";

const FIX = fileURLToPath(new URL("../../fixtures/gf01/", import.meta.url));
const tmp = () => mkdtempSync(join(tmpdir(), "gf01-schemas-"));
const json = (f: string) => JSON.parse(readFileSync(f, "utf8"));

/** Valid as written, and the broken copy (`breakIt` mutates a clone) is refused. */
function check(
  schema: z.ZodType,
  value: unknown,
  breakIt: (v: Record<string, unknown>) => void,
  what: string,
) {
  const r = schema.safeParse(value);
  expect(r.success, `${what}: ${r.success ? "" : JSON.stringify(r.error.issues[0])}`).toBe(true);
  const bad = structuredClone(value) as Record<string, unknown>;
  breakIt(bad);
  expect(schema.safeParse(bad).success, `${what} (broken)`).toBe(false);
}

describe("calibration artifact schemas", () => {
  it("pilot_analysis.json: ours and the official ones", async () => {
    const d = tmp();
    cpSync(join(FIX, "pilot-analyze/campaigns/small"), d, { recursive: true });
    const r = await pilotAnalyzeCampaign(d, {});
    expect(r.ok).toBe(true);
    check(
      pilotAnalysisSchema,
      json(join(d, "pilot_analysis.json")),
      (v) => {
        (v.discrimination_check as Record<string, unknown>).m_q1 = 1.5;
      },
      "ours",
    );
    for (const f of ["pilot.json", "panel.json", "panel_hard.json", "panel_random.json", "small.json"])
      check(
        pilotAnalysisSchema,
        json(join(FIX, "pilot-analyze/expected", f)),
        (v) => {
          v.recommendation = "maybe";
        },
        f,
      );
  });

  it("freeze-caps record", async () => {
    const out = join(tmp(), "caps.json");
    await freezeCaps({
      instancesFile: P("bundles/instance_bundle.json"),
      runsFile: P("runs/greedy.jsonl"),
      out,
      sampleTarget: 40,
    });
    check(
      subsetCapsSchema,
      json(out),
      (v) => {
        (v.caps as Record<string, unknown>).A_ref = -1;
      },
      "caps",
    );
  });

  it("q033 manifests, index, sweep and closure", async () => {
    const dir = tmp();
    const built = await q033Build({
      candidateCount: 24,
      perQuartile: 2,
      replicates: 2,
      outDir: dir,
      gitCommit: "test",
    });
    expect(built.ok).toBe(true);
    check(
      q033ManifestIndexSchema,
      json(join(dir, "q033_manifest_index.json")),
      (v) => {
        delete v.manifest_paths;
      },
      "index",
    );
    const m1 = json(join(dir, "q033-rep-01.json"));
    const m2 = json(join(dir, "q033-rep-02.json"));
    check(
      q033ManifestSchema,
      m1,
      (v) => {
        delete (v.quartile_rows as Record<string, unknown>).Q4;
      },
      "manifest",
    );
    // Through JSON, as the files are written and read.
    const s1 = JSON.parse(JSON.stringify(sweepManifest(m1, { clock: () => 0 })));
    const s2 = JSON.parse(JSON.stringify(sweepManifest(m2, { clock: () => 0 })));
    check(
      q033SweepSchema,
      s1,
      (v) => {
        (v.gates as Record<string, unknown>).passed_all = "yes";
      },
      "sweep",
    );
    const c = JSON.parse(
      JSON.stringify(
        closure([
          { path: "a", payload: s1 },
          { path: "b", payload: s2 },
        ]),
      ),
    );
    check(
      q033ClosureSchema,
      c,
      (v) => {
        v.close_q033 = null;
      },
      "closure",
    );
  });
});

describe("P0 artifact schemas", () => {
  it("session check, feedback check, gate and init: ours (strict) and the official outputs", async () => {
    const d = tmp();
    cpSync(join(FIX, "p0/runs"), join(d, "runs"), { recursive: true });
    // Tester a's human sessions (strict mode: human actor, instance in the pack).
    const fb = join(d, "human.csv");
    writeFileSync(
      fb,
      "tester_id,date,backend_used,seed_list_run,objective_clarity,control_clarity,action_effect_clarity,visual_overload,must_fix_blockers,notes\n" +
        "tester_a,2026-11-20,text,7000;7001,4,4,4,2,0,\n",
    );
    const opts = { feedback: fb, runsDir: join(d, "runs"), pack: join(FIX, "p0/pack") };
    const s = await p0SessionCheckFile({ ...opts, out: join(d, "s.json") });
    const f = await p0FeedbackCheckFile({ ...opts, out: join(d, "f.json") });
    const g = await p0GateFile({ ...opts, out: join(d, "g.json") });
    expect([s.ok, f.ok, g.ok]).toEqual([true, true, true]);
    check(
      p0SessionCheckSchema,
      json(join(d, "s.json")),
      (v) => {
        v.expected_session_count = -1;
      },
      "session",
    );
    check(
      p0FeedbackCheckSchema,
      json(join(d, "f.json")),
      (v) => {
        (v.metrics as Record<string, unknown>).objective_ratio_ge_min_score = 2;
      },
      "feedback",
    );
    check(
      p0GateSchema,
      json(join(d, "g.json")),
      (v) => {
        delete v.session_check;
      },
      "gate",
    );
    // A failing strict gate (the unedited template) is a valid gate artifact too.
    const t = await p0GateFile({ ...opts, feedback: join(FIX, "p0/feedback/official_template.csv") });
    expect(t.ok).toBe(false);
    expect(p0GateSchema.safeParse(JSON.parse(JSON.stringify(t.payload))).success).toBe(true);

    const init = await p0Init({
      count: 2,
      outDir: join(d, "pack"),
      templateOut: join(d, "t.csv"),
      out: join(d, "init.json"),
    });
    expect(init.ok).toBe(true);
    check(
      p0InitSchema,
      json(join(d, "init.json")),
      (v) => {
        v.schema_version = "gf01.p0_init.v2";
      },
      "init",
    );
    check(
      pilotFreezeSchema,
      json(join(d, "pack", "pilot_freeze_v1.json")),
      (v) => {
        v.instance_bundle_hash = "x";
      },
      "pack freeze",
    );

    // Every official output that carries one of these schema versions.
    const bySchema: Record<string, z.ZodType> = {
      "gf01.p0_session_check.v1": p0SessionCheckSchema,
      "gf01.p0_feedback_check.v1": p0FeedbackCheckSchema,
      "gf01.p0_gate.v1": p0GateSchema,
    };
    let n = 0;
    for (const file of readdirSync(join(FIX, "p0/expected")).filter((x) => x.endsWith(".json"))) {
      const v = json(join(FIX, "p0/expected", file));
      const schema = bySchema[v.schema_version];
      if (!schema) continue;
      n++;
      const r = schema.safeParse(v);
      expect(r.success, `${file}: ${r.success ? "" : JSON.stringify(r.error.issues[0])}`).toBe(true);
    }
    expect(n).toBeGreaterThanOrEqual(15);
  }, 30_000);
});
