/**
 * DEC-001/DEC-046 separation guard for reports. Groups already never pool tracks or
 * protocols; what can still mix conditions is the input itself:
 *  - a track-bound agent recorded on another track (the tool planner is EVAL-TA only; the
 *    exact oracle, offline or online, is EVAL-OC only), so a ceiling would be reported as a
 *    closed-book score;
 *  - the same run condition recorded twice for one instance (two runs appended to one
 *    file), which a group would silently pool.
 * Either is an error (`track_mixing`, `duplicate_run`). Human rows (a `player_id`, or a
 * `human-web`/`human-terminal` agent) are different: one player playing an instance again is a
 * new attempt, not a duplicate (`report --attempts`); only the same session twice is.
 */
import { ADAPTATION_FIELDS } from "../artifacts/meta.js";
const TRACK_BOUND: Readonly<Record<string, string>> = {
  "BL-03-ToolPlanner": "EVAL-TA",
  "BL-04-ExactOracle": "EVAL-OC",
  "BL-04-ExactOracle-Online": "EVAL-OC",
};

const RUN_KEY = [
  "agent_name",
  "instance_id",
  "eval_track",
  "renderer_track",
  "play_protocol",
  "scored_commit_episode",
  ...ADAPTATION_FIELDS,
] as const;

/** A row played by a person (web or terminal), whose repeated plays are attempts. */
export function isHumanRow(row: Record<string, unknown>): boolean {
  return typeof row.player_id === "string" || /^human-(web|terminal)(:|$)/.test(String(row.agent_name ?? ""));
}

export interface SeparationIssue {
  line: number;
  error_type: "track_mixing" | "duplicate_run";
  message: string;
}

export class SeparationChecker {
  private readonly seen = new Map<string, number>();
  readonly issues: SeparationIssue[] = [];

  add(row: Record<string, unknown>, line: number): void {
    const agent = String(row.agent_name ?? "");
    const track = String(row.eval_track ?? "");
    const bound = TRACK_BOUND[agent];
    if (bound && bound !== track)
      this.issues.push({
        line,
        error_type: "track_mixing",
        message: `agent ${agent} is ${bound}-only but the row says eval_track=${track}`,
      });
    const cond = RUN_KEY.map((k) => row[k] ?? null);
    // Human attempts are told apart by session (rows without one: each line is an attempt).
    const key = JSON.stringify(isHumanRow(row) ? [...cond, row.session_id ?? `line:${line}`] : cond);
    const first = this.seen.get(key);
    if (first !== undefined)
      this.issues.push({
        line,
        error_type: "duplicate_run",
        message: `instance ${String(row.instance_id)} already has a run for this agent and condition (line ${first}); reports would pool them`,
      });
    else this.seen.set(key, line);
  }
}
