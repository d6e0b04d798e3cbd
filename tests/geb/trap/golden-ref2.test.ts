/**
 * Golden safety net for the reference ports rag_prompt_injection, the social-pressure pair,
 * myopic_planning_traps, referential_indexing_suite, the novel-continuity pair,
 * persona_session_drift, cross_app and the persona sub-traps (persona.ts): sha256 of
 * everything they produce — fixtures (default seed and seed + 1, every split), the full
 * scorer output (means, failure modes, per-row diagnostics) of the lookup, fold, rule and
 * oracle programs and of the parity prediction sets, the baseline reports of every stage,
 * the expansions, `predictionFromText` on a few texts per row, and the persona wrappers and
 * scorers. Recorded on the code before the kit refactor (issue 33); the refactor must leave
 * every digest unchanged. `GOLDEN_WRITE=1` rewrites the expectation file.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../../src/core/pyjson.js";
import {
  personaSessionRows,
  personaSessionSubTrapRows,
  scorePersonaSession,
  scorePersonaSessionSubTrap,
} from "../../../src/geb/trap/families/persona-session-drift.js";
import { expandSocialRows, scoreSocialPressure } from "../../../src/geb/trap/families/social-pressure.js";
import { baselineReport, evaluateSplit, programPredictions } from "../../../src/geb/trap/framework.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import {
  personaPersistenceRows,
  personaRows,
  scorePersonaInvariance,
} from "../../../src/geb/trap/persona.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS, TRAP_STAGES, type TrapFamily, type TrapRow } from "../../../src/geb/trap/types.js";
import { predSets } from "./preds.js";

const FAMILIES = [
  "rag_prompt_injection",
  "social_pressure_self_doubt",
  "social_pressure_self_doubt_1_0",
  "myopic_planning_traps",
  "referential_indexing_suite",
  "novel_continuity",
  "novel_continuity_long_horizon",
  "persona_session_drift",
  "cross_app_intent_preservation_pack",
];

const FILE = join(import.meta.dirname, "../../fixtures/geb/trap/golden-ref2.json");

const sha = (v: unknown): string =>
  createHash("sha256")
    .update(typeof v === "string" ? v : pyJsonDumps(v, { ensureAscii: false }))
    .digest("hex");

/**
 * The family's declared data (everything that is not a function). Keys sorted: the order a
 * declaration lists its fields in is not an output (floors and jitter lists keep theirs).
 */
const declared = (f: TrapFamily): Record<string, unknown> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v !== "function"));

function familyDigests(f: TrapFamily): Record<string, string> {
  const out: Record<string, string> = {};
  out.declared = sha(pyJsonDumps(declared(f), { sortKeys: true }));
  for (const seedDelta of [0, 1]) {
    const fx = f.generate({ ...f.defaults, seed: f.defaults.seed + seedDelta });
    for (const split of TRAP_SPLITS)
      out[`fixtures/${seedDelta}/${split}`] = sha(serializeTrapRows(fx[split]));
    const programs: Record<string, (r: TrapRow) => ReturnType<TrapFamily["foldPrediction"]>> = {
      lookup: lookupPrediction,
      fold: (r) => f.foldPrediction(r),
    };
    if (f.rulePrediction) programs.rule = (r) => f.rulePrediction!(r);
    if (f.oraclePrediction) programs.oracle = (r) => f.oraclePrediction!(r);
    for (const split of TRAP_SPLITS) {
      const rows = fx[split];
      if (f.expand) out[`expand/${seedDelta}/${split}`] = sha(serializeTrapRows(f.expand(rows)));
      for (const [name, prog] of Object.entries(programs)) {
        const preds = programPredictions(f, rows, prog);
        out[`program/${seedDelta}/${split}/${name}`] = sha(
          JSON.stringify([preds, evaluateSplit(f, split, "target", rows, preds)]),
        );
      }
      for (const [name, make] of Object.entries(predSets(f.id))) {
        const preds = f.expand ? [...make(f, rows), ...make(f, f.expand(rows))] : make(f, rows);
        out[`predset/${seedDelta}/${split}/${name}`] = sha(JSON.stringify(f.score(rows, preds)));
      }
      const texts = (r: TrapRow): string[] => {
        const p = lookupPrediction(r);
        const q = f.foldPrediction(r);
        return [
          JSON.stringify({ value: p.value, support_ids: p.support_ids }),
          `Here you go:\n\`\`\`json\n${JSON.stringify({ value: q.value, support_ids: q.support_ids })}\n\`\`\``,
          "no json here",
          '{"value": 3, "support_ids": "U000001", "extra": [1, 2]}',
          "",
        ];
      };
      out[`fromText/${seedDelta}/${split}`] = sha(
        JSON.stringify(rows.slice(0, 12).map((r) => texts(r).map((t) => f.predictionFromText(r, t)))),
      );
    }
    for (const stage of TRAP_STAGES)
      out[`baselines/${seedDelta}/${stage}`] = sha(baselineReport(f, fx, stage));
  }
  return out;
}

