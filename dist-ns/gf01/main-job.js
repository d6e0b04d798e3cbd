/**
 * The GF-01 part of `npm start`: generate a small bundle with our default generator, run the
 * baseline panel, validate every row against the bundle (full re-verification) and print the
 * per-agent report table. Offline, no API key.
 *
 * Default panel (honest, docs/gf01.md "Baselines"): every EVAL-CB agent is black-box and plays
 * online through the play engine, seeing only what a person sees — random, a commit_only
 * heuristic, a prober that learns from practice rollouts — and the exact oracle is the
 * white-box ceiling on EVAL-OC. `officialPanel` instead reproduces the official harness's
 * labelling (BL-00..BL-02 and OB-01 on EVAL-CB although they read the hidden machine), for
 * comparison with published official numbers only.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { canonicalHash } from "../core/hash.js";
import { writeFileAtomic } from "../core/jsonl.js";
import { probeAgent, targetFlipAgent } from "./agents/blackbox.js";
import { exactOracleAgent, listAgents } from "./agents/index.js";
import { onlineRandomAgent } from "./agents/online.js";
import { bundleToJson, evaluateAgent, generateBundle, reportRunsFile, validateRunsFile } from "./api.js";
import { dumpJsonFile, loadBundle } from "./artifacts/index.js";
import { playBundle } from "./play/runner.js";
import { formatReportTable } from "./report/index.js";
/** The honest panel's black-box agents and the protocol each plays (3 practice rollouts, as people). */
export const HONEST_PANEL = [
    { agent: onlineRandomAgent, protocol: "commit_only" },
    { agent: targetFlipAgent, protocol: "commit_only" },
    { agent: probeAgent, protocol: "explore_then_commit" },
];
const HONEST_LEGEND = [
    "EVAL-CB rows are black-box baselines: they play online and see only what a person sees (goal, outputs, own interventions, budgets).",
    `  ${onlineRandomAgent.name}: random single-input interventions (commit_only).`,
    `  ${targetFlipAgent.name}: one guessed intervention at the window's first step (commit_only heuristic).`,
    `  ${probeAgent.name}: tests single interventions in 3 practice rollouts, replays the one that worked (explore_then_commit).`,
    `EVAL-OC: ${exactOracleAgent.name} is WHITE-BOX (reads the hidden machine): the ceiling, not a baseline.`,
    'Blind commit_only rates are a few percent, so on this small bundle they rest on a handful of episodes; 1000-seed figures with 95% intervals: docs/gf01.md "Baselines" (bench/gf01-baselines.ts).',
].join("\n");
const OFFICIAL_LEGEND = "Official labelling (--official-panel): BL-00, BL-01, BL-02 and OB-01 are shown on EVAL-CB as the official harness does, but they are WHITE-BOX (they read the hidden base trace or machine). Do not compare model EVAL-CB scores with them; run `npm start` without the flag for the honest panel.";
export async function runGf01MainJob(o) {
    const log = o.log ?? (() => { });
    await mkdir(o.outDir, { recursive: true });
    const bundleFile = join(o.outDir, "instance_bundle_v1.json");
    const manifestFile = join(o.outDir, "split_manifest_v1.json");
    const runsFile = join(o.outDir, "runs.jsonl");
    const gen = generateBundle({ seeds: o.seeds, gitCommit: "npm-start" });
    await writeFileAtomic(bundleFile, bundleToJson(gen.bundle));
    await writeFileAtomic(manifestFile, dumpJsonFile(gen.manifest));
    log(`gf01: generated ${gen.instances.length} instances (${gen.rejected.length} seeds rejected) -> ${bundleFile}`);
    // Fresh runs and report each time: the demo is a snapshot, not a resumable campaign. The
    // runs file appears whole once every agent has run (a killed job leaves none, never a part).
    await rm(runsFile, { force: true });
    await rm(join(o.outDir, "report.json"), { force: true });
    const bundleHash = String(gen.bundle.instances_hash ?? "");
    // Each agent writes its own file (evaluate never appends to an existing one); then concatenate.
    const part = (name) => `${runsFile}.${name}.tmp`;
    const parts = [];
    const appendPart = async (name) => {
        parts.push(await readFile(part(name)));
        await rm(part(name), { force: true });
        await rm(`${part(name)}.steps.jsonl`, { force: true });
    };
    const offline = o.officialPanel ? listAgents() : [exactOracleAgent];
    if (!o.officialPanel) {
        const bundle = await loadBundle(bundleFile);
        for (const { agent, protocol } of HONEST_PANEL) {
            const r = await playBundle({
                bundle,
                agent,
                protocol,
                out: part(agent.name),
                overwrite: true,
                gitCommit: "npm-start",
            });
            if (!r.ok)
                throw new Error(`gf01: agent ${agent.name} failed: ${JSON.stringify(r.payload.errors)}`);
            await appendPart(agent.name);
            log(`gf01: ran ${agent.name} (EVAL-CB, black-box, ${protocol})`);
        }
    }
    for (const agent of offline) {
        const toolTrack = agent.eval_track !== "EVAL-CB";
        const r = await evaluateAgent({
            instancesFile: bundleFile,
            agent: agent.name,
            evalTrack: agent.eval_track,
            toolAllowlistId: agent.tool_allowlist_id,
            // Built-in tool agents call only in-process tools; the hash pins agent, allowlist and bundle.
            toolLogHash: toolTrack
                ? canonicalHash({
                    agent: agent.name,
                    tool_allowlist_id: agent.tool_allowlist_id,
                    instances_hash: bundleHash,
                })
                : "",
            out: part(agent.name),
            overwrite: true,
            gitCommit: "npm-start",
        });
        if (!r.ok)
            throw new Error(`gf01: agent ${agent.name} failed: ${JSON.stringify(r.payload)}`);
        await appendPart(agent.name);
        log(`gf01: ran ${agent.name} (${agent.eval_track}, white-box)`);
    }
    await writeFileAtomic(runsFile, Buffer.concat(parts));
    const v = await validateRunsFile(runsFile, { instancesFile: bundleFile, manifestFile });
    log(`gf01: validate ${v.ok ? "passed" : "FAILED"} (every certificate re-verified against the bundle)`);
    // The full stratified report goes to a file; the console shows one line per agent × track.
    const rep = await reportRunsFile(runsFile, { instancesFile: bundleFile, manifestFile });
    await writeFileAtomic(join(o.outDir, "report.json"), `${JSON.stringify(rep.payload, null, 2)}\n`);
    const byAgent = await reportRunsFile(runsFile, {
        instancesFile: bundleFile,
        fold: ["difficulty_slice", "mode"],
    });
    // Panel order (random, heuristic, prober, oracle) so the spread reads top to bottom.
    const order = [...HONEST_PANEL.map((p) => p.agent.name), ...offline.map((a) => a.name)];
    const rank = (g) => {
        const i = order.indexOf(String(g.agent_name));
        return i < 0 ? order.length : i;
    };
    if (Array.isArray(byAgent.payload.groups))
        byAgent.payload.groups = byAgent.payload.groups
            .map((g, i) => ({ g, i }))
            .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
            .map((x) => x.g);
    return {
        ok: v.ok && rep.ok && byAgent.ok,
        table: formatReportTable(byAgent.payload),
        legend: o.officialPanel ? OFFICIAL_LEGEND : HONEST_LEGEND,
        report: rep.payload,
    };
}
//# sourceMappingURL=main-job.js.map