/**
 * The deterministic UI policy (design §A4): a chain of filters over a step's candidates; the
 * policy selects when exactly one candidate survives. Every filter falls back to its input
 * when it would remove everything (except the same-label tie-break, which abstains on a tie).
 * One implementation records the per-candidate trace (reason codes as the reference's
 * `preselect_candidates_with_trace`); tests/geb/ui/policy.test.ts replays the reference's
 * recorded outputs and traces.
 *
 * Dialects:
 * - `1.0` reads an AgentRow (answer key stripped): rules 0 (`abstain_expected` → abstain) and
 *   the `expected_delta.event ∋ "unsaved_prompt"` half of rule 4 cannot fire. `runPolicy`
 *   first follows an instruction in the target grammar of ./solvable.ts, if there is one.
 * - `reference-0.1` (leaky, labelled so in outputs) reads the full fixture row, answer key
 *   included, exactly as the reference does (finding F4).
 *
 * Candidates are read defensively (the reference's own tests pass partial candidates).
 */
import { type AgentRow, instructionOf, toAgentRow } from "./agent-row.js";
import type { UiRow } from "./schema.js";
import { resolveTarget } from "./solvable.js";

type Cand = Record<string, unknown>;
type Row = Record<string, unknown>;

const OVERLAY_MODAL_SCOPES = new Set(["popup", "overlay"]);
const STOPWORDS = new Set(
  (
    "a activate an and button buttons choose click close focus left leftmost link links main menu modal of on open " +
    "option options or overlay page popup press primary right rightmost screen secondary select section tab tabs " +
    "tap the to top upper use window bottom lower"
  ).split(" "),
);
const SYNONYMS: Record<string, readonly string[]> = {
  apply: ["confirm", "save", "submit"],
  back: ["previous", "prev"],
  begin: ["start", "open"],
  cancel: ["close", "dismiss"],
  close: ["cancel", "dismiss"],
  confirm: ["ok", "okay", "yes", "apply", "save", "continue"],
  continue: ["next", "proceed"],
  commit: ["apply", "save", "confirm"],
  deactivate: ["disable", "turnoff"],
  disable: ["deactivate", "turnoff"],
  dialog: ["panel", "drawer", "modal"],
  dismiss: ["cancel", "close"],
  done: ["finish", "complete"],
  enable: ["activate", "turnon"],
  finish: ["done", "complete"],
  finalize: ["apply", "finish", "confirm"],
  launch: ["open", "start"],
  next: ["continue", "proceed"],
  ok: ["confirm", "okay", "yes"],
  okay: ["confirm", "ok", "yes"],
  open: ["start", "begin", "launch"],
  previous: ["back", "prev"],
  prev: ["back", "previous"],
  proceed: ["continue", "next"],
  save: ["apply", "confirm", "submit"],
  start: ["begin", "open", "launch"],
  submit: ["apply", "send"],
  turnoff: ["disable", "deactivate"],
  turnon: ["enable", "activate"],
  yes: ["confirm", "ok", "okay"],
  activate: ["enable", "turnon"],
};
const OVERLAY_CONFIRM = new Set([
  "accept",
  "approve",
  "apply",
  "confirm",
  "continue",
  "finish",
  "ok",
  "okay",
  "proceed",
  "yes",
]);
const STATE_ADVANCE_KEYS = ["permission_granted", "consent_granted"];
const STATE_SIGNAL_EXCLUDE = new Set(["modal_scope", "panel", "overlay_present"]);
const SAVE_DEST = ["desktop", "documents", "downloads"];

// Python's str.strip() whitespace is close enough to \s for scope/label comparisons here.
const strip = (s: string) => s.replace(/^\s+|\s+$/gu, "");
const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number";
const nonBlank = (v: unknown): v is string => typeof v === "string" && strip(v) !== "";
/** Python truthiness of a JSON value. */
const truthy = (v: unknown): boolean =>
  v === true ||
  (typeof v === "number" && v !== 0) ||
  (typeof v === "string" && v !== "") ||
  (Array.isArray(v) && v.length > 0) ||
  (isObj(v) && Object.keys(v).length > 0);

