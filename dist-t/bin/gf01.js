#!/usr/bin/env node
import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  DEFAULT_LIMITS
} from "./chunk-ULLIJUV5.js";
import {
  EpisodeFailed
} from "./chunk-7IB7HC4M.js";
import {
  dumpJsonFile
} from "./chunk-FE3NBAQV.js";
import {
  ALLOWED_EVAL_TRACKS,
  ALLOWED_MODES
} from "./chunk-FJUG4O3Y.js";
import {
  addViewOptions,
  runViewer
} from "./chunk-N3VRYFNS.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import {
  importOptional
} from "./chunk-LXQA6YAV.js";
import {
  addModelOptions
} from "./chunk-4LXGBU3I.js";
import {
  Command,
  CommanderError,
  Option,
  floatFlag,
  floatListFlag,
  helpConfig,
  intFlag,
  internalErrorLine,
  isMainModule,
  outDirFlag,
  outFileFlag,
  packageVersion,
  portFlag,
  runMain
} from "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/cli.ts
import { readFile } from "node:fs/promises";
import { InputError as InputError4 } from "../core/errors.js";

// src/gf01/cli/play.ts
import { InputError } from "../core/errors.js";
var intArg = (name, min) => intFlag(name, { min });
var printJson = (v) => process.stdout.write(`${dumpJsonFile(v)}
`);
async function pickInstance(o) {
  const { bundleSourceName, bundleToJson, loadBundle, parseBundle } = await import("./chunk-ELV7S5RD.js");
  const { generateBundle } = await import("./chunk-UW2XJZYN.js");
  if (o.instances) {
    const bundle = await loadBundle(o.instances);
    let inst;
    if (o.instanceId) inst = bundle.byId.get(o.instanceId);
    else inst = bundle.instances[o.instanceIndex];
    if (!inst)
      throw new InputError(
        o.instanceId ? `instance_id ${o.instanceId} is not in the bundle` : `instance index ${o.instanceIndex} out of range (${bundle.instances.length} instances)`,
        { file: bundleSourceName(o.instances), field: o.instanceId ? "--instance-id" : "--instance-index" }
      );
    return { bundle, inst, source: "bundle" };
  }
  const g = generateBundle({ seeds: [o.seed], split: o.split });
  if (!g.instances.length)
    throw new InputError(`seed ${o.seed} was rejected by the generator`, { field: "--seed" });
  return {
    bundle: parseBundle(JSON.parse(bundleToJson(g.bundle))),
    inst: g.instances[0],
    source: "generated_dev_seed"
  };
}
async function humanIds(player) {
  const { PLAYER_ID } = await import("./chunk-NR7WFBMM.js");
  const { randomUUID } = await import("node:crypto");
  const session_id = randomUUID();
  if (player !== void 0 && !PLAYER_ID.test(player))
    throw new InputError("player id: letters, digits, - and _ only (1 to 32)", { field: "--player" });
  return { player_id: player ?? `anon-${session_id.slice(0, 8)}`, session_id };
}
function registerPlayCommands(program) {
  program.command("play").description(
    "Play one GF-01 episode online: at the terminal (default), or with --agent-cmd / --agent / --script"
  ).option("--instances <file>", "instance bundle (default: generate one instance from --seed)").option("--instance-index <i>", "which instance of the bundle", intArg("instance-index", 0), 0).option("--instance-id <id>", "pick the instance by id").option(
    "--seed <n>",
    "generator seed when no bundle is given (also the agent seed)",
    intArg("seed"),
    2e3
  ).option("--split <id>", "split id for a generated instance", "public_dev").option("--agent <id>", "online agent: online-random | online-greedy | online-oracle (EVAL-OC)").option("--agent-cmd <cmd>", 'JSON-lines stdio agent, e.g. "python3 my_agent.py" (see docs/gf01-play.md)').option("--agent-name <name>", "agent_name for --agent-cmd/--script/human runs").option(
    "--player <id>",
    "a person at the terminal: pseudonymous player id for the row (default: a random anon-\u2026 id)"
  ).option("--agent-timeout-s <s>", "seconds to wait for one stdio action", intArg("agent-timeout-s", 1), 30).option("--script <file>", "official action script ({actions:[{t, set}]})").addOption(
    new Option("--protocol <p>", "play protocol").choices(["commit_only", "explore_then_commit"]).default("commit_only")
  ).option(
    "--explore-episodes <n>",
    "exploration rollouts (explore_then_commit)",
    intArg("explore-episodes", 0),
    3
  ).addOption(
    new Option("--eval-track <track>", "evaluation track").choices(["EVAL-CB", "EVAL-TA", "EVAL-OC"])
  ).addOption(
    new Option("--renderer-track <track>", "json | visual (R1 text)").choices(["json", "visual"]).default("visual")
  ).option("--git-commit <sha>", "provenance stamp (default: git rev-parse HEAD)").option(
    "--out <file>",
    "write the official play payload (status, run_contract, instance, episode)",
    outFileFlag("out")
  ).option(
    "--runs-out <file>",
    "append the run_record row here (and the step log to <file>.steps.jsonl)",
    outFileFlag("runs-out")
  ).action(async (o) => {
    const { JsonlAppender, writeFileAtomic } = await import("./chunk-DAQYWPZ3.js");
    const { currentGitCommit } = await import("./chunk-UW2XJZYN.js");
    const { runRecordLine } = await import("./chunk-2HG7CL3H.js");
    const { compileInstance } = await import("./chunk-AVU52STZ.js");
    const { driveSession } = await import("./chunk-E7ARHV57.js");
    const { checkProtocol, checkTrack, resolveOnlineAgent } = await import("./chunk-YUEOOG7P.js");
    const { PlaySession } = await import("./chunk-BRDCIDXJ.js");
    const { playRunMeta } = await import("./chunk-F3KVRJJP.js");
    const { outcomeRunRecord, playPayload, publicResult, scoreSession, stepLogRecord } = await import("./chunk-RHQ5NE2W.js");
    const { onlineTrackError } = await import("./chunk-LRGDSBZM.js");
    const { playAtTerminal } = await import("./chunk-CQUYV7VE.js");
    const { bundle, inst, source } = await pickInstance(o);
    const protocol = checkProtocol(o.protocol);
    const human = !o.agent && !o.agentCmd && !o.script;
    const agent = human ? void 0 : await resolveOnlineAgent(o);
    const evalTrack = checkTrack(o.evalTrack) ?? agent?.evalTrack ?? "EVAL-CB";
    if (agent) {
      const te = onlineTrackError(agent, evalTrack);
      if (te) throw new InputError(te, { field: "--eval-track" });
      if (evalTrack === "EVAL-TA")
        throw new InputError("EVAL-TA needs a tool-logging agent (gf01 play-llm)", {
          field: "--eval-track"
        });
    } else if (evalTrack !== "EVAL-CB")
      throw new InputError("a person plays on EVAL-CB", { field: "--eval-track" });
    const session = new PlaySession(inst, compileInstance(inst), {
      protocol,
      exploreEpisodes: o.exploreEpisodes,
      maxInvalidPerStep: human ? void 0 : 5
    });
    const agentName = o.agentName ?? agent?.name ?? "human-terminal";
    let extras = {};
    let outcome;
    if (human) outcome = await playAtTerminal(session, process.stdin, process.stdout);
    else {
      const player = await agent.start({
        goal: session.goal,
        protocol,
        exploreEpisodes: session.exploreEpisodes,
        seed: o.seed,
        index: 0,
        instance: agent.whiteBox ? inst : void 0
      });
      try {
        await driveSession(session, player);
      } catch (e) {
        await player.abort?.();
        throw e;
      }
      outcome = scoreSession(session);
      extras = await player.end?.(publicResult(outcome)) ?? {};
    }
    const meta = playRunMeta(bundle.meta, {
      evalTrack,
      rendererTrack: o.rendererTrack,
      gitCommit: o.gitCommit ?? currentGitCommit(),
      toolAllowlistId: agent?.toolAllowlistId,
      toolLogHash: evalTrack === "EVAL-CB" ? "" : extras.tool_log_hash ?? ""
    });
    const who = human ? await humanIds(o.player) : {};
    const ctx = {
      eval_track: evalTrack,
      renderer_track: o.rendererTrack,
      agent_name: agentName,
      meta,
      ...who
    };
    const payload = playPayload(session, outcome, { ...ctx, instance_source: source });
    if (o.out) await writeFileAtomic(o.out, dumpJsonFile(payload));
    if (o.runsOut) {
      const runs = await JsonlAppender.open(o.runsOut);
      const steps = await JsonlAppender.open(`${o.runsOut}.steps.jsonl`);
      await runs.append(runRecordLine(outcomeRunRecord(session, outcome, ctx)));
      await steps.append(
        JSON.stringify(
          stepLogRecord(outcome, { agent_name: agentName, eval_track: evalTrack, extra: who })
        )
      );
      await runs.close();
      await steps.close();
    }
    if (human) {
      if (o.out) process.stdout.write(`wrote ${o.out}
`);
    } else printJson(payload);
  });
  addModelOptions(
    program.command("play-llm").description(
      "An LLM plays every instance of a bundle online (EVAL-CB or EVAL-TA), via the model engine"
    ).requiredOption("--instances <file>", "instance bundle")
  ).addOption(
    new Option("--eval-track <track>", "EVAL-CB (closed book) | EVAL-TA (tools)").choices(["EVAL-CB", "EVAL-TA"]).default("EVAL-CB")
  ).option("--scratchpad", "let the model think in <scratchpad> before its JSON action").option(
    "--max-malformed <n>",
    "re-asks after a reply without a JSON action, then skip",
    intArg("max-malformed", 0),
    2
  ).option("--max-tool-calls <n>", "EVAL-TA tool calls per timestep", intArg("max-tool-calls", 0), 4).addOption(
    new Option("--protocol <p>", "play protocol").choices(["commit_only", "explore_then_commit"]).default("commit_only")
  ).option(
    "--explore-episodes <n>",
    "exploration rollouts (explore_then_commit)",
    intArg("explore-episodes", 0),
    3
  ).addOption(
    new Option("--renderer-track <track>", "json | visual").choices(["json", "visual"]).default("json")
  ).option("--agent-name <name>", "agent_name in rows (default LLM-<model>)").option("--steps-out <file>", "per-step log (default <results>.steps.jsonl)", outFileFlag("steps-out")).option("--git-commit <sha>", "provenance stamp (default: git rev-parse HEAD)").action(async (o) => {
    const { DiskCache } = await import("./chunk-WQ7SPXNS.js");
    const { engineFromOptions } = await import("./chunk-ASQQTOED.js");
    const { PromptStore, promptFileFor } = await import("./chunk-XUWCUVIH.js");
    const { Progress } = await import("./chunk-QVUZL2JJ.js");
    const { currentGitCommit } = await import("./chunk-UW2XJZYN.js");
    const { loadBundle } = await import("./chunk-ELV7S5RD.js");
    const { llmAgent } = await import("./chunk-GUBNH2TA.js");
    const { checkProtocol } = await import("./chunk-YUEOOG7P.js");
    const { playBundle } = await import("./chunk-LRGDSBZM.js");
    const e = await engineFromOptions(o);
    const prompts = e.run.resultsPath ? new PromptStore(promptFileFor(e.run.resultsPath)) : void 0;
    const agent = llmAgent({
      client: e.client,
      params: e.params,
      track: o.evalTrack,
      scratchpad: !!o.scratchpad,
      maxMalformed: o.maxMalformed,
      maxToolCalls: o.maxToolCalls,
      cache: e.run.cacheDir ? new DiskCache(e.run.cacheDir) : void 0,
      retry: e.run.retry,
      timeoutMs: e.run.timeoutMs,
      name: o.agentName,
      prompts
    });
    const bundle = await loadBundle(o.instances);
    const n = bundle.instances.length;
    const bar = new Progress(Math.min(n, e.run.limit ?? n), "play-llm", process.stderr, e.run.progress);
    const r = await playBundle({
      bundle,
      agent,
      evalTrack: o.evalTrack,
      rendererTrack: o.rendererTrack,
      protocol: checkProtocol(o.protocol),
      exploreEpisodes: o.exploreEpisodes,
      concurrency: e.run.maxConcurrency,
      out: e.run.resultsPath,
      stepsOut: o.stepsOut,
      resume: e.run.resume,
      overwrite: e.run.overwrite,
      limit: e.run.limit,
      gitCommit: o.gitCommit ?? currentGitCommit(),
      onFirstError: (x) => bar.message(`gf01: ${x.message}`),
      onEpisode: () => bar.tick()
    });
    await e.client.close?.();
    await prompts?.close();
    bar.finish();
    printJson({ ...r.payload, model: e.client.descriptor, config_hash: agent.configHash() });
    if (!r.ok) throw new CommanderError(r.payload.errored ? 1 : 2, "gf01.play-llm", "");
  });
}

