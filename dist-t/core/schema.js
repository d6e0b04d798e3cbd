import { z } from "zod";
import { InputError, fieldPath } from "./errors.js";
/**
 * Parse with a zod schema and turn the first issue into an InputError that names the field.
 * Every artifact we read goes through here, so messages look the same everywhere.
 */
export function parseWith(schema, value, where = {}) {
    const r = schema.safeParse(value);
    if (r.success)
        return r.data;
    const issue = r.error.issues[0];
    const field = fieldPath(issue.path);
    throw new InputError(issue.message, {
        ...where,
        field: where.field ? `${where.field}${field ? `.${field}` : ""}` : field || undefined,
    });
}
/** JSON Schema (draft 2020-12) of a zod schema, for `schemas/*.json` and docs. */
export function toJsonSchema(schema, id) {
    const js = z.toJSONSchema(schema, {
        target: "draft-2020-12",
        io: "input",
        unrepresentable: "any",
    });
    return id ? { $id: id, ...js } : js;
}
/** Registry of exported artifact schemas: name → zod schema (filled by each family). */
export const schemaRegistry = new Map();
export function registerSchema(name, schema) {
    schemaRegistry.set(name, schema);
    return schema;
}
//# sourceMappingURL=schema.js.map