/** Lower-cased runs of letters and digits (Python `isalnum`). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
const keywordTokens = (instruction: string) => tokenize(instruction).filter((t) => !STOPWORDS.has(t));

function expand(tokens: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tokens)
    for (const c of [t, ...(SYNONYMS[t] ?? [])])
      if (!seen.has(c)) {
        out.push(c);
        seen.add(c);
      }
  return out;
}

/** The instruction's keywords: tokens without stopwords, expanded with synonyms (deduplicated). */
export const instructionKeywords = (instruction: string): string[] => expand(keywordTokens(instruction));

/** Equal, or a prefix either way when both tokens have ≥ 4 characters. */
export function tokenMatches(a: string, b: string): boolean {
  if (a === b) return true;
  if ([...a].length < 4 || [...b].length < 4) return false;
  return a.startsWith(b) || b.startsWith(a);
}

const hasAny = (text: string, needles: readonly string[]) => {
  const t = new Set(tokenize(text));
  return needles.some((n) => t.has(n));
};
const hasNegated = (text: string, token: string) =>
  ["not", "no"].some((p) => ["", " the", " a", " an"].some((m) => text.includes(`${p}${m} ${token}`)));

function isOverlay(c: Cand): boolean {
  if (c.overlay_present === true || c.overlay === true) return true;
  return typeof c.modal_scope === "string" && OVERLAY_MODAL_SCOPES.has(strip(c.modal_scope).toLowerCase());
}
function isMainScope(c: Cand): boolean {
  const s = c.modal_scope;
  if (s === null || s === undefined) return true;
  return typeof s === "string" && ["", "main"].includes(strip(s).toLowerCase());
}
const states = (c: Cand): Record<string, unknown>[] =>
  [c.next_state, c.state].filter(isObj) as Record<string, unknown>[];

const clearsModal = (c: Cand) =>
  c.modal_cleared === true ||
  c.modal_unblocked === true ||
  states(c).some((s) => s.modal_cleared === true || s.modal_unblocked === true);
function opensModal(c: Cand): boolean {
  const ns = c.next_state;
  if (!isObj(ns)) return false;
  if (typeof ns.modal_scope === "string" && OVERLAY_MODAL_SCOPES.has(strip(ns.modal_scope).toLowerCase()))
    return true;
  return ns.overlay_present === true && !truthy(ns.modal_cleared);
}
const advancesState = (c: Cand) => states(c).some((s) => STATE_ADVANCE_KEYS.some((k) => s[k] === true));
const opensUnsavedPrompt = (c: Cand) => states(c).some((s) => s.unsaved_prompt === true);
const opensRequiredModal = (c: Cand) => isObj(c.next_state) && c.next_state.modal_required === true;
function opensSaveDialog(c: Cand): boolean {
  if (isObj(c.next_state) && c.next_state.save_dialog_open === true) return true;
  if (typeof c.candidate_id === "string" && c.candidate_id.toLowerCase().includes("save_as")) return true;
  if (nonBlank(c.label)) {
    const t = new Set(tokenize(c.label));
    return t.has("save") && t.has("as");
  }
  return false;
}
function labelTokens(c: Cand): Set<string> {
  const out = new Set<string>();
  for (const k of ["label", "accessible_name"])
    if (nonBlank(c[k])) for (const t of tokenize(c[k] as string)) out.add(t);
  return out;
}
function signalKeys(c: Cand): Set<string> {
  const out = new Set<string>();
  for (const s of states(c))
    for (const [k, v] of Object.entries(s)) if (!STATE_SIGNAL_EXCLUDE.has(k) && truthy(v)) out.add(k);
  return out;
}

// ---- filters: each returns its input when it would return nothing (the reference's rule) ----

