/**
 * Versioned schemas of the P0 human-study artifacts (exported by `npm run schemas`;
 * docs/gf01-study.md): the official check outputs `gf01.p0_session_check.v1`,
 * `gf01.p0_feedback_check.v1`, `gf01.p0_gate.v1`, `gf01.p0_init.v1` (official shapes; our strict
 * mode adds `strict`, `pack_path`, `failure_reasons`), and study mode's `gf01.study_consent.v1`
 * (`<data-dir>/study/consent.json`). The seed pack's freeze record is `gf01.pilot_freeze.v1`
 * (src/gf01/release/schemas.ts). Unknown keys are kept (loose objects).
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";

const int = z.number().int();
const nonneg = int.nonnegative();
const ratio = z.number().min(0).max(1);
const strictFields = {
  strict: z.literal(true).optional(),
  failure_reasons: z.array(z.string()).optional(),
};
/** An official error payload in place of a check result (e.g. `feedback_value_error`). */
const errorPayload = z.looseObject({
  status: z.literal("error"),
  error_type: z.string().min(1),
  message: z.string().optional(),
});

export const p0SessionCheckSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  error_type: z.string(),
  schema_version: z.literal("gf01.p0_session_check.v1"),
  feedback_path: z.string(),
  runs_dir: z.string(),
  required_renderer_track: z.string(),
  tester_count: nonneg,
  expected_session_count: nonneg,
  found_session_count: nonneg,
  missing_session_count: nonneg,
  payload_issue_count: nonneg,
  missing_sessions_preview: z.array(z.looseObject({ tester_id: z.string(), seed: int, path: z.string() })),
  payload_issues_preview: z.array(z.looseObject({ issue: z.string() })),
  passed: z.boolean(),
  pack_path: z.string().optional(),
  ...strictFields,
});
registerSchema("gf01.p0_session_check.v1", p0SessionCheckSchema);

export const p0FeedbackCheckSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  error_type: z.string().optional(),
  schema_version: z.literal("gf01.p0_feedback_check.v1"),
  feedback_path: z.string(),
  tester_count: int.positive(),
  testers: z.array(z.string()),
  thresholds: z.looseObject({ min_score: int, min_ratio: z.number(), must_fix_total_required: int }),
  metrics: z.looseObject({
    objective_ratio_ge_min_score: ratio,
    control_ratio_ge_min_score: ratio,
    action_effect_ratio_ge_min_score: ratio,
    must_fix_total: nonneg,
  }),
  passed: z.boolean(),
  ...strictFields,
});
registerSchema("gf01.p0_feedback_check.v1", p0FeedbackCheckSchema);

export const p0GateSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  error_type: z.enum(["p0_gate_session_check_failed", "p0_gate_feedback_check_failed"]).optional(),
  schema_version: z.literal("gf01.p0_gate.v1"),
  passed: z.boolean(),
  session_check: z.union([p0SessionCheckSchema, errorPayload]),
  feedback_check: z.union([p0FeedbackCheckSchema, errorPayload]).optional(),
  failure_reasons: z.array(z.string()).optional(),
});
registerSchema("gf01.p0_gate.v1", p0GateSchema);

export const p0InitSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  error_type: z.string().optional(),
  schema_version: z.literal("gf01.p0_init.v1"),
  passed: z.boolean(),
  template: z.looseObject({ status: z.enum(["ok", "error"]) }).optional(),
  seed_pack: z.looseObject({ status: z.enum(["ok", "error"]) }).optional(),
});
registerSchema("gf01.p0_init.v1", p0InitSchema);

export const studyConsentSchema = z.object({
  schema_version: z.literal("gf01.study_consent.v1"),
  participants: z.array(
    z.object({
      participant_id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
      consent_sha256: z.string().regex(/^[0-9a-f]{64}$/),
      consented_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
  ),
});
registerSchema("gf01.study_consent.v1", studyConsentSchema);
