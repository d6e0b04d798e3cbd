/**
 * `validate-artifact`. Two schema kinds:
 * - one of ours (a name registered in src/core/schema.ts, e.g. `geb.memory_verify_summary.v1`,
 *   or its `schemas/<name>.schema.json` path): the artifact is checked with the zod schema the
 *   JSON Schema file is generated from (every keyword, not a subset);
 * - any other JSON Schema file: the reference's `schema_validation.py` subset (type, enum,
 *   required, properties, additionalProperties: false, items), its messages exactly; other
 *   keywords are ignored, as there.
 */
import { PyFloat, pyKeys, pyRepr } from "../../core/pyjson.js";

type Schema = Record<string, unknown>;

/** Python `type(v).__name__` of a decoded JSON value. */
function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "str";
  if (v instanceof PyFloat) return "float";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  if (Array.isArray(v)) return "list";
  return "dict";
}

/** JSON Schema's `type` names → the Python type names a decoded value of that type has. */
const PY_TYPES: Readonly<Record<string, readonly string[]>> = {
  object: ["dict"],
  array: ["list"],
  string: ["str"],
  number: ["int", "float"],
  integer: ["int"],
  boolean: ["bool"],
  null: ["NoneType"],
};

function matchesType(v: unknown, t: unknown): boolean {
  return typeof t === "string" && Object.hasOwn(PY_TYPES, t) && PY_TYPES[t].includes(pyTypeName(v));
}

/** Python `==` between decoded JSON values (1 == 1.0 == True, lists and dicts by content). */
function pyEq(a: unknown, b: unknown): boolean {
  const num = (x: unknown) =>
    x instanceof PyFloat
      ? x.value
      : typeof x === "boolean"
        ? Number(x)
        : typeof x === "bigint"
          ? Number(x)
          : x;
  const [x, y] = [num(a), num(b)];
  if (typeof x === "number" || typeof y === "number") return x === y;
  if (x === null || y === null || typeof x !== "object" || typeof y !== "object") return x === y;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x)) {
    const ys = y as unknown[];
    return x.length === ys.length && x.every((v, i) => pyEq(v, ys[i]));
  }
  const xo = x as Record<string, unknown>;
  const yo = y as Record<string, unknown>;
  const kx = Object.keys(xo);
  return kx.length === Object.keys(yo).length && kx.every((k) => k in yo && pyEq(xo[k], yo[k]));
}

/** Python `repr` of a type list (`['string', 'null']`). */
const reprExpected = (t: unknown): string => (typeof t === "string" ? t : pyRepr(t));

/** The reference's subset validator: error strings `"$.a[0]: …"`, in its order. */
export function validateSubset(value: unknown, schema: Schema, path = "$"): string[] {
  const errors: string[] = [];
  const expected = schema.type;
  if (expected !== undefined && expected !== null) {
    const ok = Array.isArray(expected)
      ? expected.some((t) => matchesType(value, t))
      : matchesType(value, expected);
    if (!ok) return [`${path}: expected ${reprExpected(expected)}, got ${pyTypeName(value)}`];
  }
  if ("enum" in schema && !(schema.enum as unknown[]).some((e) => pyEq(e, value)))
    return [`${path}: value ${pyRepr(value)} not in enum`];
  if (pyTypeName(value) === "dict") {
    const obj = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in obj)) errors.push(`${path}: missing required '${key}'`);
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of pyKeys(obj)) {
      const item = obj[key];
      if (key in props) errors.push(...validateSubset(item, props[key], `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property '${key}'`);
    }
  }
  if (
    Array.isArray(value) &&
    schema.items &&
    typeof schema.items === "object" &&
    Object.keys(schema.items).length
  )
    for (const [i, item] of value.entries())
      errors.push(...validateSubset(item, schema.items as Schema, `${path}[${i}]`));
  return errors;
}