const orAll = (out: Cand[], all: Cand[]) => (out.length ? out : all);
const actionable = (cs: Cand[]) =>
  orAll(
    cs.filter(
      (c) => c.visible !== false && c.enabled !== false && c.clickable !== false && c.aria_disabled !== true,
    ),
    cs,
  );
const requireModal = (cs: Cand[]) =>
  orAll(
    cs.filter((c) => nonBlank(c.modal_scope)),
    cs,
  );
/** Overlay candidates satisfying `pred`, when some but not all candidates are overlays. */
function overlaysThat(cs: Cand[], pred: (c: Cand) => boolean): Cand[] {
  const ov = cs.filter(isOverlay);
  if (!ov.length || ov.length === cs.length) return cs;
  return orAll(ov.filter(pred), cs);
}
const byRole = (cs: Cand[], role: string) => {
  const m = cs.filter((c) => typeof c.role === "string" && strip(c.role).toLowerCase() === role);
  return m.length === 0 || m.length === cs.length ? cs : m;
};
/** The smallest non-trivial set of candidates whose `tokensOf` match one instruction keyword. */
function byKeywords(
  cs: Cand[],
  instruction: string,
  tokensOf: (c: Cand) => Set<string>,
): [Cand[], string | null] {
  if (!instruction) return [cs, null];
  let words = keywordTokens(instruction);
  if (!words.length) return [cs, null];
  words = expand(words);
  const per = cs.map((c) => [c, tokensOf(c)] as const);
  const all = new Set(per.flatMap(([, t]) => [...t]));
  if (!all.size) return [cs, null];
  const matching: string[] = [];
  for (const w of words)
    if ([...all].some((t) => tokenMatches(w, t)) && !matching.includes(w)) matching.push(w);
  let best: Cand[] | null = null;
  let bestWord: string | null = null;
  for (const w of matching) {
    const m = per.filter(([, t]) => [...t].some((x) => tokenMatches(w, x))).map(([c]) => c);
    if (!m.length || m.length === cs.length) continue;
    if (best === null || m.length < best.length) {
      best = m;
      bestWord = w;
    }
  }
  return best === null ? [cs, null] : [best, bestWord];
}
const appPathTokens = (c: Cand) => new Set(nonBlank(c.app_path) ? tokenize(c.app_path) : []);
function desiredRole(instruction: string): string | null {
  const t = tokenize(instruction);
  const b = t.includes("button");
  const l = t.includes("link");
  return b && !l ? "button" : l && !b ? "link" : null;
}
function byStateSignal(cs: Cand[]): Cand[] {
  if (!cs.length) return cs;
  const scored = cs.map((c) => [c, signalKeys(c)] as const);
  if (!scored.some(([, s]) => s.size)) return cs;
  // Signals every candidate shares do not distinguish them.
  const sh = new Set([...scored[0][1]].filter((k) => scored.every(([, s]) => s.has(k))));
  const counts = scored.map(([c, s]) => [c, [...s].filter((k) => !sh.has(k)).length] as const);
  const max = Math.max(...counts.map(([, n]) => n));
  if (max <= 0) return cs;
  const f = counts.filter(([, n]) => n === max).map(([c]) => c);
  return f.length === 1 ? f : cs;
}
function nonOverlayMinZ(cs: Cand[]): Cand[] {
  const non = cs.filter((c) => !isOverlay(c));
  const base = non.length ? non : cs;
  const withZ = base.filter((c) => isNum(c.z_index));
  if (!withZ.length) return base;
  const minZ = Math.min(...withZ.map((c) => c.z_index as number));
  return orAll(
    withZ.filter((c) => c.z_index === minZ),
    base,
  );
}
/** Drop overlays unless only overlays are left (the reference's `filter_overlay_candidates`). */
export const filterOverlayCandidates = <C extends Cand>(cs: C[]): C[] => {
  const f = cs.filter((c) => !isOverlay(c));
  return f.length ? f : cs;
};
function byBbox(cs: Cand[], axis: 0 | 1, pickMax: boolean): Cand[] {
  const withB = cs.filter((c) => Array.isArray(c.bbox) && c.bbox.length === 4 && isNum(c.bbox[axis]));
  if (!withB.length) return cs;
  const v = (c: Cand) => (c.bbox as number[])[axis];
  const target = pickMax ? Math.max(...withB.map(v)) : Math.min(...withB.map(v));
  return orAll(
    withB.filter((c) => v(c) === target),
    cs,
  );
}
const byIdToken = (cs: Cand[], token: string) =>
  orAll(
    cs.filter((c) => typeof c.candidate_id === "string" && c.candidate_id.toLowerCase().includes(token)),
    cs,
  );
