import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
/** Versions of the official formal-artifact path (gf01/meta.py at the fixtures' harness version). */
export const FORMAL_TASK_SCHEMA_VERSION = "gf01.formal_task.v1";
export const FORMAL_BUNDLE_SCHEMA_VERSION = "gf01.formal_bundle.v1";
export const NORMALIZATION_VERSION = "gf01.normalization.v1";
const bit = z.number().refine((v) => v === 0 || v === 1, { message: "must be 0 or 1" });
const int = z.number().int();
const transitionSchema = z.object({ next_state: z.string(), output: z.record(z.string(), bit) });
/** A Mealy machine given directly (the official loader's `automaton` alternative to HOA). */
export const formalMealySchema = z.object({
    states: z.array(z.string()).min(1),
    initial_state: z.string(),
    input_aps: z.array(z.string()),
    output_aps: z.array(z.string()),
    transitions: z.record(z.string(), z.record(z.string(), transitionSchema)),
});
/**
 * One formal task (`gf01.formal_task.v1`): an automaton (inline `automaton`, inline `hoa`
 * text, or `hoa_path` relative to the task file) plus a finite base trace and the target.
 * Unknown keys are allowed, as the official loader ignores them. Numbers must be JSON
 * integers (the official loader would also coerce strings with int()).
 */
export const formalTaskSchema = z.looseObject({
    schema_version: z.literal(FORMAL_TASK_SCHEMA_VERSION).optional(),
    instance_id: z.string().optional(),
    source_type: z.string().optional(),
    source_id: z.string().optional(),
    artifact_id: z.string().optional(),
    automaton: formalMealySchema.optional(),
    hoa: z.string().optional(),
    hoa_path: z.string().optional(),
    tlsf_path: z.string().optional(),
    input_aps: z.array(z.string()).optional(),
    output_aps: z.array(z.string()).optional(),
    output_by_state: z.record(z.string(), z.record(z.string(), bit)).optional(),
    base_trace: z.array(z.record(z.string(), bit)).optional(),
    trace_path: z.string().optional(),
    effect_ap: z.string(),
    t_star: int,
    mode: z.enum(["normal", "hard"]),
    window_size: int.optional(),
    budget_timestep: int,
    budget_atoms: int.nullable().optional(),
    seed: int.nullable().optional(),
    complexity: z.record(z.string(), z.number()).optional(),
    identifiability: z.record(z.string(), z.unknown()).optional(),
    split_id: z.string().optional(),
    renderer_track: z.string().optional(),
    provenance: z.record(z.string(), z.unknown()).optional(),
});
registerSchema("gf01.formal_task.v1", formalTaskSchema);
//# sourceMappingURL=schema.js.map