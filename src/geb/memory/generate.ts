/**
 * The sensitivity generator: memory sets with known, injected defects, for checking that the
 * verifier's numbers move as they must (the reference's `run_memory_verify_sensitivity.py`
 * is referenced by its release check but was never committed; docs/geb/memory.md).
 *
 * Every scenario carries its expectation from construction (which entries are used, which
 * defect each invalid entry got and the reason it must produce), never from running the
 * verifier, so `checkSensitivity` compares the verifier with an independent source.
 * Pure and deterministic: same seed ⇒ same scenarios, byte for byte.
 */
import { PyRandom } from "../../core/random.js";

export const SCENARIO_SCHEMA_VERSION = "geb.memory_scenarios.v1";

export interface ScenarioExpectation {
  total: number;
  used_count: number;
  verified_count: number;
  invalid_count: number;
  /** Over used entries, as the summary counts them. */
  reason_counts: Record<string, number>;
  tag_counts: Record<string, number>;
  /** Per entry, in file order: the sorted reasons it must fail with ([] = must verify). */
  entry_reasons: string[][];
}

export type ScenarioGroup = "ladder" | "scale" | "unused" | "edge" | "catalogue";

export interface Scenario {
  name: string;
  group: ScenarioGroup;
  /** Ladder scenarios: the share of used entries given a defect (the monotonic series). */
  invalid_fraction: number | null;
  /** Memory entries as written to the scenario's JSONL. */
  entries: Record<string, unknown>[];
  expected: ScenarioExpectation;
}

export interface ScenarioSet {
  schema_version: typeof SCENARIO_SCHEMA_VERSION;
  seed: number;
  /** Cited files, path (relative to the scenario root) → text. */
  files: Record<string, string>;
  scenarios: Scenario[];
}

const VOCAB = (
  "alpha bravo cargo delta ember falcon garnet harbor iris juniper kestrel lumen meadow " +
  "nickel orbit pepper quartz raven sierra tundra umber velvet willow xenon yarrow zephyr " +
  "anchor beacon cobalt dune"
).split(" ");
const DOCS = 6;
const DOC_LINES = 24;

interface Doc {
  path: string;
  lines: string[];
}

/** A defect: how it changes a valid entry, and the reason (and tag) it must produce. */
interface Defect {
  kind: string;
  reason: (k: number) => string;
  tag: string;
  apply: (e: Entry, doc: Doc, k: number) => void;
}

type Citation = Record<string, unknown>;
interface Entry extends Record<string, unknown> {
  citations: unknown[];
}

const cite = (e: Entry): Citation => e.citations[0] as Citation;
const inv = "invalid_citation";

/** One of each reason the verifier can give for a single-citation entry. */
const DEFECTS: Defect[] = [
  {
    kind: "missing_id",
    reason: () => "missing_id",
    tag: inv,
    apply: (e) => {
      e.id = "";
    },
  },
  {
    kind: "missing_claim_text",
    reason: () => "missing_claim_text",
    tag: inv,
    apply: (e) => {
      e.claim_text = " ";
    },
  },
  {
    kind: "no_citations",
    reason: () => "no_citations",
    tag: inv,
    apply: (e) => {
      e.citations = [];
    },
  },
  {
    kind: "invalid_citation_type",
    reason: () => "invalid_citation_type",
    tag: inv,
    apply: (e, d) => {
      e.citations = [d.path];
    },
  },
  {
    kind: "unsupported_citation_type",
    reason: () => "unsupported_citation_type:web",
    tag: inv,
    apply: (e) => {
      cite(e).type = "web";
    },
  },
  {
    kind: "missing_file_path",
    reason: () => "missing_file_path",
    tag: inv,
    apply: (e) => {
      delete cite(e).file_path;
    },
  },
  {
    kind: "missing_file",
    reason: (k) => `missing_file:docs/absent_${k}.txt`,
    tag: inv,
    apply: (e, _d, k) => {
      cite(e).file_path = `docs/absent_${k}.txt`;
    },
  },
  {
    kind: "path_outside_root_relative",
    reason: () => "path_outside_root",
    tag: inv,
    apply: (e, d) => {
      cite(e).file_path = `../${d.path}`;
    },
  },
  {
    kind: "path_outside_root_absolute",
    reason: () => "path_outside_root",
    tag: inv,
    apply: (e, d) => {
      cite(e).file_path = `/${d.path}`;
    },
  },
  {
    kind: "invalid_line_range",
    reason: () => "invalid_line_range",
    tag: inv,
    apply: (e) => {
      cite(e).line_start = null;
    },
  },
  {
    kind: "invalid_line_range_fraction",
    reason: () => "invalid_line_range",
    tag: inv,
    apply: (e) => {
      cite(e).line_start = (cite(e).line_start as number) + 0.5;
    },
  },
  {
    kind: "missing_snippet",
    reason: () => "missing_snippet",
    tag: inv,
    apply: (e) => {
      cite(e).snippet = "";
    },
  },
  {
    kind: "line_start_out_of_bounds",
    reason: () => "line_range_out_of_bounds",
    tag: inv,
    apply: (e, d) => {
      cite(e).line_start = d.lines.length + 1;
      cite(e).line_end = d.lines.length + 1;
    },
  },
  {
    kind: "line_end_out_of_bounds",
    reason: () => "line_range_out_of_bounds",
    tag: inv,
    apply: (e, d) => {
      cite(e).line_end = d.lines.length + 3;
    },
  },
  {
    kind: "snippet_mismatch",
    reason: () => "snippet_mismatch",
    tag: "stale_memory",
    apply: (e, _d, k) => {
      const c = cite(e);
      // A word no document contains: the cited lines no longer say this.
      c.snippet = `${c.snippet} stale${k}`;
    },
  },
  {
    kind: "claim_mismatch",
    reason: () => "claim_mismatch",
    tag: "contradicted_memory",
    apply: (e, _d, k) => {
      e.claim_text = `contradicted claim ${k}`;
    },
  },
];

