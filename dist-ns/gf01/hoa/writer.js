import { formatAcc, formatLabel } from "./label.js";
/** HOA string literal: only `\` and `"` need escaping (raw newlines are legal inside strings). */
export function hoaString(s) {
    return `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
function headerValue(v) {
    switch (v.type) {
        case "int":
            return String(v.value);
        case "bool":
            return v.value ? "t" : "f";
        case "string":
            return hoaString(v.value);
        case "identifier":
            return v.value;
    }
}
/**
 * Canonical HOA text: header items in a fixed order (HOA, name, tool, States, Start, AP,
 * controllable-AP, Alias, acc-name, Acceptance, properties, unknown items in their order),
 * one state line per state in body order and one edge per line, `\n` line ends, final newline.
 * `parseHoa(writeHoa(a))` deep-equals `a`.
 */
export function writeHoa(a) {
    const lines = [`HOA: ${a.version}`];
    if (a.name !== undefined)
        lines.push(`name: ${hoaString(a.name)}`);
    if (a.tool)
        lines.push(`tool: ${hoaString(a.tool.name)}${a.tool.version !== undefined ? ` ${hoaString(a.tool.version)}` : ""}`);
    if (a.states !== undefined)
        lines.push(`States: ${a.states}`);
    for (const conj of a.start)
        lines.push(`Start: ${conj.join("&")}`);
    lines.push(`AP: ${[String(a.aps.length), ...a.aps.map(hoaString)].join(" ")}`);
    if (a.controllableAps)
        lines.push(["controllable-AP:", ...a.controllableAps.map(String)].join(" "));
    for (const al of a.aliases)
        lines.push(`Alias: ${al.name} ${formatLabel(al.expr)}`);
    if (a.accName)
        lines.push(["acc-name:", a.accName.name, ...a.accName.params.map(headerValue)].join(" "));
    lines.push(`Acceptance: ${a.acceptance.sets} ${formatAcc(a.acceptance.condition)}`);
    if (a.properties.length > 0)
        lines.push(["properties:", ...a.properties].join(" "));
    for (const h of a.extraHeaders)
        lines.push([`${h.name}:`, ...h.values.map(headerValue)].join(" "));
    lines.push("--BODY--");
    for (const s of a.body) {
        const parts = ["State:"];
        if (s.label)
            parts.push(`[${formatLabel(s.label)}]`);
        parts.push(String(s.id));
        if (s.name !== undefined)
            parts.push(hoaString(s.name));
        if (s.acc)
            parts.push(`{${s.acc.join(" ")}}`);
        lines.push(parts.join(" "));
        for (const e of s.edges) {
            const ep = [];
            if (e.label)
                ep.push(`[${formatLabel(e.label)}]`);
            ep.push(e.targets.join("&"));
            if (e.acc)
                ep.push(`{${e.acc.join(" ")}}`);
            lines.push(ep.join(" "));
        }
    }
    lines.push("--END--");
    return `${lines.join("\n")}\n`;
}
//# sourceMappingURL=writer.js.map