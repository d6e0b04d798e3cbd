import { z } from "zod";
import { type ErrorLocation } from "./errors.js";
/**
 * Parse with a zod schema and turn the first issue into an InputError that names the field.
 * Every artifact we read goes through here, so messages look the same everywhere.
 */
export declare function parseWith<S extends z.ZodType>(schema: S, value: unknown, where?: ErrorLocation): z.output<S>;
/** JSON Schema (draft 2020-12) of a zod schema, for `schemas/*.json` and docs. */
export declare function toJsonSchema(schema: z.ZodType, id?: string): Record<string, unknown>;
/** Registry of exported artifact schemas: name → zod schema (filled by each family). */
export declare const schemaRegistry: Map<string, z.ZodType<unknown, unknown, z.core.$ZodTypeInternals<unknown, unknown>>>;
export declare function registerSchema(name: string, schema: z.ZodType): z.ZodType;