function makeDocs(rng: PyRandom): Doc[] {
  return Array.from({ length: DOCS }, (_, i) => ({
    path: `docs/note_${i}.txt`,
    lines: Array.from({ length: DOC_LINES }, () =>
      Array.from({ length: rng.randint(4, 9) }, () => rng.choice(VOCAB)).join(" "),
    ),
  }));
}

/** A valid entry: 1–3 cited lines, the snippet their words (case and spacing varied), the claim a run of them. */
function validEntry(rng: PyRandom, docs: Doc[], id: string, used: boolean): [Entry, Doc] {
  const doc = rng.choice(docs);
  const start = rng.randint(1, doc.lines.length - 2);
  const end = start + rng.randint(0, 2);
  const words = doc.lines
    .slice(start - 1, end)
    .join(" ")
    .split(" ");
  const from = rng.randrange(0, words.length - 1);
  const to = Math.min(words.length, from + rng.randint(2, 4));
  const claim = words.slice(from, to).join(" ");
  // Exercise normalization: an upper-cased word and a doubled space must still match.
  const snippetWords = words.slice(Math.max(0, from - 1), Math.min(words.length, to + 1));
  const snippet = snippetWords
    .map((w, i) => (i === 0 ? w.toUpperCase() : w))
    .join(rng.random() < 0.5 ? " " : "  ");
  const entry: Entry = {
    id,
    claim_text: claim,
    used,
    confidence: Math.round((0.3 + rng.random() * 0.69) * 100) / 100,
    tags: ["notes", "sensitivity"],
    citations: [{ type: "repo", file_path: doc.path, line_start: start, line_end: end, snippet }],
  };
  return [entry, doc];
}

interface Plan {
  name: string;
  group: ScenarioGroup;
  fraction: number | null;
  used: number;
  invalidUsed: number;
  unusedValid: number;
  unusedInvalid: number;
  /** Defects for the invalid entries: all (cycled, shuffled) or one of each in order. */
  catalogue?: boolean;
}

