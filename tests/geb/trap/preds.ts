/**
 * Prediction sets for scorer parity, built exactly as tests/fixtures/geb/trap/make_expected.py
 * builds them (the script that ran the reference scorers to record expected_means.json).
 */
import { pyFloat, pyJsonDumps, pyStr } from "../../../src/core/pyjson.js";
import { PyRandom } from "../../../src/core/random.js";
import { SCAFFOLD_FAMILY_IDS } from "../../../src/geb/trap/families/control-scaffold.js";
import { foldLedger, lookupPrediction, trapLedger } from "../../../src/geb/trap/ledger.js";
import { pySortStrings } from "../../../src/geb/trap/py.js";
import type { TrapFamily, TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";

export function goldPreds(rows: readonly TrapRow[]): TrapPrediction[] {
  return rows.map((r) => ({ id: r.id, value: r.gold.value ?? null, support_ids: r.gold.support_ids ?? [] }));
}

export function randomPreds(rows: readonly TrapRow[], seed = 0): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const opts: [string | null, string[]][] = trapLedger(r.book).map((e) => [
      e.op === "CLEAR" ? null : e.value,
      [e.uid],
    ]);
    opts.push([null, []]);
    const [value, ids] = rng.choice(opts);
    return { id: r.id, value, support_ids: ids };
  });
}

export function jsonRandomPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const lk = lookupPrediction(r);
    const key = (r.meta.key as string | undefined) || "x";
    const obj: Record<string, unknown> = {
      decision: rng.choice(["answer", "abstain", "ask", "retrieve", "ANSWER", "guess"]),
      answer: rng.choice([lk.value, null, "7", 14]),
      confidence: rng.choice<unknown>([0.1, 0.35, 0.6, 0.75, 0.9, pyFloat(1), 1.5, -0.2, "0.8"]),
      needed_info: rng.choice([[], [key], ["region override cap"], ["policy.retention_days"]]),
      support_ids: lk.support_ids,
    };
    if (rng.random() < 0.15) delete obj.confidence;
    return { id: r.id, value: pyJsonDumps(obj), support_ids: [] };
  });
}

/** compression_loss_bounded: partial / corrupted / padded states in seven wrappings. */
export function jsonRandomCompressionPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const st = foldLedger(trapLedger(r.book));
    const d: Record<string, unknown> = {};
    for (const k of pySortStrings(st.keys())) {
      if (rng.random() < 0.8) {
        let val: unknown = st.get(k)!.value;
        if (rng.random() < 0.2) val = rng.choice<unknown>(["X", null, 5, true, pyFloat(7)]);
        d[k] = val;
      }
    }
    if (rng.random() < 0.3) d["tag.99"] = "extra";
    const fmt = rng.choice(["obj_in_str", "flat_str", "text_blob", "dict", "list", "garbage", "nested"]);
    const wrapped = { compact_state: d };
    const value =
      fmt === "obj_in_str"
        ? pyJsonDumps(wrapped)
        : fmt === "flat_str"
          ? pyJsonDumps(d)
          : fmt === "text_blob"
            ? `Here: ${pyJsonDumps(wrapped)} done`
            : fmt === "dict"
              ? wrapped
              : fmt === "list"
                ? [d]
                : fmt === "nested"
                  ? pyJsonDumps(pyJsonDumps(wrapped))
                  : "no json here {";
    return { id: r.id, value, support_ids: [] };
  });
}

/** compression_recoverability: wrong types, padding, case, odd citation shapes, no value. */
export function jsonRandomRecoverabilityPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const lk = lookupPrediction(r);
    const v = lk.value;
    const sv = pyStr(v);
    const ids = lk.support_ids as string[];
    const value = rng.choice<unknown>([
      v,
      null,
      5,
      pyFloat(7),
      true,
      { a: 1 },
      ` ${sv} `,
      "X",
      sv.toUpperCase(),
    ]);
    const sup = rng.choice<unknown>([
      ids,
      [],
      null,
      "U000000",
      [...ids, "UFFFFFF"],
      [null, ...ids],
      [...ids, ...ids],
    ]);
    const p: TrapPrediction = { id: r.id, value, support_ids: sup };
    if (rng.random() < 0.1) delete p.value;
    return p;
  });
}

