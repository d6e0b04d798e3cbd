/**
 * Fixture baselines (`geb ui score --mode`): the reference's `gold|first|random|abstain`
 * selection modes (design §A2). `gold` is the answer key itself (an upper bound, labelled
 * `oracle` in outputs); the others see only the agent row.
 */
import { crc32 } from "node:zlib";
import { PyRandom } from "../../core/random.js";
import { type AgentRow, toAgentRow } from "./agent-row.js";
import type { UiRow } from "./schema.js";
import type { Selection } from "./score.js";

export const UI_MODES = ["gold", "first", "random", "abstain"] as const;
export type UiMode = (typeof UI_MODES)[number];
/**
 * How `random` draws: `stream` = one `Random(seed)` over the rows (the reference's
 * `score_ui_fixture.py`, the §A3 table); `per-row` = `Random(seed ^ crc32(id))` per row (its
 * `ui_fixture_adapter`, used by `ui-score`).
 */
export const UI_RANDOM_RNGS = ["stream", "per-row"] as const;
export type UiRandomRng = (typeof UI_RANDOM_RNGS)[number];

export function baselineSelections(
  rows: readonly UiRow[],
  mode: UiMode,
  seed = 0,
  rng: UiRandomRng = "stream",
): Selection[] {
  if (mode === "gold") return rows.map((r) => r.gold.candidate_id);
  const stream = new PyRandom(seed);
  return rows.map((row) => {
    const agent: AgentRow = toAgentRow(row);
    const ids = agent.candidates.map((c) => c.candidate_id);
    if (mode === "abstain" || ids.length === 0) return null;
    if (mode === "first") return ids[0];
    if (rng === "stream") return stream.choice(ids);
    const h = BigInt(crc32(Buffer.from(agent.id, "utf8")) >>> 0);
    return new PyRandom(BigInt(seed) ^ h).choice(ids);
  });
}
