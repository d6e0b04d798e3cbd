/**
 * The reference generators' episode plumbing: a ledger as `[uid, body]` entries rendered as
 * the book's `## State Ledger` lines and the document's `# Episode Log` (the same entries
 * marked UPDATE), a row in the reference's field order, and the three splits drawn from one
 * seeded stream. Rendering draws nothing; the split assembly calls the family's row
 * builders in the reference's order (anchors, holdout, canary), so draws stay in order.
 */
import { PyRandom } from "../../../core/random.js";
import type { TrapFixtures, TrapGenerateOptions, TrapRow } from "../types.js";

/** One ledger line: its uid and its body (`step=3 SET key = value`). */
export type LedgerEntry = [uid: string, body: string];

/** The book's State Ledger lines: `- [U…] step=1 SET …`. */
export const ledgerText = (entries: readonly LedgerEntry[]): string =>
  entries.map(([u, b]) => `- [${u}] ${b}`).join("\n");

/** The same entries as the document writes them, each marked UPDATE: `- [U…] UPDATE step=1 SET …`. */
export const updateLines = (entries: readonly LedgerEntry[]): string =>
  entries.map(([u, b]) => `- [${u}] UPDATE ${b}`).join("\n");

/** The document's episode log (`# Episode Log <ep>` and the update lines). */
export const episodeLogText = (ep: string, entries: readonly LedgerEntry[]): string =>
  `# Episode Log ${ep}\n\n${updateLines(entries)}`;

/** A book: its heading, its sections (rules, chapters, …), then the `## State Ledger` section. */
export const ledgerBook = (heading: string, sections: readonly string[], ledger: string): string =>
  [heading, ...sections, `## State Ledger\n${ledger}`].join("\n\n");

/** The document (episode log) and the book of an episode whose ledger is `entries`. */
export const ledgerEpisode = (
  ep: string,
  heading: string,
  sections: readonly string[],
  entries: readonly LedgerEntry[],
): { document: string; book: string } => ({
  document: episodeLogText(ep, entries),
  book: ledgerBook(heading, sections, ledgerText(entries)),
});

/** What a family writes of a row; the episode fields come from its episode id. */
export interface EpisodeRowFields {
  document: string;
  book: string;
  question: string;
  gold: TrapRow["gold"];
  meta: Record<string, unknown>;
}

/** A reference row (schema 0.1): one question per episode, id `<episode>-Q001`, fields in the reference's order. */
export const episodeRow = (ep: string, f: EpisodeRowFields): TrapRow => ({
  id: `${ep}-Q001`,
  episode_id: ep,
  schema_version: "0.1",
  document: f.document,
  book: f.book,
  question: f.question,
  gold: f.gold,
  meta: f.meta,
});

/**
 * The canaries of generators that seed each one on its own, `PyRandom(seed + offset + index)`
 * (the shared stream is then the anchors' and holdout's only).
 */
export const ownStreamCanary =
  (seed: number, offset: number, build: (index: number, rng: PyRandom) => TrapRow) =>
  (index: number): TrapRow =>
    build(index, new PyRandom(seed + offset + index));

/**
 * anchors, holdout, then canary rows from one `PyRandom(seed)` stream, indices 1-based.
 * `row` gets the split label the reference writes into ids and meta (`anchorLabel` for
 * anchors: "anchor" in most generators, "anchors" in some); `canary` defaults to `row`
 * (generators whose canaries continue the stream) — a generator that seeds each canary
 * on its own ignores the stream it is passed. (The 1.0 variants' `fixturesFromOneStream`
 * is the case of one builder for all three; this stays in the kit, below the families.)
 */
export function splitsFromStream(
  o: TrapGenerateOptions,
  row: (split: string, index: number, rng: PyRandom) => TrapRow,
  canary: (index: number, rng: PyRandom) => TrapRow = (index, rng) => row("canary", index, rng),
  anchorLabel = "anchor",
): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const rows = (n: number, build: (index: number) => TrapRow) =>
    Array.from({ length: n }, (_, i) => build(i + 1));
  const anchors = rows(o.anchors, (index) => row(anchorLabel, index, rng));
  const holdout = rows(o.holdout, (index) => row("holdout", index, rng));
  return { anchors, holdout, canary: rows(o.canary, (index) => canary(index, rng)) };
}