// src/gf01/cli/serve.ts
import { InputError as InputError2 } from "../core/errors.js";
var port = portFlag("--port");
var collect = (v, prev = []) => [...prev, v];
var maxNodes = (v) => {
  if (v.trim() === "exact") return Number.POSITIVE_INFINITY;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n < 1 || !Number.isSafeInteger(n))
    throw new InputError2(
      `--best-match-max-nodes must be an integer \u2265 1 or "exact", got ${JSON.stringify(v)}`,
      {
        field: "best-match-max-nodes"
      }
    );
  return n;
};
var count = (flag, min = 0) => (v) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n < min || !Number.isSafeInteger(n))
    throw new InputError2(`--${flag} must be an integer \u2265 ${min}, got ${JSON.stringify(v)}`, {
      field: flag
    });
  return n;
};
function registerServeCommands(program) {
  program.command("serve").description("Serve the GF-01 browser game (R1 side-scroller / R2 puzzle) and the play session API").option("--port <n>", "TCP port (0 = any free port)", port, 8017).option("--host <addr>", "address to listen on (loopback by default; 0.0.0.0 exposes it)", "127.0.0.1").option(
    "--instances <bundle>",
    "instance bundle to offer (repeatable); default: a generated demo bundle (seeds 0-5)",
    collect,
    []
  ).option(
    "--data-dir <dir>",
    "where finished episodes are written (runs.jsonl, steps.jsonl per bundle)",
    outDirFlag("data-dir"),
    ".runs/gf01-web"
  ).option("--web-dir <dir>", "prebuilt browser app (default dist/web, built with Vite when missing)").option("--rebuild", "rebuild dist/web before serving", false).option(
    "--best-match-max-nodes <n>",
    // The default is play/http.ts's SERVER_BEST_MATCH_MAX_NODES, written out so that `--help`
    // does not load the server (tests/meta/startup.test.ts keeps the two equal).
    'node cap of the AP/TS best-match search when a commit is scored (default 50000; "exact" = unbounded, may block the server on large automata); a hit cap is recorded in the row',
    maxNodes
  ).option(
    "--max-body-bytes <n>",
    "largest request body accepted; larger \u2192 413",
    count("max-body-bytes", 1),
    DEFAULT_LIMITS.maxBodyBytes
  ).option(
    "--max-sessions <n>",
    "live sessions over all bundles; more \u2192 503 server_full",
    count("max-sessions", 1),
    DEFAULT_LIMITS.maxSessions
  ).option(
    "--max-sessions-per-client <n>",
    "live sessions per client address; more \u2192 429 too_many_sessions (0 = no limit)",
    count("max-sessions-per-client"),
    DEFAULT_LIMITS.maxSessionsPerClient
  ).option(
    "--idle-timeout <s>",
    "drop a session untouched this many seconds; later \u2192 410 session_expired (0 = never)",
    count("idle-timeout"),
    DEFAULT_LIMITS.idleTimeoutS
  ).option(
    "--rate <n>",
    "requests per second per client address, burst 2\xD7; over \u2192 429 rate_limited (0 = off)",
    count("rate"),
    DEFAULT_LIMITS.ratePerClient
  ).option(
    "--max-inflight <n>",
    "requests in progress above which new sessions get 503 busy (moves always pass; 0 = off)",
    count("max-inflight"),
    DEFAULT_LIMITS.maxInflight
  ).option(
    "--score-workers <n>",
    "worker threads that score finished episodes off the request path (0 = on the main thread)",
    count("score-workers"),
    1
  ).option(
    "--trust-proxy",
    "take the client address from the last X-Forwarded-For hop (only behind your own reverse proxy)",
    false
  ).action(async (o) => {
    const { currentGitCommit } = await import("./chunk-UW2XJZYN.js");
    const { bundleSourceName } = await import("./chunk-ELV7S5RD.js");
    const { buildWeb } = await import("./chunk-QLAOD47P.js");
    const { demoBundle, startGf01Server, writeDemoBundle } = await import("./chunk-V7MP6XBF.js");
    const log = (l) => process.stderr.write(`${l}
`);
    const gitCommit = currentGitCommit();
    const bundles = o.instances.map(
      (x) => typeof x === "string" ? { file: x } : { bundle: x, name: bundleSourceName(x) }
    );
    if (!bundles.length) {
      const demo = demoBundle(gitCommit);
      const f = await writeDemoBundle(o.dataDir, demo.json);
      log(`gf01 serve: no --instances given; serving a demo bundle (written to ${f})`);
      bundles.push({ key: "demo", name: "demo (generated, seeds 0-5)", bundle: demo.bundle });
    }
    if (o.rebuild) await buildWeb({ log });
    const s = await startGf01Server({
      bundles,
      dataDir: o.dataDir,
      port: o.port,
      host: o.host,
      webDir: o.webDir,
      gitCommit,
      bestMatchMaxNodes: o.bestMatchMaxNodes,
      scoreWorkers: o.scoreWorkers,
      limits: {
        maxBodyBytes: o.maxBodyBytes,
        maxSessions: o.maxSessions,
        maxSessionsPerClient: o.maxSessionsPerClient,
        idleTimeoutS: o.idleTimeout,
        ratePerClient: o.rate,
        maxInflight: o.maxInflight,
        trustProxy: o.trustProxy
      },
      log
    });
    log(`gf01 serve: ${s.url}/  (data: ${o.dataDir}; Ctrl-C to stop)`);
    for (const b of s.bundles)
      log(`  bundle ${b.key}: ${b.bundle.instances.length} instance(s) \u2192 ${b.dataDir}`);
    await new Promise((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await s.close();
    log("gf01 serve: stopped (all finished runs flushed)");
  });
  program.command("build-web").description("Build the browser app into dist/web with Vite (gf01 serve does this on demand)").action(async () => {
    const { buildWeb } = await import("./chunk-QLAOD47P.js");
    const dir = await buildWeb({ log: (l) => process.stderr.write(`${l}
`) });
    process.stdout.write(`${dir}
`);
  });
}

// src/gf01/view/cli.ts
function registerViewCommand(program) {
  addViewOptions(
    program.command("view").description("Browse run files sample by sample: episodes, replays, certificates, model messages").argument("<runs...>", "run_record JSONL files (step logs and prompts are read from beside them)").option("--instances <bundle>", "instance bundle: goal panel and best-matching minimal certificate")
  ).action(async (runs, o) => {
    const { gf01ViewDataset } = await import("./chunk-AZITEXIU.js");
    const d = await gf01ViewDataset({ runs, instances: o.instances });
    await runViewer(d, o, "gf01 view");
  });
}

// src/gf01/cli/source.ts
import { InputError as InputError3 } from "../core/errors.js";
var intFlag2 = (name, min) => intFlag(name, { min });
var listFlag = (v) => v.split(",").map((x) => x.trim()).filter(Boolean);
var SOURCE_COMMANDS = ["verify", "evaluate", "play", "play-llm", "serve"];
function addInstanceSourceOptions(cmd) {
  return cmd.option(
    "--formal <path>",
    "formal task (task.json, task list, formal bundle, directory, or .hoa + sidecar)"
  ).option(
    "--hoa <file>",
    "HOA automaton; give the task with --trace, --effect-ap, --t-star, --mode, --budget-timestep"
  ).option(
    "--trace <json|file>",
    "with --hoa: base trace, a JSON list of input valuations or a JSON/JSONL file"
  ).option("--effect-ap <ap>", "with --hoa: effect output AP").option("--t-star <n>", "with --hoa: target timestep t*", intFlag2("t-star", 0)).addOption(new Option("--mode <mode>", "with --hoa: objective mode").choices(["normal", "hard"])).option("--window-size <n>", "with --hoa: normal-mode window (default 1)", intFlag2("window-size", 1)).option("--budget-timestep <n>", "with --hoa: timestep budget B_T", intFlag2("budget-timestep", 1)).option("--budget-atoms <n>", "with --hoa: atom budget B_A (default none)", intFlag2("budget-atoms", 0)).option(
    "--input-aps <list>",
    "with --hoa: input APs in key order (default: the non-output APs)",
    listFlag
  ).option("--output-aps <list>", "with --hoa: output APs (default: controllable-AP)", listFlag).option(
    "--output-by-state <json|file>",
    "with --hoa: state-output reading, {state: {ap: 0|1}} (needs --output-aps)"
  ).option("--task-id <id>", "with --hoa: instance_id (default gf01-<content hash>)");
}
var HOA_ONLY = [
  "trace",
  "effectAp",
  "tStar",
  "mode",
  "windowSize",
  "budgetTimestep",
  "budgetAtoms",
  "inputAps",
  "outputAps",
  "outputByState",
  "taskId"
];
var flagName = (k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
async function instanceSourceFromFlags(o) {
  const { loadFormalSource, loadHoaTask } = await import("./chunk-QNNV6ED3.js");
  if (o.formal !== void 0 && o.hoa !== void 0)
    throw new InputError3("give either --formal or --hoa, not both", { field: "formal" });
  if (o.hoa === void 0) {
    const stray = HOA_ONLY.find((k) => o[k] !== void 0);
    if (stray)
      throw new InputError3(`${flagName(stray)} only applies with --hoa`, { field: flagName(stray).slice(2) });
  }
  if (o.formal !== void 0) return loadFormalSource(o.formal);
  if (o.hoa === void 0) return void 0;
  for (const k of ["trace", "effectAp", "tStar", "mode", "budgetTimestep"])
    if (o[k] === void 0)
      throw new InputError3(`--hoa needs ${flagName(k)}`, { field: flagName(k).slice(2) });
  const spec = {
    hoa: o.hoa,
    trace: o.trace,
    effectAp: o.effectAp,
    tStar: o.tStar,
    mode: o.mode,
    windowSize: o.windowSize,
    budgetTimestep: o.budgetTimestep,
    budgetAtoms: o.budgetAtoms,
    inputAps: o.inputAps,
    outputAps: o.outputAps,
    outputByState: o.outputByState,
    instanceId: o.taskId
  };
  return loadHoaTask(spec);
}
function installInstanceSources(program) {
  for (const cmd of program.commands) {
    if (!SOURCE_COMMANDS.includes(cmd.name())) continue;
    addInstanceSourceOptions(cmd);
    const instOpt = cmd.options.find((x) => x.long === "--instances");
    const required = instOpt?.mandatory === true;
    if (instOpt) {
      instOpt.mandatory = false;
      instOpt.description += required ? " (required unless --formal or --hoa)" : " (or --formal / --hoa)";
    }
    cmd.hook("preAction", async (c) => {
      const o = c.opts();
      const src = await instanceSourceFromFlags(o);
      const given = o.instances;
      const hasInstances = Array.isArray(given) ? given.length > 0 : given !== void 0;
      if (src) {
        if (hasInstances && !Array.isArray(given))
          throw new InputError3("give either --instances or --formal/--hoa, not both", { field: "instances" });
        c.setOptionValue("instances", Array.isArray(given) ? [...given, src] : src);
      } else if (required && !hasInstances)
        throw new InputError3("one of --instances, --formal or --hoa is required", { field: "instances" });
    });
  }
}

// src/gf01/cli.ts
var out = (v) => {
  process.stdout.write(`${dumpJsonFile(v)}
`);
};
var exitCode = 0;
var finish = (r) => {
  out(r.payload);
  if (!r.ok) exitCode = 2;
};
var int = (name) => intFlag(name);
var intAtLeast = (name, min) => intFlag(name, { min });
var floatIn = (name, min, max) => floatFlag(name, { min, max: max === Number.POSITIVE_INFINITY ? void 0 : max });
var float = (name) => floatFlag(name);
var floatList = (name) => floatListFlag(name, { min: 0 });
var outFile = (name) => outFileFlag(name);
async function readConfig(path, knobs = {}) {
  let cfg = {};
  if (path) {
    let text;
    try {
      text = await readFile(path, "utf8");
    } catch (e) {
      throw new InputError4(`cannot read config: ${e.code}`, { file: path });
    }
    try {
      cfg = JSON.parse(text);
    } catch (e) {
      throw new InputError4(`invalid JSON: ${e.message}`, { file: path });
    }
  }
  for (const [k, v] of Object.entries(knobs)) if (v !== void 0) cfg[k] = v;
  return cfg;
}
var ATOM_BUDGET_FLAG = "--atom-budget <rule>";
var ATOM_BUDGET_HELP = "diagnostic (default, newest official: budget_atoms not part of Valid/M(I), reported as exceeds_budget_atoms) | enforce (fixture-era rule)";
function buildProgram() {
  const program = new Command("gf01").description("GF-01 temporal-causality benchmark: generate, evaluate, verify, validate, report").version(packageVersion(), "-V, --version", "print the version").exitOverride().configureHelp(helpConfig).configureOutput({ writeErr: (s) => process.stderr.write(s) });
  program.command("demo").description("Generate one instance and score every baseline agent on it").option("--seed <n>", "seed", int("seed"), 1337).option("--compat <id>", "generator: default | official-0.1", "default").action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    finish(await api.demo(o.seed, o.compat));
  });
  program.command("generate").description("Generate a versioned instance bundle (gf01.instance_bundle.v1)").optionsGroup("Bundle:").option("--seed <n>", "first seed (official flag)", int("seed"), 2e3).option("--seed-start <n>", "alias of --seed", int("seed-start")).option("--count <n>", "number of instances (\u2265 1)", intAtLeast("count", 1), 4).option("--split <id>", "split id", "public_dev").option("--compat <id>", "generator: default | official-0.1 (draw-exact official generator)", "default").option("--config <file>", "JSON generator config (partial; merged over the compat defaults)").optionsGroup("Difficulty knobs (override --config):").option("--trace-min <n>", "horizon T: minimum", intAtLeast("trace-min", 1)).option("--trace-max <n>", "horizon T: maximum", intAtLeast("trace-max", 1)).option("--states-min <n>", "automaton states: minimum", intAtLeast("states-min", 1)).option("--states-max <n>", "automaton states: maximum", intAtLeast("states-max", 1)).option("--inputs <n>", "|AP_in| (default generator)", intAtLeast("inputs", 1)).option("--outputs <n>", "|AP_out| (default generator)", intAtLeast("outputs", 1)).option(
    "--min-witness-atoms <n>",
    "every valid certificate needs at least n atoms",
    intAtLeast("min-witness-atoms", 1)
  ).option(
    "--witness-weights <list>",
    "target minimum-witness-size distribution, e.g. 0.25,0.4,0.3,0.05 (sizes 1..k)",
    floatList("witness-weights")
  ).option(
    "--min-witness-timesteps <n>",
    "minimum distinct intervened timesteps of any witness",
    intAtLeast("min-witness-timesteps", 1)
  ).option(
    "--budget-slack-timesteps <n>",
    "budget tightness: B_T = min timesteps + slack",
    intAtLeast("budget-slack-timesteps", 0)
  ).option(
    "--budget-slack-atoms <n>",
    "budget tightness: B_A = min atoms + slack",
    intAtLeast("budget-slack-atoms", 0)
  ).option(
    "--budget-tightness <x>",
    "official-0.1 budget tightness",
    floatIn("budget-tightness", 0, Number.POSITIVE_INFINITY)
  ).option("--p-hard <x>", "mode mix: probability of hard mode", floatIn("p-hard", 0, 1)).option(
    "--effect-density <x>",
    "probability that a transition emits the effect output",
    floatIn("effect-density", 0, 1)
  ).option("--alpha-0 <x>", "window coefficient \u03B10 (DEC-014b)", float("alpha-0")).option("--alpha-t <x>", "window coefficient \u03B1T", float("alpha-t")).option("--alpha-c <x>", "window coefficient \u03B1C", float("alpha-c")).option("--w-min <n>", "window clamp minimum", intAtLeast("w-min", 0)).option("--w-max <n>", "window clamp maximum", intAtLeast("w-max", 0)).option(
    "--id-scheme <scheme>",
    "official-0.1 instance ids: content_hash (current official, default) | legacy (0.1.0 fixtures)"
  ).optionsGroup("Output:").option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)").option("--out <file>", "write the bundle here (default: stdout)", outFile("out")).option("--manifest-out <file>", "also write the split manifest", outFile("manifest-out")).option("--legacy-list", "write a bare list of instances (official --legacy-list: no bundle header)").addHelpText(
    "after",
    `
Examples:
  gf01 generate --seed 0 --count 20 --inputs 3 --min-witness-atoms 2 --p-hard 0.5 --out bundle.json
  gf01 generate --compat official-0.1 --seed 7100 --count 4 --out official.json`
  ).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { checkOutputPath } = await import("./chunk-DAQYWPZ3.js");
    const { defaultConfig } = await import("./chunk-4UYCD56R.js");
    if (o.compat !== "default" && o.compat !== "official-0.1")
      throw new InputError4(`unknown --compat ${o.compat}`, { field: "compat" });
    for (const f of [o.out, o.manifestOut]) if (f) await checkOutputPath(f);
    const start = o.seedStart ?? o.seed;
    let weights = o.witnessWeights;
    if (o.minWitnessAtoms !== void 0 && o.compat === "default") {
      const base = weights ?? defaultConfig().witness_atoms_weights;
      const k = o.minWitnessAtoms;
      weights = Array.from(
        { length: Math.max(base.length, k) },
        (_, i) => i + 1 < k ? 0 : base[i] ?? (i + 1 === k ? 1 : 0)
      );
      if (weights.every((w) => w === 0)) weights[k - 1] = 1;
    }
    const config = await readConfig(o.config, {
      trace_min: o.traceMin,
      trace_max: o.traceMax,
      states_min: o.statesMin,
      states_max: o.statesMax,
      n_inputs: o.inputs,
      n_outputs: o.outputs,
      witness_atoms_weights: weights,
      min_witness_atoms: o.compat === "official-0.1" ? o.minWitnessAtoms : void 0,
      min_witness_timesteps: o.minWitnessTimesteps,
      budget_slack_timesteps: o.budgetSlackTimesteps,
      budget_slack_atoms: o.budgetSlackAtoms,
      budget_tightness: o.budgetTightness,
      p_hard: o.pHard,
      effect_density: o.effectDensity,
      alpha_0: o.alpha0,
      alpha_t: o.alphaT,
      alpha_c: o.alphaC,
      w_min: o.wMin,
      w_max: o.wMax
    });
    if (o.idScheme !== void 0 && o.idScheme !== "content_hash" && o.idScheme !== "legacy")
      throw new InputError4(`unknown --id-scheme ${o.idScheme} (content_hash | legacy)`, {
        field: "id-scheme"
      });
    const g = await api.writeGeneratedBundle(
      {
        count: o.count,
        seedStart: start,
        split: o.split,
        compat: o.compat,
        config,
        gitCommit: o.gitCommit,
        idScheme: o.idScheme
      },
      { out: o.out, manifestOut: o.manifestOut, legacyList: !!o.legacyList }
    );
    if (g.rejected.length && o.compat === "default")
      process.stderr.write(
        `gf01: ${g.instances} instances; ${g.rejected.length} seed(s) rejected and skipped (listed in the bundle's rejected_seeds)
`
      );
    else if (g.rejected.length)
      process.stderr.write(`gf01: ${g.rejected.length} seed(s) rejected: ${JSON.stringify(g.rejected)}
`);
    if (o.out)
      out({
        status: "ok",
        out: o.out,
        instances: g.instances,
        rejected: g.rejected,
        instances_hash: g.instances_hash,
        config_hash: g.config_hash
      });
  });
  program.command("evaluate").description("Run one agent over a bundle and append run records (JSONL)").requiredOption("--instances <file>", "instance bundle").option("--agent <name>", "agent name", "greedy").addOption(
    new Option("--eval-track <track>", "evaluation track").choices([...ALLOWED_EVAL_TRACKS]).default("EVAL-CB")
  ).option("--renderer-track <track>", "json | visual", "json").option("--seed <n>", "agent seed", int("seed"), 0).option("--tool-allowlist-id <id>", "tool allowlist", "none").option("--tool-log-hash <h>", "tool log hash", "").option(
    "--adaptation-condition <c>",
    "no_adaptation | prompt_adaptation | weight_finetune",
    "no_adaptation"
  ).option("--adaptation-budget-tokens <n>", "tokens", intAtLeast("adaptation-budget-tokens", 0), 0).option("--adaptation-data-scope <s>", "none | public_only | public_plus_external", "none").option("--adaptation-protocol-id <id>", "protocol id", "none").option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)").option(
    "--best-match-pool <pool>",
    "complete | official (first 32 of M(I), as the official harness)",
    "complete"
  ).option("--extra-metrics", "also write kappa and score_c into each row").option(ATOM_BUDGET_FLAG, ATOM_BUDGET_HELP).option(
    "--out <file>",
    "write run rows to this JSONL file (an existing one needs --resume or --overwrite)",
    outFile("out")
  ).optionsGroup("Online agents (--agent-cmd, --agent online-\u2026):").option("--agent-cmd <cmd>", "online: JSON-lines stdio agent command (docs/gf01-play.md)").option("--agent-name <name>", "online: agent_name for --agent-cmd rows").option(
    "--agent-timeout-s <s>",
    "online: seconds to wait for one stdio action",
    intAtLeast("agent-timeout-s", 1),
    30
  ).option("--protocol <p>", "online: commit_only | explore_then_commit", "commit_only").option("--explore-episodes <n>", "online: exploration rollouts", intAtLeast("explore-episodes", 0), 3).option("--concurrency <n>", "online: episodes in flight", intAtLeast("concurrency", 1), 1).option("--resume", "continue --out: keep its rows of this agent and track, run only missing instances").option("--overwrite", "replace --out").action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { evaluateOnlineAgent, isOnlineAgentId } = await import("./chunk-YUEOOG7P.js");
    if (o.agentCmd || isOnlineAgentId(o.agent)) {
      const r2 = await evaluateOnlineAgent({
        instancesFile: o.instances,
        agent: o.agentCmd ? void 0 : o.agent,
        agentCmd: o.agentCmd,
        agentName: o.agentName,
        agentTimeoutS: o.agentTimeoutS,
        evalTrack: o.evalTrack,
        rendererTrack: o.rendererTrack,
        protocol: o.protocol,
        exploreEpisodes: o.exploreEpisodes,
        seed: o.seed,
        concurrency: o.concurrency,
        out: o.out,
        resume: !!o.resume,
        overwrite: !!o.overwrite,
        gitCommit: o.gitCommit ?? api.currentGitCommit(),
        extraMetrics: !!o.extraMetrics,
        onFirstError: (x) => process.stderr.write(`gf01: ${x.message}
`),
        adaptation: {
          adaptationCondition: o.adaptationCondition,
          adaptationBudgetTokens: o.adaptationBudgetTokens,
          adaptationDataScope: o.adaptationDataScope,
          adaptationProtocolId: o.adaptationProtocolId
        }
      });
      finish(r2);
      if (r2.payload.errored) exitCode = 1;
      return;
    }
    const r = await api.evaluateAgent({
      instancesFile: o.instances,
      agent: o.agent,
      evalTrack: o.evalTrack,
      rendererTrack: o.rendererTrack,
      seed: o.seed,
      toolAllowlistId: o.toolAllowlistId,
      toolLogHash: o.toolLogHash,
      adaptationCondition: o.adaptationCondition,
      adaptationBudgetTokens: o.adaptationBudgetTokens,
      adaptationDataScope: o.adaptationDataScope,
      adaptationProtocolId: o.adaptationProtocolId,
      out: o.out,
      resume: !!o.resume,
      overwrite: !!o.overwrite,
      gitCommit: o.gitCommit,
      pool: api.parseBestMatchPool(o.bestMatchPool),
      extraMetrics: !!o.extraMetrics,
      atomBudget: api.parseAtomBudgetRule(o.atomBudget)
    });
    if (r.ok && o.evalTrack === "EVAL-CB")
      process.stderr.write(
        `gf01: note: offline agent ${JSON.stringify(o.agent)} is white-box (reads the hidden instance); its EVAL-CB label is the official one, not a closed-book baseline (black-box: --agent online-\u2026)
`
      );
    finish(r);
  });
  program.command("verify").description("Score one certificate against one instance of a bundle").requiredOption("--instances <file>", "instance bundle").option("--instance-id <id>", "instance id (optional when the bundle has one instance)").requiredOption("--certificate <json>", 'certificate JSON, e.g. [[3,"in2",0]], or @file').option("--best-match-pool <pool>", "complete | official", "complete").option("--diagnostic", "run the optional exact subset-minimality diagnostic").option("--check-bundle", "also validate every other instance and the bundle's instances_hash").option(ATOM_BUDGET_FLAG, ATOM_BUDGET_HELP).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    let text = String(o.certificate);
    let file;
    if (text.startsWith("@")) {
      file = text.slice(1);
      text = await readFile(file, "utf8").catch(() => {
        throw new InputError4("cannot read certificate file", { file });
      });
    }
    let cert;
    try {
      cert = JSON.parse(text);
    } catch (e) {
      throw new InputError4(`certificate is not JSON: ${e.message}`, {
        file,
        field: "certificate"
      });
    }
    finish(
      await api.verifyOne({
        instancesFile: o.instances,
        instanceId: o.instanceId,
        certificate: cert,
        pool: api.parseBestMatchPool(o.bestMatchPool),
        diagnostic: !!o.diagnostic,
        atomBudget: api.parseAtomBudgetRule(o.atomBudget),
        checkBundle: !!o.checkBundle
      })
    );
  });
  const vr = (name, desc) => program.command(name).description(desc).requiredOption("--runs <file>", "run JSONL").option("--manifest <file>", "split manifest JSON").option("--instances <file>", "instance bundle: re-verify every row (required with --official)").option("--strict", "strict schema/metadata checks").option("--official", "official mode: strict + --manifest + --instances").option(
    "--best-match-pool <pool>",
    "complete | official (default official); applies to rows without best_match_pool"
  ).option(ATOM_BUDGET_FLAG, `${ATOM_BUDGET_HELP}; applies to rows without atom_budget`);
  vr("validate", "Validate run JSONL: official policy checks + re-verification of every certificate").action(
    async (o) => {
      const api = await import("./chunk-UW2XJZYN.js");
      const r = await api.validateRunsFile(o.runs, {
        instancesFile: o.instances,
        manifestFile: o.manifest,
        strict: !!o.strict,
        official: !!o.official,
        pool: api.parseBestMatchPool(o.bestMatchPool),
        atomBudget: api.parseAtomBudgetRule(o.atomBudget)
      });
      finish(r);
    }
  );
  vr("report", "Aggregate validated runs per stratum (tracks and agents never pooled)").addOption(
    new Option("--format <fmt>", "json | table (default: table on a TTY, else json)").choices([
      "json",
      "table"
    ])
  ).option(
    "--html <file>",
    "also write a self-contained HTML report (charts rendered at build time)",
    outFile("html")
  ).option(
    "--by-agent",
    'summary view: difficulty slices and modes reported together as "all" (tracks, agents, protocols, splits stay apart)'
  ).option("--png", "with --html: also export each chart as PNG (needs Debian chromium)").addOption(
    new Option(
      "--attempts <which>",
      "human rows: which of a player's plays of an instance count (first | best | all)"
    ).choices(["first", "best", "all"]).default("first")
  ).action(async (o) => {
    if (o.png)
      await importOptional("playwright-core", "PNG export (--png)", () => import("playwright-core"));
    const api = await import("./chunk-UW2XJZYN.js");
    const { readJsonlAll } = await import("./chunk-DAQYWPZ3.js");
    const { formatReportTable } = await import("./chunk-P3L2JHEK.js");
    const r = await api.reportRunsFile(o.runs, {
      attempts: o.attempts,
      instancesFile: o.instances,
      manifestFile: o.manifest,
      strict: !!o.strict,
      official: !!o.official,
      pool: api.parseBestMatchPool(o.bestMatchPool),
      atomBudget: api.parseAtomBudgetRule(o.atomBudget),
      fold: o.byAgent ? ["difficulty_slice", "mode"] : []
    });
    if (r.ok && o.html) {
      const runs = await readJsonlAll(o.runs);
      const { writeGf01ReportHtml } = await import("./chunk-YWEWCOAB.js");
      await writeGf01ReportHtml(r.payload, o.html, { runs, png: !!o.png });
      process.stderr.write(`gf01: wrote ${o.html}
`);
    }
    const fmt = o.format ?? (process.stdout.isTTY ? "table" : "json");
    if (r.ok && fmt === "table") process.stdout.write(formatReportTable(r.payload));
    else finish(r);
    if (!r.ok) exitCode = 2;
  });
  addInstanceSourceOptions(
    program.command("import").description("Turn formal tasks or an HOA automaton (--formal / --hoa) into an instance bundle")
  ).option("--split <id>", "split id for every instance (default: the tasks' own, else public_dev)").option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)").option("--out <file>", "write the bundle here (default: stdout)", outFile("out")).option("--manifest-out <file>", "also write the split manifest", outFile("manifest-out")).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { checkOutputPath, writeFileAtomic } = await import("./chunk-DAQYWPZ3.js");
    for (const f of [o.out, o.manifestOut]) if (f) await checkOutputPath(f);
    const source = await instanceSourceFromFlags(o);
    if (!source) throw new InputError4("gf01 import needs --formal or --hoa", { field: "formal" });
    const r = api.importFormal({ source, split: o.split, gitCommit: o.gitCommit });
    const text = api.bundleToJson(r.bundle);
    if (o.out) await writeFileAtomic(o.out, text);
    else process.stdout.write(`${text}
`);
    if (o.manifestOut) await writeFileAtomic(o.manifestOut, dumpJsonFile(r.manifest));
    if (o.out)
      process.stderr.write(
        `gf01: wrote ${o.out} (${r.bundle.instances.length} instance(s), instances_hash ${r.bundle.instances_hash})
`
      );
  });
  program.command("identifiability-check").description("Recompute every instance's identifiability metric against thresholds (official command)").requiredOption("--instances <file>", "instance bundle").option("--min-response-ratio <x>", "threshold", floatIn("min-response-ratio", 0, 1), 0.6).option("--min-unique-signatures <n>", "threshold", intAtLeast("min-unique-signatures", 0), 8).option("--out <file>", "also write the result here", outFile("out")).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { writeFileAtomic } = await import("./chunk-DAQYWPZ3.js");
    const r = await api.identifiabilityCheckFile(o.instances, {
      minResponseRatio: o.minResponseRatio,
      minUniqueSignatures: o.minUniqueSignatures
    });
    if (o.out) await writeFileAtomic(o.out, dumpJsonFile(r.payload));
    finish(r);
  });
  program.command("manifest").description("Build the split manifest of a bundle").requiredOption("--instances <file>", "instance bundle").option("--out <file>", "write here (default: stdout)", outFile("out")).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { writeFileAtomic } = await import("./chunk-DAQYWPZ3.js");
    const m = await api.manifestFor(o.instances);
    if (o.out) await writeFileAtomic(o.out, dumpJsonFile(m));
    else out(m);
  });
  program.command("list").description("List the instances of a bundle: index, instance_id, mode, seed, t_star, horizon").requiredOption("--instances <file>", "instance bundle").option("--ids", "print only the instance ids, one per line (for shell scripts)").addOption(
    new Option("--format <fmt>", "json | table (default: table on a TTY, else json)").choices([
      "json",
      "table"
    ])
  ).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const { formatTable } = await import("./chunk-ZVCDG5CB.js");
    const rows = api.listInstances(await api.loadBundle(o.instances));
    if (o.ids) process.stdout.write(rows.map((r) => `${r.instance_id}
`).join(""));
    else if ((o.format ?? (process.stdout.isTTY ? "table" : "json")) === "table")
      process.stdout.write(formatTable(rows));
    else out({ instances: rows });
  });
  program.command("migrate-runs").description("Migrate legacy run rows to gf01.run_record.v1, re-scoring each against the bundle").requiredOption("--runs <file>", "legacy run JSONL").requiredOption("--out <file>", "migrated run JSONL", outFile("out")).requiredOption("--instances <file>", "instance bundle (rows are re-verified, never trusted)").option("--manifest <file>", "split manifest (coverage summary)").option("--benchmark-version <v>").option("--generator-version <v>").option("--checker-version <v>").option("--harness-version <v>").option("--git-commit <sha>", "default: the bundle's git_commit").option("--config-hash <h>", "default: the bundle's config_hash").option("--tool-allowlist-id <id>", "default tool allowlist", "none").option("--tool-log-hash <h>", "default tool log hash", "").option("--adaptation-condition <c>", "default", "no_adaptation").option("--adaptation-budget-tokens <n>", "default", intAtLeast("adaptation-budget-tokens", 0), 0).option("--adaptation-data-scope <s>", "default", "none").option("--adaptation-protocol-id <id>", "default", "none").addOption(new Option("--default-eval-track <t>").choices([...ALLOWED_EVAL_TRACKS]).default("EVAL-CB")).option("--default-renderer-track <t>", "default", "json").option("--default-agent-name <name>", "default", "legacy-agent").option("--default-split-id <id>", "unused: split comes from the bundle", "public_dev").addOption(
    new Option("--default-mode <m>", "unused: mode comes from the bundle").choices([...ALLOWED_MODES]).default("normal")
  ).option("--default-seed <n>", "unused: seed comes from the bundle", int("default-seed"), 0).option("--best-match-pool <pool>", "complete | official", "complete").action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    finish(
      await api.migrateRunsFile(o.runs, {
        instancesFile: o.instances,
        out: o.out,
        manifestFile: o.manifest,
        pool: api.parseBestMatchPool(o.bestMatchPool),
        defaults: {
          benchmark_version: o.benchmarkVersion,
          generator_version: o.generatorVersion,
          checker_version: o.checkerVersion,
          harness_version: o.harnessVersion,
          git_commit: o.gitCommit,
          config_hash: o.configHash,
          tool_allowlist_id: o.toolAllowlistId,
          tool_log_hash: o.toolLogHash,
          adaptation_condition: o.adaptationCondition,
          adaptation_budget_tokens: o.adaptationBudgetTokens,
          adaptation_data_scope: o.adaptationDataScope,
          adaptation_protocol_id: o.adaptationProtocolId,
          eval_track: o.defaultEvalTrack,
          renderer_track: o.defaultRendererTrack,
          agent_name: o.defaultAgentName
        }
      })
    );
  });
  program.command("checks").description("Acceptance checks AB-001..AB-009 on generated instances").option("--seed <n>", "seed base", int("seed"), 1e3).option("--count <n>", "instances per split (\u2265 1)", intAtLeast("count", 1), 128).action(async (o) => {
    const api = await import("./chunk-UW2XJZYN.js");
    const r = api.runChecks({ seed: o.seed, count: o.count, agents: api.checkAgents() });
    finish({ ok: r.passed, payload: r });
  });
  registerPlayCommands(program);
  registerServeCommands(program);
  registerViewCommand(program);
  installInstanceSources(program);
  return program;
}
async function main(argv) {
  exitCode = 0;
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code.startsWith("gf01.")) return e.exitCode;
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof InputError4) {
      process.stderr.write(`gf01: ${e.message}
`);
      return 2;
    }
    if (e instanceof EpisodeFailed) {
      process.stderr.write(`gf01: ${e.message}
`);
      return 1;
    }
    process.stderr.write(internalErrorLine("gf01", e));
    return 1;
  }
  return exitCode;
}
if (isMainModule(new URL("../gf01/cli.js", import.meta.url).href)) runMain(main);

// src/bin/gf01.ts
runMain(main);
