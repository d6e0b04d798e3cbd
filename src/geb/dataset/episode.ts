/** One episode under construction: its nouns, ids, values for decoys and question wording. */
import type { PyRandom } from "../../core/random.js";
import { makeValue, pad, type QuerySpec } from "./state.js";
import type { LedgerEntry, StateMode } from "./types.js";

export const makeKey = (i: number): string => `tag.${pad(i, 2)}`;

export function makeUid(rng: PyRandom, used: Set<string>): string {
  for (;;) {
    // Non-monotonic, hash-like IDs (no "pick the max ID" shortcut).
    const c = `U${rng
      .randrange(0, 16 ** 6)
      .toString(16)
      .padStart(6, "0")
      .toUpperCase()}`;
    if (!used.has(c)) {
      used.add(c);
      return c;
    }
  }
}

export function nearMissValue(value: string, rng: PyRandom): string {
  const m = /^([a-z]+)-(\d{4})$/.exec(value);
  if (m) {
    const delta = rng.choice([-3, -2, -1, 1, 2, 3]);
    // Python's % is non-negative for a positive modulus.
    return `${m[1]}-${pad((((Number(m[2]) + delta) % 10000) + 10000) % 10000, 4)}`;
  }
  const dash = value.indexOf("-");
  if (dash >= 0) return `${value.slice(0, dash)}-${pad(rng.randrange(0, 10000), 4)}`;
  return makeValue(rng);
}

export function noteCamouflageValue(
  key: string,
  value: string,
  step: number,
  rng: PyRandom,
  suite: boolean,
): string {
  const templates = [
    `${value} (final update)`,
    `UPDATE: SET ${key} = ${value}`,
    `FINAL UPDATE: ${key} = ${value}`,
    `step=${step} SET ${key} = ${value}`,
    `${value} (confirmed)`,
  ];
  if (suite)
    templates.push(
      `"SET ${key} = ${value}"`,
      `QUOTE: "UPDATE step=${step} SET ${key} = ${value}"`,
      `${value} (latest per note)`,
    );
  return rng.choice(templates);
}

export function chapterBreaks(steps: number, chapters: number): Set<number> {
  const out = new Set<number>();
  if (chapters <= 1) return out;
  const stride = Math.max(1, Math.floor(steps / chapters));
  for (let i = stride; i < steps; i += stride) out.add(i);
  return out;
}

/** One query of an episode, before rendering. */
export interface QueryPlan extends QuerySpec {
  qIndex: number;
  hasInstruction: boolean;
  instructionValue: string | null;
  instructionVariant: string | null;
  /** Question text after `Question <qid>: `. */
  ask: string;
}

/** Where one SET lives in the rendered artifacts, and how its narrative line is worded. */
export interface SetSite {
  log: number;
  chapter: number;
  line: number;
  ledger: number;
  narrative: (key: string, value: string) => string;
}

export const reportedLine = (key: string, value: string): string =>
  `Reported: ${key} = ${value} (narrative; may be wrong).`;
export const backgroundTabLine = (key: string, value: string): string =>
  `BACKGROUND TAB: authoritative record says ${key} = ${value}.`;

/** Structured episode: enough to render rows and, in 1.0, to rewrite a twin precisely. */
export interface Episode {
  episodeId: string;
  /** Title of the log header and the book (a 1.0 twin keeps its base's, so only the flip differs). */
  title: string;
  seed: number;
  keys: string[];
  logLines: string[];
  chapters: string[][];
  ledger: LedgerEntry[];
  /** SET uid → where its log line, narrative line and ledger entry are (1.0 twins). */
  setSites: Map<string, SetSite>;
  queries: QueryPlan[];
}

const CITATION_SUFFIX =
  '\nReturn JSON with keys: value, support_ids.\nsupport_ids must be a list (max 3) of UPDATE IDs that establish the answer (e.g., ["U0007"]).';

export function questionAsk(q: QuerySpec, mode: StateMode): string {
  if (q.queryType === "derived" && q.derivedOp === "reports") {
    return `Which tags currently report to manager ${q.derivedManager}? Return comma-separated tag IDs in ascending order, or null if none.`;
  }
  let ask: string;
  if (q.queryType === "derived" && q.derivedOp === "color") ask = "color prefix";
  else if (q.queryType === "derived" && q.derivedOp === "parity") ask = "parity (even or odd)";
  else if (q.queryType === "derived" && q.derivedOp === "count") ask = "active member count";
  else if (mode === "counter") ask = "current counter value";
  else if (mode === "set") ask = "current member list (comma-separated)";
  else if (mode === "relational") ask = "current assignee/manager";
  else ask = "value";
  return `What is the ${ask} of ${q.key}?`;
}

export const questionText = (qid: string, ask: string, requireCitations: boolean): string =>
  `Question ${qid}: ${ask}${requireCitations ? CITATION_SUFFIX : ""}`;

export function newEpisode(seed: number, episodeId: string, keys: string[]): Episode {
  return {
    episodeId,
    title: `GoldEvidenceBench Episode ${episodeId}`,
    seed,
    keys,
    logLines: [`# GoldEvidenceBench Episode ${episodeId}`, "", "## Episode Log"],
    chapters: [[]],
    ledger: [],
    setSites: new Map(),
    queries: [],
  };
}
