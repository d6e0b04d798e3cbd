/**
 * The ledger-episode rows most reference generators write: a book (`# heading`, `## …`
 * sections, the last one the `## State Ledger`), an episode-log document repeating the
 * ledger's updates as `UPDATE` lines, and one question `<episode>-Q001`. The ledger line
 * format is the one ledger.ts reads back (`- [U…] step=N SET|CLEAR|NOTE key[ = value]`).
 */
import type { TrapRow } from "../types.js";

/** One ledger update: its uid and its body (`step=N SET key = value`, …). */
export type LedgerUpdate = readonly [uid: string, body: string];

/**
 * Ledger updates in order with a running step (the next update's `step=N`). The uid is always
 * the caller's: each generator draws it at its own point in the reference's draw order.
 */
export class LedgerLines {
  readonly updates: LedgerUpdate[] = [];
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
    return episodeText(this.updates);
  }
}

/** The book's State Ledger lines: `- [uid] body`. */
export const ledgerText = (updates: readonly LedgerUpdate[]): string =>
  updates.map(([u, b]) => `- [${u}] ${b}`).join("\n");

/** The episode log's lines: `- [uid] UPDATE body`. */
export const episodeText = (updates: readonly LedgerUpdate[]): string =>
  updates.map(([u, b]) => `- [${u}] UPDATE ${b}`).join("\n");

/** A markdown page: `# heading`, then each `## name` section, blank-line separated. */
export function markdownPage(
  heading: string,
  sections: readonly (readonly [name: string, body: string])[],
): string {
  return [`# ${heading}`, ...sections.map(([name, body]) => `## ${name}\n${body}`)].join("\n\n");
}

/** The row's text and answer; `episodeRow` adds the ids and schema version. */
export interface EpisodeRowFields {
  document: string;
  book: string;
  question: string;
  gold: TrapRow["gold"];
  meta: Record<string, unknown>;
}

/** A single-question episode row, fields in the reference's order (fixtures are byte-compared). */
export function episodeRow(episodeId: string, f: EpisodeRowFields): TrapRow {
  return {
    id: `${episodeId}-Q001`,
    episode_id: episodeId,
    schema_version: "0.1",
    document: f.document,
    book: f.book,
    question: f.question,
    gold: f.gold,
    meta: f.meta,
  };
}

/** The episode-log document most generators write: `# Episode Log <episode>`, then the UPDATE lines. */
export const episodeLog = (episodeId: string, ledger: LedgerLines): string =>
  `# Episode Log ${episodeId}\n\n${ledger.episode()}`;
