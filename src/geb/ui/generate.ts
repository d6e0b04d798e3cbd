/**
 * `geb ui generate`: synthetic same-label and popup/overlay steps (docs/geb/ui.md).
 *
 * `reference-0.1` reproduces the reference's `ui-generate` byte for byte (design §A2): labels
 * drawn by CPython's `random.Random(seed).choice`, gold = the LAST main-window duplicate, no
 * instruction. Those rows cannot be solved from what an agent sees (finding F5): every
 * duplicate looks the same and nothing says which one is meant.
 *
 * `1.0` keeps the layout but draws the gold position at random and writes an instruction in
 * the target grammar of ./solvable.ts that identifies it (label, window, position from the
 * left), so every step is solvable without the answer key (`geb ui solvable`).
 */
import { pyJsonDumps } from "../../core/pyjson.js";
import { PyRandom } from "../../core/random.js";
import type { Compat } from "../dataset/types.js";
import type { UiCandidate, UiRow } from "./schema.js";
import { ordinal } from "./solvable.js";

export const UI_PROFILES = ["same_label", "popup_overlay"] as const;
export type UiProfile = (typeof UI_PROFILES)[number];

export interface UiGenerateOptions {
  profile: UiProfile;
  steps: number;
  /** Main-window buttons with the step's label (`--duplicates`). */
  duplicates: number;
  /** popup_overlay: popup buttons with the same label. */
  overlayDuplicates: number;
  labels: string[];
  seed: number;
  appPathPrefix: string;
  compat: Compat;
}

export const DEFAULT_UI_GENERATE: UiGenerateOptions = {
  profile: "same_label",
  steps: 3,
  duplicates: 2,
  overlayDuplicates: 1,
  labels: ["Next", "Continue", "Save"],
  seed: 0,
  appPathPrefix: "UI Flow",
  compat: "1.0",
};

/** `--labels` as the reference splits it: comma-separated, trimmed, blanks dropped. */
export function parseLabels(s: string): string[] {
  return s
    .split(",")
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

/** Python `f"{seed:04d}"` (a negative seed keeps its sign inside the width). */
function pad4(n: number): string {
  return n < 0 ? `-${String(-n).padStart(3, "0")}` : String(n).padStart(4, "0");
}

function button(
  id: string,
  label: string,
  appPath: string,
  bbox: number[],
  scope: string | null,
): UiCandidate {
  return {
    candidate_id: id,
    action_type: "click",
    label,
    role: "button",
    app_path: appPath,
    bbox,
    visible: true,
    enabled: true,
    modal_scope: scope,
  };
}

export function generateUiRows(opts: UiGenerateOptions): UiRow[] {
  const { steps, duplicates, overlayDuplicates, labels, seed } = opts;
  if (!Number.isInteger(steps) || steps <= 0) throw new RangeError("steps must be > 0");
  if (!Number.isInteger(duplicates) || duplicates <= 0) throw new RangeError("duplicates must be > 0");
  const popup = opts.profile === "popup_overlay";
  if (popup && (!Number.isInteger(overlayDuplicates) || overlayDuplicates <= 0))
    throw new RangeError("overlay duplicates must be > 0");
  if (labels.length === 0) throw new RangeError("labels must be non-empty");
  const v1 = opts.compat === "1.0";
  const rng = new PyRandom(seed);
  const taskId = `task_${pad4(seed)}`;
  const rows: UiRow[] = [];
  for (let s = 0; s < steps; s++) {
    const label = rng.choice(labels);
    const lower = label.toLowerCase();
    const appPath = `${opts.appPathPrefix} > Step ${s + 1}`;
    const baseY = (popup ? 240 : 220) + s * 120;
    const candidates: UiCandidate[] = [];
    for (let k = 0; k < duplicates; k++)
      candidates.push(button(`btn_${lower}_${k + 1}`, label, appPath, [120 + k * 90, baseY, 80, 28], null));
    if (popup)
      for (let k = 0; k < overlayDuplicates; k++)
        candidates.push({
          ...button(
            `popup_${lower}_${k + 1}`,
            label,
            `${appPath} > Popup`,
            [150 + k * 90, 200 + s * 120, 80, 28],
            "popup",
          ),
          overlay: true,
          z_index: 1000,
        });
    // 1.0: a uniformly drawn position (drawn after the label, from the same stream).
    const goldIndex = v1 ? rng.randbelow(duplicates) : duplicates - 1;
    const row: UiRow = {
      id: `step_${String(s + 1).padStart(4, "0")}`,
      task_id: taskId,
      step_index: s + 1,
      ...(v1 ? { instruction: instructionFor(label, goldIndex, duplicates, popup) } : {}),
      candidates,
      gold: { candidate_id: candidates[goldIndex].candidate_id },
      expected_delta: { event: `${lower}_${s + 1}` },
    };
    rows.push(row);
  }
  return rows;
}

/** The 1.0 instruction (target grammar: ./solvable.ts). */
function instructionFor(label: string, index: number, of: number, popup: boolean): string {
  const where = popup ? " in the main window" : "";
  const position = of > 1 ? `: the ${ordinal(index + 1)} of ${of} from the left` : "";
  return `Click ${JSON.stringify(label)}${where}${position}.`;
}

/** JSONL text as the reference writes it (`json.dumps(row, ensure_ascii=False)` per line). */
export function uiRowsToJsonl(rows: readonly UiRow[]): string {
  return rows.map((r) => `${pyJsonDumps(r, { ensureAscii: false })}\n`).join("");
}