function labelRichness(c: Cand): number {
  return nonBlank(c.label) ? tokenize(c.label).filter((t) => !STOPWORDS.has(t)).length : 0;
}
function byRichness(cs: Cand[]): Cand[] {
  if (!cs.length) return cs;
  const max = Math.max(...cs.map(labelRichness));
  if (max <= 0) return cs;
  return orAll(
    cs.filter((c) => labelRichness(c) === max),
    cs,
  );
}
const overlayConfirmation = (cs: Cand[]) =>
  overlaysThat(cs, (c) => nonBlank(c.label) && tokenize(c.label).some((t) => OVERLAY_CONFIRM.has(t)));

/**
 * Same-label duplicates keep their smallest (w·h, y, x); a tie, or a duplicate without a
 * numeric bbox, makes the step ambiguous ([]). The reference's `tie_break_same_label_candidates`.
 */
export function tieBreakSameLabel<C extends Cand>(cs: C[]): C[] {
  const counts = new Map<string, number>();
  for (const c of cs)
    if (nonBlank(c.label)) counts.set(strip(c.label), (counts.get(strip(c.label)) ?? 0) + 1);
  if (![...counts.values()].some((n) => n > 1)) return cs;
  const best = new Map<string, C>();
  const bestScore = new Map<string, [number, number, number]>();
  const ties = new Map<string, number>();
  const withBbox = new Set<string>();
  const ambiguous = new Set<string>();
  const less = (a: readonly number[], b: readonly number[]) =>
    a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
  for (const c of cs) {
    if (!nonBlank(c.label)) continue;
    const label = strip(c.label);
    if ((counts.get(label) ?? 0) < 2) continue;
    const b = c.bbox;
    if (!Array.isArray(b) || b.length !== 4 || !b.every(isNum)) {
      ambiguous.add(label);
      continue;
    }
    const score: [number, number, number] = [b[2] * b[3], b[1], b[0]];
    withBbox.add(label);
    const prev = bestScore.get(label);
    if (prev === undefined || less(score, prev)) {
      best.set(label, c);
      bestScore.set(label, score);
      ties.set(label, 1);
    } else if (score.every((x, i) => x === prev[i])) ties.set(label, (ties.get(label) ?? 1) + 1);
  }
  for (const [label, n] of ties) if (n > 1) ambiguous.add(label);
  if (ambiguous.size || !withBbox.size) return [];
  const out: C[] = [];
  const seen = new Set<string>();
  for (const c of cs) {
    if (!nonBlank(c.label) || !withBbox.has(strip(c.label))) {
      out.push(c);
      continue;
    }
    const label = strip(c.label);
    if (seen.has(label)) continue;
    seen.add(label);
    out.push(best.get(label) ?? c);
  }
  if (out.length === cs.length) return out;
  for (const [label, n] of counts)
    if (n > 1 && out.filter((c) => typeof c.label === "string" && strip(c.label) === label).length > 1)
      return [];
  return out;
}

export const allowOverlayFromRow = (row: Row): boolean =>
  row.allow_overlay === true || (isObj(row.meta) && row.meta.allow_overlay === true);

