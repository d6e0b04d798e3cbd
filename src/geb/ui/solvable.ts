/**
 * `geb ui solvable`: is every step's gold identifiable from what an agent sees?
 *
 * The proof is constructive: `resolveTarget` reads only the agent row (answer key stripped,
 * ./agent-row.ts) and the instruction's target in the 1.0 grammar
 *
 *   Click "<label>"[ in the main window| in the popup][: the <ordinal> of <M> from the left].
 *
 * (`<label>` a JSON string). It keeps the actionable candidates (visible, enabled, not
 * `clickable: false`, not `aria_disabled`) whose label or accessible name is `<label>`, in the
 * named window (main: `modal_scope` null or "main" and not an overlay; popup: the others), and
 * then needs exactly one, or exactly M ordered by bbox x (then y) with distinct x, taking the
 * given one. A step is solvable when that candidate is the gold. Steps expected to abstain are
 * not checked for a gold (there is none), only reported; an instruction outside the grammar
 * is "unresolved": not proven solvable.
 */
import { type AgentRow, instructionOf, toAgentRow } from "./agent-row.js";
import type { UiCandidate, UiRow } from "./schema.js";

export function ordinal(n: number): string {
  const t = n % 100;
  const suffix =
    t >= 11 && t <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

const TARGET =
  /^Click ("(?:[^"\\]|\\.)*")( in the main window| in the popup)?(?:: the (\d+)(?:st|nd|rd|th) of (\d+) from the left)?\.$/;

export interface Target {
  label: string;
  window?: "main" | "popup";
  position?: { index: number; of: number };
}

/** The instruction's target, or undefined when it is not in the grammar. */
export function parseTarget(instruction: string): Target | undefined {
  const m = TARGET.exec(instruction);
  if (!m) return undefined;
  let label: string;
  try {
    label = JSON.parse(m[1]) as string;
  } catch {
    return undefined;
  }
  const t: Target = { label };
  if (m[2]) t.window = m[2].includes("popup") ? "popup" : "main";
  if (m[3] !== undefined) t.position = { index: Number(m[3]), of: Number(m[4]) };
  return t;
}

export const isActionable = (c: UiCandidate): boolean =>
  c.visible && c.enabled && c.clickable !== false && c.aria_disabled !== true;

const inMain = (c: UiCandidate): boolean =>
  (c.modal_scope === null || c.modal_scope === "main") && c.overlay !== true;

export type Resolution = { ok: true; candidate_id: string } | { ok: false; reason: string };

/** The candidate the instruction designates, from the agent's view only. */
export function resolveTarget(row: AgentRow): Resolution {
  const t = parseTarget(instructionOf(row));
  if (!t) return { ok: false, reason: "instruction_not_in_target_grammar" };
  let m = row.candidates.filter(
    (c) => isActionable(c) && (c.label === t.label || c.accessible_name === t.label),
  );
  if (t.window) m = m.filter((c) => (t.window === "main" ? inMain(c) : !inMain(c)));
  if (!t.position) {
    if (m.length === 1) return { ok: true, candidate_id: m[0].candidate_id };
    return { ok: false, reason: m.length === 0 ? "no_matching_candidate" : `ambiguous:${m.length}_matches` };
  }
  const { index, of } = t.position;
  if (m.length !== of) return { ok: false, reason: `position_count_mismatch:${m.length}_of_${of}` };
  const sorted = [...m].sort((a, b) => a.bbox[0] - b.bbox[0] || a.bbox[1] - b.bbox[1]);
  if (new Set(sorted.map((c) => c.bbox[0])).size !== sorted.length)
    return { ok: false, reason: "position_tie" };
  if (index < 1 || index > of) return { ok: false, reason: "position_out_of_range" };
  return { ok: true, candidate_id: sorted[index - 1].candidate_id };
}

export type StepVerdict = "solvable" | "unsolvable" | "unresolved" | "abstain_expected";

export interface SolvableStep {
  id: string;
  line?: number;
  verdict: StepVerdict;
  /** The resolved candidate (when one was), or the reason none was. */
  resolved?: string;
  reason?: string;
}

export interface SolvableReport {
  rows: number;
  /** Rows not expected to abstain (the ones that must be solvable). */
  checked: number;
  solvable: number;
  solvable_rate: number | null;
  abstain_expected: number;
  /** Every non-solvable checked step. */
  failures: SolvableStep[];
}

export function checkSolvable(rows: readonly UiRow[], lines?: readonly number[]): SolvableReport {
  let checked = 0;
  let solvable = 0;
  let abstain = 0;
  const failures: SolvableStep[] = [];
  rows.forEach((row, i) => {
    const line = lines?.[i];
    if (row.abstain_expected === true) {
      abstain++;
      return;
    }
    checked++;
    // The resolver sees the agent row only; the gold is compared afterwards, here.
    const r = resolveTarget(toAgentRow(row));
    if (r.ok && r.candidate_id === row.gold.candidate_id) solvable++;
    else if (r.ok)
      failures.push({
        id: row.id,
        line,
        verdict: "unsolvable",
        resolved: r.candidate_id,
        reason: "resolves_to_non_gold",
      });
    else failures.push({ id: row.id, line, verdict: "unresolved", reason: r.reason });
  });
  return {
    rows: rows.length,
    checked,
    solvable,
    solvable_rate: checked ? solvable / checked : null,
    abstain_expected: abstain,
    failures,
  };
}
