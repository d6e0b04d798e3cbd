/**
 * GoldEvidenceBench domain types: generator configuration, dataset rows and predictions.
 * Field names follow the reference harness's JSON so tools that read its rows read ours.
 */

export const STATE_MODES = ["kv", "kv_commentary", "counter", "set", "relational"] as const;
export type StateMode = (typeof STATE_MODES)[number];

export const DISTRACTOR_PROFILES = [
  "easy",
  "standard",
  "adversarial",
  "instruction",
  "instruction_suite",
  "note_camouflage",
  "note_camouflage_suite",
  "update_burst",
  "stale_tab_state",
  "focus_drift",
] as const;
export type DistractorProfile = (typeof DISTRACTOR_PROFILES)[number];

/** `reference-0.1`: byte-for-byte the reference generator. `1.0`: our schema with its defects fixed. */
export const COMPAT_MODES = ["1.0", "reference-0.1"] as const;
export type Compat = (typeof COMPAT_MODES)[number];

export const PROTOCOLS = ["open_book", "closed_book"] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export type QueryType = "direct" | "derived";
export type DerivedOp = "color" | "parity" | "count" | "reports";

export interface GenerateConfig {
  seed: number;
  episodes: number;
  steps: number;
  keys: number;
  queries: number;
  derivedQueryRate: number;
  chapters: number;
  distractorRate: number;
  tailDistractorSteps: number;
  clearRate: number;
  noteRate: number;
  updateBurstRate: number;
  distractorProfile: DistractorProfile;
  stateMode: StateMode;
  twins: boolean;
  requireCitations: boolean;
  compat: Compat;
}

/**
 * How an episode is filled between its updates: what `generate` takes and a sweep fixes for
 * every cell (sweep/grid.ts's SweepSpec), named once.
 */
export type EpisodeFillKnobs = Pick<
  GenerateConfig,
  "chapters" | "distractorRate" | "tailDistractorSteps" | "clearRate" | "noteRate" | "updateBurstRate"
>;

/** Defaults of the reference CLI's `generate` (not its EpisodeConfig dataclass, which differs). */
export const DEFAULT_GENERATE_CONFIG: Readonly<GenerateConfig> = Object.freeze({
  seed: 0,
  episodes: 20,
  steps: 220,
  keys: 14,
  queries: 12,
  derivedQueryRate: 0.35,
  chapters: 8,
  distractorRate: 0.5,
  tailDistractorSteps: 0,
  clearRate: 0.08,
  noteRate: 0.12,
  updateBurstRate: 0.25,
  distractorProfile: "instruction",
  stateMode: "kv",
  twins: true,
  requireCitations: true,
  compat: "1.0",
});

export interface Gold {
  value: string | null;
  support_id: string | null;
  support_ids: string[];
}

/** Row metadata. Key order is the reference's (it is part of the byte-exact output). */
export interface RowMeta {
  seed: number;
  steps: number;
  requires_citation: boolean;
  key: string;
  q_index: number;
  state_mode: StateMode;
  query_type: QueryType;
  derived_op: DerivedOp | null;
  derived_manager: string | null;
  has_instruction: boolean;
  instruction_value: string | null;
  instruction_variant: string | null;
  last_update_step: number | null;
  tokens_since_update: number | null;
  distractors_since_update: number | null;
  writes_to_key: number | null;
  instruction_nearby: boolean | null;
  /** 1.0 only: the newest ledger line for `key` of any op (a NOTE may be newer than the gold update). */
  latest_entry_id?: string | null;
  latest_entry_op?: string | null;
  twin_group?: string;
  twin_variant?: "base" | "twin";
  twin_flip_uid?: string;
  twin_flip_key?: string;
}

export interface GebRow {
  id: string;
  episode_id: string;
  /** Absent on reference-0.1 twin rows (a reference defect we reproduce in compat mode). */
  schema_version?: string;
  document: string;
  book: string;
  question: string;
  gold: Gold;
  meta: RowMeta;
}

/** A prediction as the grader sees it (after intake normalisation). */
export interface Prediction {
  id: string;
  value: unknown;
  support_id?: unknown;
  support_ids?: unknown;
}

export interface LedgerEntry {
  uid: string;
  step: number;
  op: "SET" | "CLEAR" | "NOTE";
  key: string;
  value: string | null;
}
