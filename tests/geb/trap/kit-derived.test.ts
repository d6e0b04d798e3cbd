/**
 * The derived-family kit on its own: the ledger writer's uid draws, the floors table, the
 * scorer loop's means and counts, and the episode's ids, books and rows. The six derived
 * families are pinned end to end by derived-golden.test.ts; this says what each piece does.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../../src/core/random.js";
import {
  DerivedEpisode,
  answerProgram,
  defineDerivedFamily,
  derivedNaming,
  followChain,
  ledgerRules,
  standing,
  valueAndSupport,
} from "../../../src/geb/trap/kit/derived.js";
import { drawUid, episodeId, holdoutDrawOrCycle } from "../../../src/geb/trap/kit/draws.js";
import { floorTable, profileFloorRows } from "../../../src/geb/trap/kit/floors.js";
import { LedgerLines } from "../../../src/geb/trap/kit/ledger-lines.js";
import { isOneOf } from "../../../src/geb/trap/kit/metrics.js";
import { profileMeans, scoreRows } from "../../../src/geb/trap/kit/score.js";
import { valueMeasures, valueOutcome } from "../../../src/geb/trap/kit/value-citation.js";
import { fixturesFromOneStream } from "../../../src/geb/trap/kit/splits.js";
import { foldLedger, trapLedger } from "../../../src/geb/trap/ledger.js";
import type { TrapRow } from "../../../src/geb/trap/types.js";

describe("kit: LedgerLines", () => {
  it("numbers steps from 1 and draws each uid as drawUid would, after the line's own draws", () => {
    const a = new PyRandom(5);
    const ledger = new LedgerLines(a);
    ledger.push(`SET k = ${a.randint(1, 9)}`);
    ledger.push("CLEAR k");
    const b = new PyRandom(5);
    const v = b.randint(1, 9);
    const u1 = drawUid(b);
    const u2 = drawUid(b);
    expect(ledger.text()).toBe(`- [${u1}] step=1 SET k = ${v}\n- [${u2}] step=2 CLEAR k`);
    expect(ledger.uids).toEqual([u1, u2]);
  });

  it("unique: never repeats a uid within one ledger", () => {
    const ledger = new LedgerLines(new PyRandom(1), { unique: true });
    for (let i = 0; i < 500; i++) ledger.push(`NOTE n = ${i}`);
    expect(new Set(ledger.uids).size).toBe(500);
  });
});

describe("kit: floors, profiles, episodes", () => {
  it("floorTable: the table's rows in order, the same on anchors and holdout, one column per stage", () => {
    const f = floorTable([
      ["value_acc", ">=", 0.5, 0.7, 0.9],
      ...profileFloorRows(["a", "b"], ">=", 0.4, 0.6, 0.8),
      ["stale_rate", "<=", 0.3, 0.2, 0.1],
    ]);
    expect(f.ramp.holdout).toEqual([
      { metric: "value_acc", op: ">=", value: 0.7 },
      { metric: "a_acc", op: ">=", value: 0.6 },
      { metric: "b_acc", op: ">=", value: 0.6 },
      { metric: "stale_rate", op: "<=", value: 0.2 },
    ]);
    expect(f.target.anchors).toEqual(f.target.holdout);
    expect(f.target.anchors).not.toBe(f.target.holdout);
  });

  it("holdoutDrawOrCycle: anchors and canary cycle, the holdout draws", () => {
    const rng = new PyRandom(3);
    expect([1, 2, 3, 4].map((i) => holdoutDrawOrCycle(rng, ["x", "y", "z"], "anchor", i))).toEqual([
      "x",
      "y",
      "z",
      "x",
    ]);
    const draw = new PyRandom(3);
    expect(holdoutDrawOrCycle(rng, ["x", "y", "z"], "holdout", 1)).toBe(draw.choice(["x", "y", "z"]));
  });

  it("DerivedEpisode and fixturesFromOneStream: ids, book, row and split labels", () => {
    const fx = fixturesFromOneStream({ seed: 9, anchors: 1, holdout: 2, canary: 1 }, (split, index, rng) => {
      const ep = new DerivedEpisode("fam", "Fam (derived)", "FD", split, index);
      const ledger = new LedgerLines(rng);
      ledger.push("SET k = v");
      return ep.row(ep.book(ledger), "q?", { value: "v", support: ledger.uids }, { profile: "p" });
    });
    expect(fx.holdout.map((r) => r.id)).toEqual(["FD-HOLDOUT-0001-Q001", "FD-HOLDOUT-0002-Q001"]);
    const r = fx.anchors[0];
    expect(r.episode_id).toBe(episodeId("FD", "anchor", 1));
    expect(r.book).toMatch(
      /^# Fam \(derived\) Episode FD-ANCHOR-0001\n\n## State Ledger\n- \[U[0-9A-F]{6}\] step=1 SET k = v$/,
    );
    expect(Object.keys(r)).toEqual([
      "id",
      "episode_id",
      "schema_version",
      "book",
      "question",
      "gold",
      "meta",
    ]);
    expect(r.meta).toEqual({ family: "fam", split: "anchor", case_index: 1, profile: "p" });
  });

  it("answerProgram and standing: the folded ledger's standing values; null answers → no ids", () => {
    const book =
      "## State Ledger\n- [U000001] step=1 SET a = 1\n- [U000002] step=2 CLEAR a\n- [U000003] step=3 SET b = 2";
    const st = foldLedger(trapLedger(book));
    expect(standing(st, "a")).toBeNull();
    expect(standing(st, "b")).toEqual({ value: "2", uid: "U000003" });
    const row = { id: "r", book, question: "b?", gold: {}, meta: {} } as unknown as TrapRow;
    expect(answerProgram(() => null)(row)).toEqual({ id: "r", value: null, support_ids: [] });
    expect(answerProgram((b) => ({ value: b.length, support: ["U000003"] }))(row).support_ids).toEqual([
      "U000003",
    ]);
  });

  it("followChain: each value names the next key; stops off the chain, at a dangling key, or after maxHops", () => {
    const book =
      "## State Ledger\n- [U000001] step=1 SET ptr.a = ptr.b\n- [U000002] step=2 SET ptr.b = part.x" +
      "\n- [U000003] step=3 SET ptr.c = ptr.d\n- [U000004] step=4 SET ptr.e = ptr.e";
    const st = foldLedger(trapLedger(book));
    const ptr = (k: string) => (k.startsWith("ptr.") ? k : null);
    expect(followChain(st, "ptr.a", ptr)).toEqual({
      end: "part.x",
      support: ["U000001", "U000002"],
      dangling: false,
    });
    expect(followChain(st, "ptr.c", ptr)).toEqual({ end: "ptr.d", support: ["U000003"], dangling: true });
    expect(followChain(st, "ptr.e", ptr, 3)).toEqual({
      end: "ptr.e",
      support: ["U000004", "U000004", "U000004"],
      dangling: false,
    });
  });
});

describe("kit: scoreRows", () => {
  const rows = ["p", "q", "p"].map(
    (profile, i) =>
      ({
        id: `r${i}`,
        book: "",
        question: "",
        gold: { value: "v", support_ids: ["U1"] },
        meta: { profile },
      }) as unknown as TrapRow,
  );

  it("means in the listed order; a measure a row leaves out is averaged over the rows that have it; counts", () => {
    const s = scoreRows(
      rows,
      [
        { id: "r0", value: "V ", support_ids: ["U1"] },
        { id: "r1", value: "w" },
        { id: "r2", value: "v", raw_unparsed: true },
      ],
      ({ pred, gold, meta }) => {
        const ok = pred.value !== undefined && String(pred.value).trim().toLowerCase() === gold.value;
        const measures = valueMeasures(ok, pred, gold, String(meta.profile));
        return { correct: ok, measures, diag: { ok }, failureMode: ok ? null : "wrong" };
      },
      ["cite_f1", "value_acc", "parse_rate", ...profileMeans(["p", "q"], { counts: true })],
    );
    expect(Object.keys(s.means)).toEqual([
      "cite_f1",
      "value_acc",
      "parse_rate",
      "p_acc",
      "p_count",
      "q_acc",
      "q_count",
    ]);
    expect(s.means).toMatchObject({
      value_acc: 2 / 3,
      parse_rate: 2 / 3,
      p_acc: 1,
      p_count: 2,
      q_acc: 0,
      q_count: 1,
    });
    expect(s.correct).toEqual([true, false, true]);
    expect(s.failure_mode_counts).toEqual({ wrong: 1 });
    expect(s.rows[1]).toEqual({ id: "r1", ok: false });
  });

  it("isOneOf: normalised membership; not a list → false", () => {
    expect(isOneOf([" A ", 3], "a")).toBe(true);
    expect(isOneOf([" A ", 3], 3)).toBe(true);
    expect(isOneOf("a", "a")).toBe(false);
  });
});

describe("kit: a derived family's declaration", () => {
  const declare = (profiles?: { names: string[]; counts?: boolean; floor: [number, number, number] }) =>
    defineDerivedFamily({
      id: "kit_probe_derived",
      description: "probe",
      defaults: { seed: 1, anchors: 1, holdout: 1, canary: 1 },
      episodes: {
        prefix: "KP",
        title: "Kit Probe",
        draw: (ep) => ep.row("", "q", { value: "x", support: [] }, { profile: "a" }),
      },
      ...(profiles ? { profiles } : {}),
      scorer: {
        row: (r) => valueOutcome(r.pred.value === "x", r, ["profile", String(r.meta.profile)]),
        means: ["value_acc", "cite_f1"],
      },
      floors: [
        ["value_acc", ">=", 0.5, 0.6, 0.7],
        ["cite_f1", ">=", 0, 0.5, 0.8],
      ],
      jitter: ["value_acc"],
      canaryAlert: 1,
      programs: {
        fold: answerProgram(() => null),
        oracle: answerProgram(() => ({ value: "x", support: [] })),
      },
    });

  it("profiles: each accuracy (and count) after the scorer's means, floored right after the accuracy metric", () => {
    const f = declare({ names: ["a", "b"], counts: true, floor: [0.4, 0.6, 0.8] });
    expect(f.floors.ramp.holdout.map((x) => [x.metric, x.value])).toEqual([
      ["value_acc", 0.6],
      ["a_acc", 0.6],
      ["b_acc", 0.6],
      ["cite_f1", 0.5],
    ]);
    const rows = f.generate({ seed: 1, anchors: 2, holdout: 0, canary: 0 }).anchors;
    // Gold cites nothing: an empty citation of it is exact (cite_f1 1 on both rows).
    const s = f.score(rows, [{ id: rows[0].id, value: "x", support_ids: [] }]);
    expect(s.means).toEqual({ value_acc: 0.5, cite_f1: 1, a_acc: 0.5, a_count: 2, b_acc: 0, b_count: 0 });
    expect(s.rows[0]).toEqual({ id: rows[0].id, profile: "a", value_ok: true, cite_f1: 1 });
    // No profiles: the declared means and floors as they are.
    expect(Object.keys(declare().score(rows, []).means)).toEqual(["value_acc", "cite_f1"]);
  });

  it("ledgerRules and valueAndSupport: the questions' reading rules and answer format", () => {
    expect(ledgerRules({ cleared: "key has no value", notes: "commentary" })).toBe(
      "The State Ledger is authoritative: the latest SET of a key counts, a CLEARed key has no value, NOTE lines are commentary.",
    );
    expect(ledgerRules({ cleared: "key is gone", notes: "rumours", also: "prices are not units" })).toMatch(
      /NOTE lines are rumours, prices are not units\.$/,
    );
    expect(valueAndSupport("the ids cited")).toBe(
      "Return JSON with keys: value and support_ids (the ids cited).",
    );
    expect(valueAndSupport("the ids cited", "an integer")).toBe(
      "Return JSON with keys: value (an integer) and support_ids (the ids cited).",
    );
  });
});

describe("kit: a derived family's naming", () => {
  it("the prefix is the id's initials, the title its words with a final `derived` in brackets", () => {
    expect(derivedNaming("novel_continuity_derived")).toEqual({
      prefix: "NCD",
      title: "Novel Continuity (derived)",
    });
    expect(derivedNaming("compression_derived")).toEqual({ prefix: "CD", title: "Compression (derived)" });
    expect(derivedNaming("kit_probe")).toEqual({ prefix: "KP", title: "Kit Probe" });
  });
});