function personaDigests(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ["rag_prompt_injection", "epistemic_calibration_suite", "novel_continuity"]) {
    const f = trapFamily(id)!;
    const rows = f.generate(f.defaults).holdout;
    const look = rows.map(lookupPrediction);
    const fold = rows.map((r) => f.foldPrediction(r));
    for (const [kind, wrap] of [
      ["invariance", personaRows],
      ["persistence", personaPersistenceRows],
    ] as const) {
      const wrapped = wrap(rows);
      out[`persona/${id}/${kind}/rows`] = sha(serializeTrapRows(wrapped));
      out[`persona/${id}/${kind}/same`] = sha(
        scorePersonaInvariance(rows, look, wrapped, wrapped.map(lookupPrediction)),
      );
      out[`persona/${id}/${kind}/fold`] = sha(
        scorePersonaInvariance(
          rows,
          look,
          wrapped,
          wrapped.map((r) => f.foldPrediction(r)),
        ),
      );
      out[`persona/${id}/${kind}/mixed`] = sha(
        scorePersonaInvariance(
          rows,
          fold,
          wrapped,
          wrapped.map((r, i) =>
            i % 3 === 0 ? lookupPrediction(r) : { id: r.id, value: "x", support_ids: [] },
          ),
        ),
      );
    }
    const session = personaSessionSubTrapRows(rows);
    out[`session/${id}/rows`] = sha(serializeTrapRows(session));
    const ps = trapFamily("persona_session_drift")!;
    out[`session/${id}/rule`] = sha(
      scorePersonaSessionSubTrap(
        session,
        session.map((r) => ps.rulePrediction!(r)),
      ),
    );
    out[`session/${id}/lookup`] = sha(scorePersonaSessionSubTrap(session, session.map(lookupPrediction)));
  }
  for (const mode of ["required", "optional", "disabled"] as const) {
    const rows = personaSessionRows({ sessions: 3, turns: 5, styleMarkerMode: mode, episodePrefix: "X" });
    out[`sessionRows/${mode}`] = sha(serializeTrapRows(rows));
    const ps = trapFamily("persona_session_drift")!;
    const preds = rows.map((r) => ps.rulePrediction!(r));
    for (const o of [{}, { requireSupportMatch: true }, { requireProfileMarker: false }])
      out[`sessionScore/${mode}/${JSON.stringify(o)}`] = sha(
        JSON.stringify(scorePersonaSession(rows, preds, o)),
      );
  }
  const sp = trapFamily("social_pressure_self_doubt")!;
  const base = sp.generate(sp.defaults).anchors.slice(0, 4);
  for (const opts of [
    { policy: "goal_lock", guardMode: "heuristic", promptMode: "long_rationale", fatigueTurns: 3 },
    { policy: "evidence_gate", promptMode: "short_rationale", fatigueTurns: 1, dialect: "1.0" },
  ] as const) {
    const ex = expandSocialRows(base, base.map(lookupPrediction), opts);
    out[`social/${JSON.stringify(opts)}`] = sha(serializeTrapRows(ex));
    const preds = [...base.map(lookupPrediction), ...ex.map(lookupPrediction)];
    out[`socialScore/${JSON.stringify(opts)}`] = sha(
      JSON.stringify(scoreSocialPressure(base, preds, { fatigueTurns: opts.fatigueTurns })),
    );
  }
  return out;
}

/**
 * The family with its expansion remembered per (rows, base answers): the digests ask for the
 * same expansion many times (each program, prediction set and stage), and building it is most
 * of this file's CPU (social pressure: 54 attacked prompts of ~3 KB per row). An expansion is
 * a pure function of its arguments; the returned rows are not mutated by the code under test
 * (the digests of a mutation would differ between first and later calls, and fail).
 */
function memoExpand(f: TrapFamily): TrapFamily {
  const expand = f.expand;
  if (!expand) return f;
  const cache = new WeakMap<readonly TrapRow[], Map<string, TrapRow[]>>();
  return {
    ...f,
    expand(rows, basePreds) {
      const byBase = cache.get(rows) ?? new Map<string, TrapRow[]>();
      cache.set(rows, byBase);
      const key = basePreds === undefined ? "-" : JSON.stringify(basePreds);
      const got = byBase.get(key) ?? expand.call(f, rows, basePreds);
      byBase.set(key, got);
      return got;
    },
  };
}

function allDigests(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const id of FAMILIES) out[id] = familyDigests(memoExpand(trapFamily(id)!));
  out.persona = personaDigests();
  return out;
}

describe("golden digests of the reference ports (part 2) and the persona sub-traps", () => {
  const got = allDigests();
  if (process.env.GOLDEN_WRITE === "1") writeFileSync(FILE, `${JSON.stringify(got, null, 1)}\n`);
  const want = JSON.parse(readFileSync(FILE, "utf8")) as Record<string, Record<string, string>>;
  it("covers the same families", () => expect(Object.keys(got)).toEqual(Object.keys(want)));
  for (const id of Object.keys(want))
    it(`${id}: every digest unchanged`, () => expect(got[id]).toEqual(want[id]));
});
