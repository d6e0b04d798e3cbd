/**
 * The State Ledger of a generated episode, written line by line: `- [<uid>] step=<n> <body>`,
 * steps numbered from 1 in writing order, each uid drawn from the episode's `PyRandom` when
 * its line is written. A family's draw order is part of its fixtures, so the writer draws
 * nothing but the uid, and only at the moment `push` (or `uid`) is called.
 */
import type { PyRandom } from "../../../core/random.js";
import { drawUid, drawUniqueUid } from "./draws.js";
import { ledgerLine } from "./ledger-book.js";

export class LedgerLines {
  readonly lines: string[] = [];
  readonly uids: string[] = [];
  /** The uids drawn so far when every line must have its own (`unique`), else null. */
  private readonly used: Set<string> | null;

  /** `unique`: redraw a uid already used in this ledger (the draw then consumes more of the stream). */
  constructor(
    private readonly rng: PyRandom,
    opts: { unique?: boolean } = {},
  ) {
    this.used = opts.unique ? new Set() : null;
  }

  /** Draw the next line's uid now (for a family that draws it before the line's words). */
  uid(): string {
    return this.used ? drawUniqueUid(this.rng, this.used) : drawUid(this.rng);
  }

  /** Append a line under an already drawn uid; returns the uid. */
  add(uid: string, body: string): string {
    this.lines.push(ledgerLine(uid, this.lines.length + 1, body));
    this.uids.push(uid);
    return uid;
  }

  /** Append a line (its words were computed by the caller, so drawn first), drawing its uid; returns the uid. */
  push(body: string): string {
    return this.add(this.uid(), body);
  }

  /** The ledger section's text: the lines joined by newlines. */
  text(): string {
    return this.lines.join("\n");
  }
}
