import { InputError } from "../../core/errors.js";
import { budgetAwareSearchAgent, exactOracleAgent, greedyAgent, overspecifyAgent, randomAgent, toolPlannerAgent, } from "./baselines.js";
const ALL = [
    randomAgent,
    greedyAgent,
    budgetAwareSearchAgent,
    toolPlannerAgent,
    exactOracleAgent,
    overspecifyAgent,
];
/** Agents by display name (e.g. "BL-01-GreedyLocal"). */
export const agentsByName = new Map(ALL.map((a) => [a.name, a]));
const byAlias = new Map();
for (const a of ALL) {
    byAlias.set(a.name.toLowerCase(), a);
    for (const alias of a.aliases)
        byAlias.set(alias, a);
}
/** All agents: the official panel (BL-00..BL-04) first, then ours. */
export function listAgents() {
    return ALL;
}
/** Official BASELINE_PANEL_FULL / _CORE ids. */
export const BASELINE_PANEL_FULL = ["random", "greedy", "search", "tool", "oracle"];
export const BASELINE_PANEL_CORE = ["random", "greedy", "oracle"];
/** Look up an agent by name or alias, case-insensitively (official `make_agent` ids work). */
export function getAgent(id, field = "agent") {
    const a = byAlias.get(id.trim().toLowerCase());
    if (!a)
        throw new InputError(`unknown agent ${JSON.stringify(id)}; known: ${ALL.map((x) => x.id).join(", ")}`, {
            field,
        });
    return a;
}
//# sourceMappingURL=registry.js.map