/** `s` with C0 control characters (but tab) and DEL escaped, `\n` → `\\n`. */
export function oneLine(s) {
    return s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, (c) => c === "\n" ? "\\n" : c === "\r" ? "\\r" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
export class InputError extends Error {
    file;
    line;
    field;
    /** The reason without the location prefix (stable text for tests and reason codes). */
    reason;
    constructor(reason, where = {}) {
        if (!where.multiline)
            reason = oneLine(reason);
        super(formatLocation(where) + reason);
        this.name = "InputError";
        this.reason = reason;
        this.file = where.file;
        this.line = where.line;
        this.field = where.field;
    }
    /** The same error with more location filled in (inner code knows the field, outer code the file). */
    at(where) {
        return new InputError(this.reason, {
            // An escaped reason has no line breaks left: only a multiline one still does.
            multiline: this.reason.includes("\n"),
            file: this.file ?? where.file,
            line: this.line ?? where.line,
            field: joinField(where.field, this.field),
        });
    }
}
function joinField(outer, inner) {
    if (!outer)
        return inner;
    if (!inner)
        return outer;
    return inner.startsWith("[") ? outer + inner : `${outer}.${inner}`;
}
function formatLocation(where) {
    const parts = [];
    if (where.file)
        parts.push(where.line !== undefined ? `${where.file}:${where.line}` : where.file);
    else if (where.line !== undefined)
        parts.push(`line ${where.line}`);
    if (where.field)
        parts.push(`field ${where.field}`);
    return parts.length ? `${oneLine(parts.join(": "))}: ` : "";
}
/** Format a zod issue path as a dotted field (`a.b[3].c`). */
export function fieldPath(path) {
    let out = "";
    for (const p of path) {
        if (typeof p === "number")
            out += `[${p}]`;
        else
            out += out ? `.${String(p)}` : String(p);
    }
    return out;
}
//# sourceMappingURL=errors.js.map