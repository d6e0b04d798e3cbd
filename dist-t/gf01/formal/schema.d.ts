import { z } from "zod";
/** Versions of the official formal-artifact path (gf01/meta.py at the fixtures' harness version). */
export declare const FORMAL_TASK_SCHEMA_VERSION = "gf01.formal_task.v1";
export declare const FORMAL_BUNDLE_SCHEMA_VERSION = "gf01.formal_bundle.v1";
export declare const NORMALIZATION_VERSION = "gf01.normalization.v1";
/** A Mealy machine given directly (the official loader's `automaton` alternative to HOA). */
export declare const formalMealySchema: z.ZodObject<{
    states: z.ZodArray<z.ZodString>;
    initial_state: z.ZodString;
    input_aps: z.ZodArray<z.ZodString>;
    output_aps: z.ZodArray<z.ZodString>;
    transitions: z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodObject<{
        next_state: z.ZodString;
        output: z.ZodRecord<z.ZodString, z.ZodNumber & z.ZodType<0 | 1, number, z.core.$ZodTypeInternals<0 | 1, number>>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
/**
 * One formal task (`gf01.formal_task.v1`): an automaton (inline `automaton`, inline `hoa`
 * text, or `hoa_path` relative to the task file) plus a finite base trace and the target.
 * Unknown keys are allowed, as the official loader ignores them. Numbers must be JSON
 * integers (the official loader would also coerce strings with int()).
 */
export declare const formalTaskSchema: z.ZodObject<{
    schema_version: z.ZodOptional<z.ZodLiteral<"gf01.formal_task.v1">>;
    instance_id: z.ZodOptional<z.ZodString>;
    source_type: z.ZodOptional<z.ZodString>;
    source_id: z.ZodOptional<z.ZodString>;
    artifact_id: z.ZodOptional<z.ZodString>;
    automaton: z.ZodOptional<z.ZodObject<{
        states: z.ZodArray<z.ZodString>;
        initial_state: z.ZodString;
        input_aps: z.ZodArray<z.ZodString>;
        output_aps: z.ZodArray<z.ZodString>;
        transitions: z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodObject<{
            next_state: z.ZodString;
            output: z.ZodRecord<z.ZodString, z.ZodNumber & z.ZodType<0 | 1, number, z.core.$ZodTypeInternals<0 | 1, number>>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>>;
    hoa: z.ZodOptional<z.ZodString>;
    hoa_path: z.ZodOptional<z.ZodString>;
    tlsf_path: z.ZodOptional<z.ZodString>;
    input_aps: z.ZodOptional<z.ZodArray<z.ZodString>>;
    output_aps: z.ZodOptional<z.ZodArray<z.ZodString>>;
    output_by_state: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodRecord<z.ZodString, z.ZodNumber & z.ZodType<0 | 1, number, z.core.$ZodTypeInternals<0 | 1, number>>>>>;
    base_trace: z.ZodOptional<z.ZodArray<z.ZodRecord<z.ZodString, z.ZodNumber & z.ZodType<0 | 1, number, z.core.$ZodTypeInternals<0 | 1, number>>>>>;
    trace_path: z.ZodOptional<z.ZodString>;
    effect_ap: z.ZodString;
    t_star: z.ZodNumber;
    mode: z.ZodEnum<{
        normal: "normal";
        hard: "hard";
    }>;
    window_size: z.ZodOptional<z.ZodNumber>;
    budget_timestep: z.ZodNumber;
    budget_atoms: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    seed: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    complexity: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
    identifiability: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    split_id: z.ZodOptional<z.ZodString>;
    renderer_track: z.ZodOptional<z.ZodString>;
    provenance: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$loose>;
export type FormalTask = z.output<typeof formalTaskSchema>;