export interface PolicyOptions {
  applyOverlayFilter: boolean;
  applyRules: boolean;
}

export interface PolicyTrace {
  row_id: string | null;
  task_id: string | null;
  instruction: string;
  candidates_in: string[];
  after_overlay_filter: string[];
  after_rules: string[];
  final_choice: string | null;
  /** candidate id → the reason codes of the filters that removed it. */
  reasons: Record<string, string[]>;
  /** Set when the step abstained before the chain mattered (`requires_state_unmet`). */
  abstain_reason?: string;
}

const idsOf = (cs: readonly Cand[]) =>
  cs.flatMap((c) => (typeof c.candidate_id === "string" ? [c.candidate_id] : []));

export interface Preselection {
  survivors: Cand[];
  trace: PolicyTrace;
}

/** The 1.0 filter chain on what an agent sees. `candidates` defaults to the row's own. */
export function preselect(row: AgentRow, opts: PolicyOptions, candidates?: readonly Cand[]): Preselection {
  return chain(row as unknown as Row, opts, candidates);
}

/**
 * The reference's chain on the FULL fixture row, answer key included (reference-0.1 only;
 * outputs that use it are labelled leaky).
 */
export function preselectLeaky(
  row: UiRow | Row,
  opts: PolicyOptions,
  candidates?: readonly Cand[],
): Preselection {
  return chain(row as Row, opts, candidates);
}

