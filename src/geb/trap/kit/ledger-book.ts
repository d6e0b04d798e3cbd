/**
 * The text of a generated episode, written once for every trap family: the book's
 * `## State Ledger` lines (`- [U…] step=N SET|CLEAR|NOTE key[ = value]`, the format ledger.ts
 * reads back), the episode-log document repeating them as `UPDATE` lines, the book/page
 * assembly, and the single-question row in the reference's field order (fixtures are
 * byte-compared). Rendering draws nothing: every uid is the caller's, drawn at its own point
 * in the family's draw order (ledger-lines.ts is the writer that draws them as it goes).
 */
import type { TrapRow } from "../types.js";

/** One ledger line: its uid and its body (`step=3 SET key = value`). */
export type LedgerEntry = [uid: string, body: string];

/** One State Ledger line as the book writes it: `- [uid] step=N body`. */
export const ledgerLine = (uid: string, step: number, body: string): string =>
  `- [${uid}] step=${step} ${body}`;

/** The book's State Ledger lines: `- [U…] step=1 SET …`. */
export const ledgerText = (entries: readonly LedgerEntry[]): string =>
  entries.map(([u, b]) => `- [${u}] ${b}`).join("\n");

/** The same entries as the document writes them, each marked UPDATE: `- [U…] UPDATE step=1 SET …`. */
export const updateLines = (entries: readonly LedgerEntry[]): string =>
  entries.map(([u, b]) => `- [${u}] UPDATE ${b}`).join("\n");

/** The document's episode log (`# Episode Log <ep>` and the update lines). */
export const episodeLog = (ep: string, entries: readonly LedgerEntry[]): string =>
  `# Episode Log ${ep}\n\n${updateLines(entries)}`;

/**
 * Ledger updates in order with a running step (the next update's `step=N`). The uid is always
 * the caller's: each generator draws it at its own point in the reference's draw order.
 */
export class LedgerLines {
  readonly updates: LedgerEntry[] = [];
  constructor(public step = 1) {}

  private push(uid: string, body: string): this {
    this.updates.push([uid, `step=${this.step} ${body}`]);
    this.step++;
    return this;
  }
  set(uid: string, key: string, value: string): this {
    return this.push(uid, `SET ${key} = ${value}`);
  }
  clear(uid: string, key: string): this {
    return this.push(uid, `CLEAR ${key}`);
  }
  note(uid: string, key: string, value: string): this {
    return this.push(uid, `NOTE ${key} = ${value}`);
  }
  /** SET, or CLEAR when the value is null (an authoritative update either way). */
  update(uid: string, key: string, value: string | null): this {
    return value === null ? this.clear(uid, key) : this.set(uid, key, value);
  }
  /** The book's State Ledger lines. */
  ledger(): string {
    return ledgerText(this.updates);
  }
  /** The episode log's lines. */
  episode(): string {
    return updateLines(this.updates);
  }
}

/** A markdown page: `# heading`, then each `## name` section, blank-line separated. */
export function markdownPage(
  heading: string,
  sections: readonly (readonly [name: string, body: string])[],
): string {
  return [`# ${heading}`, ...sections.map(([name, body]) => `## ${name}\n${body}`)].join("\n\n");
}

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
  document: episodeLog(ep, entries),
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
