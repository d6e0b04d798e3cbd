/**
 * The GF-01 part of `npm start`: generate a small bundle with our default generator, run
 * every baseline agent on its own track, validate every row against the bundle (full
 * re-verification) and print the per-agent report table. Offline, no API key.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { canonicalHash } from "../core/hash.js";
import { dumpJsonFile } from "./artifacts/index.js";
import { listAgents } from "./agents/index.js";
import { bundleToJson, evaluateAgent, generateBundle, reportRunsFile, validateRunsFile } from "./api.js";
import { writeFileAtomic } from "../core/jsonl.js";
import { formatReportTable } from "./report/index.js";

export interface Gf01MainJobOptions {
  outDir: string;
  seeds: number[];
  log?: (line: string) => void;
}

export async function runGf01MainJob(
  o: Gf01MainJobOptions,
): Promise<{ ok: boolean; table: string; report: Record<string, unknown> }> {
  const log = o.log ?? (() => {});
  await mkdir(o.outDir, { recursive: true });
  const bundleFile = join(o.outDir, "instance_bundle_v1.json");
  const manifestFile = join(o.outDir, "split_manifest_v1.json");
  const runsFile = join(o.outDir, "runs.jsonl");
  const gen = generateBundle({ seeds: o.seeds, gitCommit: "npm-start" });
  await writeFileAtomic(bundleFile, bundleToJson(gen.bundle));
  await writeFileAtomic(manifestFile, dumpJsonFile(gen.manifest));
  log(
    `gf01: generated ${gen.instances.length} instances (${gen.rejected.length} seeds rejected) -> ${bundleFile}`,
  );
  // Fresh runs file each time: the demo is a snapshot, not a resumable campaign.
  await rm(runsFile, { force: true });
  const bundleHash = String(gen.bundle.instances_hash ?? "");
  for (const agent of listAgents()) {
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
      out: runsFile,
      gitCommit: "npm-start",
    });
    if (!r.ok) throw new Error(`gf01: agent ${agent.name} failed: ${JSON.stringify(r.payload)}`);
    log(`gf01: ran ${agent.name} (${agent.eval_track})`);
  }
  const v = await validateRunsFile(runsFile, { instancesFile: bundleFile, manifestFile });
  log(`gf01: validate ${v.ok ? "passed" : "FAILED"} (every certificate re-verified against the bundle)`);
  // The full stratified report goes to a file; the console shows one line per agent × track.
  const rep = await reportRunsFile(runsFile, { instancesFile: bundleFile, manifestFile });
  await writeFileAtomic(join(o.outDir, "report.json"), `${JSON.stringify(rep.payload, null, 2)}\n`);
  const byAgent = await reportRunsFile(runsFile, {
    instancesFile: bundleFile,
    fold: ["difficulty_slice", "mode"],
  });
  return { ok: v.ok && rep.ok && byAgent.ok, table: formatReportTable(byAgent.payload), report: rep.payload };
}