function chain(r: Row, opts: PolicyOptions, candidates?: readonly Cand[]): Preselection {
  const cands: Cand[] = [...(candidates ?? (r.candidates as Cand[] | undefined) ?? [])];
  const instruction = instructionOf(r as UiRow);
  const trace: PolicyTrace = {
    row_id: typeof r.id === "string" ? r.id : null,
    task_id: typeof r.task_id === "string" ? r.task_id : null,
    instruction,
    candidates_in: idsOf(cands),
    after_overlay_filter: [],
    after_rules: [],
    final_choice: null,
    reasons: {},
  };
  const reasons = trace.reasons;
  const note = (id: string, reason: string) => {
    reasons[id] ??= [];
    reasons[id].push(reason);
  };
  // Leak (rule 0): only the full row carries abstain_expected.
  if (r.abstain_expected === true) {
    trace.after_overlay_filter = idsOf(cands);
    for (const id of idsOf(cands)) note(id, "abstain_expected");
    return { survivors: [], trace };
  }
  let cur = cands;
  const apply = (next: Cand[], reason: string) => {
    const after = new Set(next.map((c) => c.candidate_id));
    for (const c of cur)
      if (typeof c.candidate_id === "string" && !after.has(c.candidate_id)) note(c.candidate_id, reason);
    cur = next;
  };
  const { applyRules: rules, applyOverlayFilter } = opts;
  const text = instruction.toLowerCase();
  const generic = keywordTokens(instruction).length === 0;
  const wantsOverlay =
    hasAny(text, ["popup", "overlay"]) && !(hasNegated(text, "popup") || hasNegated(text, "overlay"));
  const wantsModal =
    hasAny(text, ["modal", "dialog"]) && !(hasNegated(text, "modal") || hasNegated(text, "dialog"));
  const wantsPrimary = text.includes("primary");
  const wantsSecondary = text.includes("secondary");
  const allowOverlay = allowOverlayFromRow(r);
  const allowModal = wantsModal || wantsOverlay;
  const overlayAllowed = allowOverlay || wantsOverlay || wantsModal;

  if (rules) apply(actionable(cur), "not_actionable");
  if (rules && wantsModal) apply(requireModal(cur), "modal_scope_required");
  let hint = false;
  if (rules && allowOverlay && !wantsOverlay) {
    const adv = overlaysThat(cur, advancesState);
    if (adv.length !== cur.length) {
      apply(adv, "overlay_advances_state");
      hint = true;
    }
  }
  let skipLabels = false;
  if (rules) {
    // Leak (rule 4): the answer key's expected event, present only on the full row.
    const delta = r.expected_delta;
    const event = isObj(delta) ? delta.event : undefined;
    let wantsUnsaved = typeof event === "string" && event.includes("unsaved_prompt");
    if (!wantsUnsaved && (event === undefined || event === null)) {
      const req = r.requires_state;
      const requiresUnsaved = isObj(req) && req.unsaved_prompt === true;
      if (!requiresUnsaved && tokenize(instruction).includes("save") && cur.some(opensUnsavedPrompt))
        wantsUnsaved = true;
    }
    if (wantsUnsaved) {
      const f = orAll(cur.filter(opensUnsavedPrompt), cur);
      if (f.length !== cur.length) {
        apply(f, "unsaved_prompt_required");
        skipLabels = true;
      }
    }
  }
  if (rules && !skipLabels) {
    const [byLabel, word] = byKeywords(cur, instruction, labelTokens);
    apply(byLabel, `label_keyword_mismatch:${word}`);
    hint ||= word !== null;
    const role = desiredRole(instruction);
    if (role) apply(byRole(cur, role), `role_mismatch:${role}`);
    if (!hint) {
      const [byPath, pw] = byKeywords(cur, instruction, appPathTokens);
      apply(byPath, `app_path_keyword_mismatch:${pw}`);
      hint ||= pw !== null;
    }
    const step = (cond: boolean, f: Cand[], reason: string) => {
      if (cond && !hint && f.length !== cur.length) {
        apply(f, reason);
        hint = true;
      }
    };
    const tokens = new Set(tokenize(instruction));
    const needsSaveDialog = tokens.has("save") && SAVE_DEST.some((d) => tokens.has(d));
    if (!hint && needsSaveDialog) step(true, orAll(cur.filter(opensSaveDialog), cur), "save_dialog_required");
    if (!hint && allowOverlay) step(true, orAll(cur.filter(opensRequiredModal), cur), "modal_required");
    if (!hint) step(true, orAll(cur.filter(advancesState), cur), "state_advances");
    if (!hint && generic) step(true, byStateSignal(cur), "state_signal_prefer");
  }
  if (rules && !allowModal && !hint) apply(orAll(cur.filter(isMainScope), cur), "modal_scope_not_main");
  if (rules && !hint && wantsPrimary) apply(byIdToken(cur, "primary"), "not_primary");
  if (rules && !hint && wantsSecondary) apply(byIdToken(cur, "secondary"), "not_secondary");
  if (rules && !hint && (wantsPrimary || wantsSecondary)) apply(byRichness(cur), "label_richness");
  if (rules && !hint && allowOverlay && !wantsOverlay) {
    apply(overlaysThat(cur, clearsModal), "overlay_clears_modal");
    apply(overlaysThat(cur, opensModal), "overlay_opens_modal");
    apply(overlayConfirmation(cur), "overlay_confirmation_preferred");
  }
  if (rules && !wantsOverlay && !overlayAllowed) apply(nonOverlayMinZ(cur), "overlay_present");
  if (rules && !wantsOverlay && applyOverlayFilter && !overlayAllowed)
    apply(filterOverlayCandidates(cur), "overlay_filtered");
  if (rules && wantsOverlay) {
    const only = cur.filter(isOverlay);
    if (only.length) apply(only, "overlay_required");
  }
  trace.after_overlay_filter = idsOf(cur);
  if (rules && !hint && hasAny(text, ["bottom", "lower"])) apply(byBbox(cur, 1, true), "bbox_bottom");
  if (rules && !hint && hasAny(text, ["top", "upper"])) apply(byBbox(cur, 1, false), "bbox_top");
  if (rules && !hint && hasAny(text, ["left", "leftmost"])) apply(byBbox(cur, 0, false), "bbox_left");
  if (rules && !hint && hasAny(text, ["right", "rightmost"])) apply(byBbox(cur, 0, true), "bbox_right");
  if (!hint) {
    const before = cur;
    const after = tieBreakSameLabel(cur);
    if (!after.length && before.length) {
      for (const id of idsOf(before)) note(id, "ambiguous_duplicate");
      cur = after;
    } else apply(after, "tie_break");
  }
  trace.after_rules = idsOf(cur);
  return { survivors: cur, trace };
}