/** rag_prompt_injection: the stale value, case and padding, odd citation shapes. */
export function jsonRandomRagPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const lk = lookupPrediction(r);
    const wrong = r.meta.pressure_wrong_value ?? null;
    const v = rng.choice<unknown>([lk.value, lk.value, wrong, null, ` ${pyStr(lk.value).toUpperCase()} `, 5]);
    const ids = lk.support_ids as string[];
    const sup = rng.choice<unknown>([ids, ids, [], ["U000000"], [...ids, "UFFFFFF"], null, "UABCDEF"]);
    return { id: r.id, value: v, support_ids: sup };
  });
}

/** persona_session_drift: other markers, marker or payload alone, padding, odd citation shapes, missing rows. */
export function jsonRandomSessionPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  const out: TrapPrediction[] = [];
  for (const r of rows) {
    const gv = r.gold.value as string;
    const ids = r.gold.support_ids as string[];
    const payload = gv.startsWith("[STYLE:") ? gv.slice(gv.indexOf("] ") + 2) : gv;
    const v = rng.choice<unknown>([
      gv,
      gv,
      `[STYLE:ULTRA_BRIEF] ${payload}`,
      payload,
      "[STYLE:CREATIVE_WRITER]",
      `  [STYLE:CONFIDENT_EXPERT]   ${payload.replaceAll(" ", "   ")}  `,
      null,
      "Like a story, clearly the next step",
      5,
      `${gv}\nmore`,
      `I recommend ${payload}`,
    ]);
    const sup = rng.choice<unknown>([
      ids,
      ids,
      ids.map((x) => x.toLowerCase()),
      [],
      null,
      ids.map((x) => ` ${x} `),
      [...ids, "U0002"],
      "U0001",
    ]);
    const p: TrapPrediction = { id: r.id, value: v, support_ids: sup };
    const x = rng.random();
    if (x < 0.1) {
      delete p.support_ids;
      p.support_id = ids[0];
    } else if (x < 0.15) delete p.value;
    if (rng.random() < 0.05) continue;
    out.push(p);
  }
  return out;
}

type Make = (f: TrapFamily, rows: readonly TrapRow[]) => TrapPrediction[];

/** The five prediction sets make_expected.py scores, for one family. */
export function predSets(familyId: string): Record<string, Make> {
  return {
    gold: (_f, rows) => goldPreds(rows),
    lookup: (_f, rows) => rows.map(lookupPrediction),
    random: (_f, rows) => randomPreds(rows),
    json_random: (_f, rows) =>
      familyId === "compression_loss_bounded"
        ? jsonRandomCompressionPreds(rows)
        : familyId === "compression_recoverability" ||
            familyId === "authority_under_interference" ||
            familyId === "authority_under_interference_hardening" ||
            familyId === "compression_roundtrip_generalization" ||
            (SCAFFOLD_FAMILY_IDS as readonly string[]).includes(familyId) ||
            familyId === "cross_app_intent_preservation_pack"
          ? jsonRandomRecoverabilityPreds(rows)
          : familyId === "rag_prompt_injection" || familyId === "social_pressure_self_doubt"
            ? jsonRandomRagPreds(rows)
            : familyId === "persona_session_drift"
              ? jsonRandomSessionPreds(rows)
              : jsonRandomPreds(rows),
    fold: (f, rows) => rows.map((r) => f.foldPrediction(r)),
    // Families with a rule program: make_expected.py's own (Python) rule program.
    ...(familyId === "implication_coherence"
      ? { rule: (f: TrapFamily, rows: readonly TrapRow[]) => rows.map((r) => f.rulePrediction!(r)) }
      : {}),
  };
}
