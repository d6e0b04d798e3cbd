import { ModelError } from "../errors.js";
import { wrapUserModel } from "./module.js";
const builtins = new Map();
export function registerBuiltinModel(name, description, factory) {
    builtins.set(name, { description, factory });
}
export function listBuiltinModels() {
    return [...builtins]
        .map(([name, b]) => ({ name, description: b.description }))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
}
export function createBuiltinClient(name, options = {}) {
    const b = builtins.get(name);
    if (!b) {
        throw new ModelError("client", `unknown built-in model ${name} (known: ${listBuiltinModels()
            .map((x) => x.name)
            .join(", ")})`);
    }
    const descriptor = { kind: "builtin", model: name, endpoint: `builtin:${name}` };
    return wrapUserModel(b.factory(options), descriptor);
}
function lastUserContent(req) {
    for (let i = req.messages.length - 1; i >= 0; i--)
        if (req.messages[i].role === "user")
            return req.messages[i].content;
    return "";
}
// `echo`: returns the last user message verbatim. Round-trip checks of wire encodings.
registerBuiltinModel("echo", "returns the prompt verbatim", () => (req) => lastUserContent(req));
/**
 * `ledger-reader`: answers a GEB ledger prompt the way a perfect direct reader would: finds
 * the asked tag in the QUESTION, takes the last SET/CLEAR line for it in the LEDGER section
 * and replies with the JSON the prompt asks for. It sees only the prompt text (like a real
 * model); derived queries (colour, parity, count, reports) are outside what it reads.
 */
export function ledgerReaderAnswer(prompt) {
    const ledgerStart = prompt.lastIndexOf("\nLEDGER:\n");
    const qStart = prompt.lastIndexOf("\nQUESTION:\n");
    if (ledgerStart === -1 || qStart === -1)
        return "I cannot find a LEDGER and a QUESTION in the prompt.";
    const ledgerEnd = prompt.indexOf("\n\nQUESTION:\n", ledgerStart);
    const ledger = prompt.slice(ledgerStart + 9, ledgerEnd === -1 ? undefined : ledgerEnd);
    const question = prompt.slice(qStart + 11);
    const re = /^- \[(U[A-F0-9]{6})\] step=\d+ (SET|CLEAR) (tag\.\d{2})(?: = (.+))?$/gm;
    const lines = [...ledger.matchAll(re)];
    // The asked tag, or the only tag the (key-filtered) ledger shows.
    let key = /\b(tag\.\d{2})\b/.exec(question)?.[1];
    if (!key && lines.length > 0 && lines.every((m) => m[3] === lines[0][3]))
        key = lines[0][3];
    const cite = !prompt.includes("Set support_ids to an empty list []");
    let value = null;
    let uid = null;
    for (const m of lines) {
        if (m[3] !== key)
            continue;
        uid = m[1];
        value = m[2] === "SET" ? (m[4] ?? "").trim() : null;
    }
    return JSON.stringify({ value, support_ids: cite && uid ? [uid] : [] });
}
registerBuiltinModel("ledger-reader", "GEB: reads the latest SET/CLEAR for the asked tag from the prompt's LEDGER section", () => (req, _ctx) => ({
    text: ledgerReaderAnswer(lastUserContent(req)),
}));
//# sourceMappingURL=builtin.js.map