/**
 * 1.0 only: an instruction in the target grammar of ./solvable.ts (label, window, position)
 * is followed first; the other candidates get `target_mismatch`. Otherwise the chain.
 */
export function targetFirst(view: AgentRow, opts: PolicyOptions): Preselection {
  const r = resolveTarget(view);
  if (!r.ok) return preselect(view, opts);
  const cands = view.candidates as unknown as Cand[];
  const trace = preselect(view, opts).trace;
  const reasons: Record<string, string[]> = {};
  for (const id of idsOf(cands)) if (id !== r.candidate_id) reasons[id] = ["target_mismatch"];
  const survivors = cands.filter((c) => c.candidate_id === r.candidate_id);
  return {
    survivors,
    trace: { ...trace, after_overlay_filter: idsOf(survivors), after_rules: idsOf(survivors), reasons },
  };
}

/** `requires_state` holds in `state` (equality per key; a missing key is null). */
export function stateMatches(req: Record<string, unknown>, state: Record<string, unknown>): boolean {
  return Object.entries(req).every(([k, v]) => (Object.hasOwn(state, k) ? state[k] === v : v === null));
}

/** The state after selecting `id` in `row` (its `state`, else `next_state`; `{}` if none). */
export function stateAfter(row: { candidates: readonly Cand[] }, id: string | null): Record<string, unknown> {
  if (id === null) return {};
  const c = row.candidates.find((x) => x.candidate_id === id);
  if (!c) return {};
  const s = isObj(c.state) ? { ...c.state } : isObj(c.next_state) ? { ...c.next_state } : null;
  if (!s) return {};
  if (!("overlay_present" in s) && "overlay" in s) s.overlay_present = truthy(s.overlay);
  return s;
}

export type PolicyDialect = "1.0" | "reference-0.1";

export interface PolicyRun {
  selections: (string | null)[];
  traces: PolicyTrace[];
  /** reference-0.1 reads the answer key (rules 0 and 4): never a headline number. */
  leaky: boolean;
}

/**
 * The policy over a fixture, step by step: abstain when `requires_state` does not hold,
 * otherwise select the single survivor (abstain on 0 or ≥ 2). The state is the last
 * non-empty state reached. 1.0 starts each task from the empty state; the reference carries
 * the state across task boundaries (reference-0.1 does too).
 */
export function runPolicy(rows: readonly UiRow[], dialect: PolicyDialect, opts: PolicyOptions): PolicyRun {
  const leaky = dialect === "reference-0.1";
  const selections: (string | null)[] = [];
  const traces: PolicyTrace[] = [];
  let state: Record<string, unknown> = {};
  let task: string | undefined;
  rows.forEach((row, i) => {
    const taskKey = row.task_id ?? `__row_${i}`;
    if (!leaky && taskKey !== task) state = {};
    task = taskKey;
    const view = leaky ? undefined : toAgentRow(row);
    const { survivors, trace } = view ? targetFirst(view, opts) : preselectLeaky(row, opts);
    let sel: string | null = null;
    const req = row.requires_state;
    if (!(req && !stateMatches(req, state))) {
      const ids = idsOf(survivors);
      sel = ids.length === 1 ? ids[0] : null;
    } else trace.abstain_reason = "requires_state_unmet";
    trace.final_choice = sel;
    selections.push(sel);
    traces.push(trace);
    const next = stateAfter(row, sel);
    if (Object.keys(next).length) state = next;
  });
  return { selections, traces, leaky };
}
