import { fileURLToPath } from "node:url";
import type { UiCandidate, UiRow } from "../../../src/geb/ui/schema.js";

export const refDir = fileURLToPath(new URL("../../fixtures/geb-ui/reference/", import.meta.url));
export const committedFixture = `${refDir}ui_minipilot_local_optimum_unsaved_changes_fixture.jsonl`;
export const committedObserved = `${refDir}ui_minipilot_local_optimum_unsaved_changes_observed_ok.jsonl`;

/** A valid candidate (the reference's tests give only ids; our rows are validated). */
export function cand(id: string, extra: Partial<UiCandidate> = {}): UiCandidate {
  return {
    candidate_id: id,
    action_type: "click",
    label: id,
    role: "button",
    app_path: "App > Page",
    bbox: [0, 0, 10, 10],
    visible: true,
    enabled: true,
    modal_scope: null,
    ...extra,
  };
}

export function row(id: string, ids: string[], gold: string, extra: Partial<UiRow> = {}): UiRow {
  return { id, candidates: ids.map((c) => cand(c)), gold: { candidate_id: gold }, ...extra };
}