const PLANS: Plan[] = [
  // The monotonic ladder: 20 used entries, 0 … 20 of them invalid.
  ...Array.from(
    { length: 11 },
    (_, k): Plan => ({
      name: `ladder_${String(k * 10).padStart(3, "0")}`,
      group: "ladder",
      fraction: k / 10,
      used: 20,
      invalidUsed: 2 * k,
      unusedValid: 0,
      unusedInvalid: 0,
    }),
  ),
  {
    name: "scale_1",
    group: "scale",
    fraction: null,
    used: 1,
    invalidUsed: 0,
    unusedValid: 0,
    unusedInvalid: 0,
  },
  {
    name: "scale_120_clean",
    group: "scale",
    fraction: null,
    used: 120,
    invalidUsed: 0,
    unusedValid: 0,
    unusedInvalid: 0,
  },
  {
    name: "scale_150",
    group: "scale",
    fraction: null,
    used: 150,
    invalidUsed: 90,
    unusedValid: 0,
    unusedInvalid: 0,
  },
  {
    name: "unused_invalid",
    group: "unused",
    fraction: null,
    used: 20,
    invalidUsed: 0,
    unusedValid: 0,
    unusedInvalid: 10,
  },
  {
    name: "unused_valid",
    group: "unused",
    fraction: null,
    used: 10,
    invalidUsed: 10,
    unusedValid: 10,
    unusedInvalid: 0,
  },
  { name: "empty", group: "edge", fraction: null, used: 0, invalidUsed: 0, unusedValid: 0, unusedInvalid: 0 },
  {
    name: "all_unused",
    group: "edge",
    fraction: null,
    used: 0,
    invalidUsed: 0,
    unusedValid: 3,
    unusedInvalid: 2,
  },
  {
    name: "defect_catalogue",
    group: "catalogue",
    fraction: null,
    used: DEFECTS.length + 3,
    invalidUsed: DEFECTS.length,
    unusedValid: 0,
    unusedInvalid: 0,
    catalogue: true,
  },
];

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

function sortedRecord(r: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function buildScenario(plan: Plan, rng: PyRandom, docs: Doc[]): Scenario {
  // Slots: used-valid, used-invalid, unused-valid, unused-invalid, shuffled (catalogue: in order).
  const slots: [boolean, boolean][] = [
    ...Array.from({ length: plan.used - plan.invalidUsed }, (): [boolean, boolean] => [true, false]),
    ...Array.from({ length: plan.invalidUsed }, (): [boolean, boolean] => [true, true]),
    ...Array.from({ length: plan.unusedValid }, (): [boolean, boolean] => [false, false]),
    ...Array.from({ length: plan.unusedInvalid }, (): [boolean, boolean] => [false, true]),
  ];
  if (!plan.catalogue) rng.shuffle(slots);
  const defects = DEFECTS.slice();
  if (!plan.catalogue) rng.shuffle(defects);
  const entries: Record<string, unknown>[] = [];
  const entryReasons: string[][] = [];
  const reasonCounts: Record<string, number> = {};
  const tagCounts: Record<string, number> = {};
  let nthInvalid = 0;
  slots.forEach(([used, invalid], i) => {
    const [entry, doc] = validEntry(rng, docs, `${plan.name}_m${String(i).padStart(3, "0")}`, used);
    let reasons: string[] = [];
    let tags: string[] = [];
    if (invalid) {
      const k = nthInvalid++;
      const d = plan.catalogue ? DEFECTS[k] : defects[k % defects.length];
      d.apply(entry, doc, k);
      // Some invalid memories are held with high confidence: they must also be flagged.
      if (k % 3 === 0) entry.confidence = 0.9;
      reasons = [d.reason(k)];
      tags = [d.tag, ...((entry.confidence as number) >= 0.8 ? ["overconfident_memory"] : [])].sort();
    }
    entries.push(entry);
    entryReasons.push(reasons);
    if (used) {
      for (const r of reasons) bump(reasonCounts, r);
      for (const t of tags) bump(tagCounts, t);
    }
  });
  const verified = plan.used - plan.invalidUsed;
  return {
    name: plan.name,
    group: plan.group,
    invalid_fraction: plan.fraction,
    entries,
    expected: {
      total: slots.length,
      used_count: plan.used,
      verified_count: verified,
      invalid_count: plan.invalidUsed,
      reason_counts: sortedRecord(reasonCounts),
      tag_counts: sortedRecord(tagCounts),
      entry_reasons: entryReasons,
    },
  };
}

/** The scenario set for `seed` (19 scenarios; the seed varies documents, entries and defect order). */
export function generateScenarios(seed: number): ScenarioSet {
  const rng = new PyRandom(seed);
  const docs = makeDocs(rng);
  const files: Record<string, string> = {};
  for (const d of docs) files[d.path] = `${d.lines.join("\n")}\n`;
  return {
    schema_version: SCENARIO_SCHEMA_VERSION,
    seed,
    files,
    scenarios: PLANS.map((p) => buildScenario(p, rng, docs)),
  };
}

/** Number of defect kinds the generator injects (each maps to one reason code). */
export const DEFECT_KINDS: readonly string[] = DEFECTS.map((d) => d.kind);
