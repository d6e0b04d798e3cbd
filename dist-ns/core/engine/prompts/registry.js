export function templateRef(t) {
    return `${t.id}@${t.version}`;
}
/**
 * Fill `{slot}` markers in one left-to-right pass. Values are inserted literally: braces,
 * backslashes and `$` in values stay as they are (no format-string semantics, so no
 * brace-doubling), and a value that happens to contain `{other}` is not expanded again.
 */
export function renderTemplate(t, values) {
    for (const s of t.slots) {
        if (typeof values[s] !== "string")
            throw new Error(`template ${templateRef(t)}: missing slot {${s}}`);
    }
    const slotRe = new RegExp(`\\{(${t.slots.map(escapeRe).join("|")})\\}`, "g");
    return t.text.replace(slotRe, (_m, name) => values[name]);
}
function escapeRe(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
const registry = new Map();
export function registerTemplate(t) {
    const ref = templateRef(t);
    const prev = registry.get(ref);
    if (prev && prev.text !== t.text)
        throw new Error(`prompt template ${ref} registered twice with different text`);
    registry.set(ref, t);
    return t;
}
/** Look up `id@version`, or the highest version of `id` when no version is given. */
export function getTemplate(refOrId) {
    const exact = registry.get(refOrId);
    if (exact)
        return exact;
    let best;
    for (const t of registry.values())
        if (t.id === refOrId && (!best || t.version > best.version))
            best = t;
    if (!best) {
        throw new Error(`unknown prompt template ${refOrId} (known: ${[...registry.keys()].sort().join(", ")})`);
    }
    return best;
}
export function listTemplates() {
    return [...registry.values()].sort((a, b) => (templateRef(a) < templateRef(b) ? -1 : 1));
}
//# sourceMappingURL=registry.js.map