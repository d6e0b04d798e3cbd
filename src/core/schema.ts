import { z } from "zod";
import { type ErrorLocation, InputError, fieldPath } from "./errors.js";
import { suggestKey } from "./suggest.js";

/**
 * Parse with a zod schema and turn the first issue into an InputError that names the field.
 * Every artifact we read goes through here, so messages look the same everywhere.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: ErrorLocation = {},
): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = firstIssue(r.error.issues);
  let path: readonly PropertyKey[] = issue.path;
  let message = issue.message;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    path = [...issue.path, key];
    const hint = suggestKey(key, knownKeys(schema, issue.path));
    message = `unknown key ${JSON.stringify(key)}${hint ? ` (did you mean ${JSON.stringify(hint)}?)` : ""}`;
  }
  const field = fieldPath(path);
  throw new InputError(message, {
    ...where,
    field: where.field ? `${where.field}${field ? `.${field}` : ""}` : field || undefined,
  });
}

/**
 * The issue to report: a misspelt key first (it causes the "missing field" issue that comes
 * with it); inside a union, the branch that got furthest (fewest issues, then the deepest
 * path) rather than zod's bare "Invalid input".
 */
function firstIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const issue = issues.find((i) => i.code === "unrecognized_keys") ?? issues[0];
  if (issue.code !== "invalid_union" || !issue.errors?.length) return issue;
  const depth = (b: readonly z.core.$ZodIssue[]) => Math.max(...b.map((i) => i.path.length));
  const best = [...issue.errors]
    .filter((b) => b.length > 0)
    .sort((a, b) => a.length - b.length || depth(b) - depth(a))[0];
  if (!best) return issue;
  const inner = firstIssue(best);
  return { ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The keys an object schema at `path` inside `schema` knows (for "did you mean"), best effort. */
export function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  const walk = (s: z.ZodType | undefined, i: number, depth: number): void => {
    if (!s || depth > 64) return;
    const d = defOf(s);
    const next = (t: z.ZodType | undefined) => walk(t, i, depth + 1);
    if (d.innerType) {
      next(d.innerType);
      return;
    }
    if (d.type === "pipe") {
      next(d.in);
      return;
    }
    if (d.type === "lazy" && d.getter) {
      next(d.getter());
      return;
    }
    if (d.options) {
      for (const o of d.options) next(o);
      return;
    }
    if (i === path.length) {
      if (d.type === "object" && d.shape) for (const k of Object.keys(d.shape)) out.add(k);
      return;
    }
    const step = path[i];
    if (d.type === "object" && d.shape && typeof step === "string") walk(d.shape[step], i + 1, depth + 1);
    else if (d.type === "array") walk(d.element, i + 1, depth + 1);
    else if (d.type === "record") walk(d.valueType, i + 1, depth + 1);
  };
  walk(schema, 0, 0);
  return [...out];
}

/** JSON Schema (draft 2020-12) of a zod schema, for `schemas/*.json` and docs. */
export function toJsonSchema(schema: z.ZodType, id?: string): Record<string, unknown> {
  const js = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return id ? { $id: id, ...js } : js;
}

/** Registry of exported artifact schemas: name → zod schema (filled by each family). */
export const schemaRegistry = new Map<string, z.ZodType>();
export function registerSchema(name: string, schema: z.ZodType): z.ZodType {
  schemaRegistry.set(name, schema);
  return schema;
}
