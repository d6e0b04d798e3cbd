/**
 * `gf01 play` (one episode: a person at the terminal, a stdio program, a script or an online
 * baseline; official payload to --out) and `gf01 play-llm` (an LLM over a bundle, with the
 * engine's flags: concurrency, cache, resume).
 */
import type { Command } from "commander";
import { CommanderError, Option } from "commander";
import { addModelOptions, type ModelCliValues } from "../../core/engine/cli.js";
import { addConfigOption } from "../../core/engine/run-config.js";
import { MAX_DURATION_S, outFileFlag, intOrSeedFlag } from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
import { addQueueOption } from "../../core/queue/cli.js";
// Implementations are imported in the actions (`await import`): `gf01 --help` loads none of them.
import type { BundleSource, LoadedBundle } from "../artifacts/bundle.js";
import { dumpJsonFile } from "../artifacts/pyout.js";
import type { Gf01Instance } from "../model/types.js";

// `intArg("seed")` is a seed.
const intArg = intOrSeedFlag;

const printJson = (v: unknown) => process.stdout.write(`${dumpJsonFile(v)}\n`);

async function pickInstance(o: {
  instances?: BundleSource;
  instanceIndex: number;
  instanceId?: string;
  seed: number;
  split: string;
}): Promise<{ bundle: LoadedBundle; inst: Gf01Instance; source: string }> {
  const { bundleSourceName, bundleToJson, loadBundle, parseBundle } = await import("../artifacts/bundle.js");
  const { generateBundle } = await import("../api.js");
  if (o.instances) {
    const bundle = await loadBundle(o.instances);
    let inst: Gf01Instance | undefined;
    if (o.instanceId) inst = bundle.byId.get(o.instanceId);
    else inst = bundle.instances[o.instanceIndex];
    if (!inst)
      throw new InputError(
        o.instanceId
          ? `instance_id ${o.instanceId} is not in the bundle`
          : `instance index ${o.instanceIndex} out of range (${bundle.instances.length} instances)`,
        { file: bundleSourceName(o.instances), field: o.instanceId ? "--instance-id" : "--instance-index" },
      );
    return { bundle, inst, source: "bundle" };
  }
  const g = generateBundle({ seeds: [o.seed], split: o.split });
  if (!g.instances.length)
    throw new InputError(`seed ${o.seed} was rejected by the generator`, { field: "--seed" });
  return {
    bundle: parseBundle(JSON.parse(bundleToJson(g.bundle))),
    inst: g.instances[0],
    source: "generated_dev_seed",
  };
}

/** Player and session ids of a terminal session (the player id is checked like the web's). */
async function humanIds(player: string | undefined): Promise<{ player_id: string; session_id: string }> {
  const { PLAYER_ID } = await import("../play/http.js");
  const { randomUUID } = await import("node:crypto");
  const session_id = randomUUID();
  if (player !== undefined && !PLAYER_ID.test(player))
    throw new InputError("player id: letters, digits, - and _ only (1 to 32)", { field: "--player" });
  return { player_id: player ?? `anon-${session_id.slice(0, 8)}`, session_id };
}

/** `--protocol` and `--explore-episodes`: how an online play command's episodes are played. */
function addProtocolOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option("--protocol <p>", "play protocol")
        .choices(["commit_only", "explore_then_commit"])
        .default("commit_only"),
    )
    .option(
      "--explore-episodes <n>",
      "exploration rollouts (explore_then_commit)",
      intArg("explore-episodes", 0),
      3,
    );
}

export function registerPlayCommands(program: Command): void {
  addProtocolOptions(
    program
      .command("play")
      .description(
        "Play one GF-01 episode online: at the terminal (default), or with --agent-cmd / --agent / --script",
      )
      .option("--instances <file>", "instance bundle (default: generate one instance from --seed)")
      .option("--instance-index <i>", "which instance of the bundle", intArg("instance-index", 0), 0)
      .option("--instance-id <id>", "pick the instance by id")
      .option(
        "--seed <n>",
        "generator seed when no bundle is given (also the agent seed)",
        intArg("seed"),
        2000,
      )
      .option("--split <id>", "split id for a generated instance", "public_dev")
      .option("--agent <id>", "online agent: online-random | online-greedy | online-oracle (EVAL-OC)")
      .option(
        "--agent-cmd <cmd>",
        'JSON-lines stdio agent, e.g. "python3 my_agent.py" (see docs/gf01-play.md)',
      )
      .option("--agent-name <name>", "agent_name for --agent-cmd/--script/human runs")
      .option(
        "--player <id>",
        "a person at the terminal: pseudonymous player id for the row (default: a random anon-… id)",
      )
      .option(
        "--agent-timeout-s <s>",
        "seconds to wait for one stdio action",
        intArg("agent-timeout-s", 1, MAX_DURATION_S),
        30,
      )
      .option("--script <file>", "official action script ({actions:[{t, set}]})"),
  )
    .addOption(
      new Option("--eval-track <track>", "evaluation track").choices(["EVAL-CB", "EVAL-TA", "EVAL-OC"]),
    )
    .addOption(
      new Option("--renderer-track <track>", "json | visual (R1 text)")
        .choices(["json", "visual"])
        .default("visual"),
    )
    .option("--git-commit <sha>", "provenance stamp (default: git rev-parse HEAD)")
    .option(
      "--out <file>",
      "write the official play payload (status, run_contract, instance, episode)",
      outFileFlag("out"),
    )
    .option(
      "--runs-out <file>",
      "append the run_record row here (and the step log to <file>.steps.jsonl)",
      outFileFlag("runs-out"),
    )
    .action(async (o) => {
      const { JsonlAppender, writeFileAtomic } = await import("../../core/jsonl.js");
      const { currentGitCommit } = await import("../api.js");
      const { runRecordLine } = await import("../artifacts/run-record.js");
      const { compileInstance } = await import("../model/compile.js");
      const { driveSession } = await import("../play/agent.js");
      const { checkProtocol, checkTrack, resolveOnlineAgent } = await import("../play/api.js");
      const { PlaySession } = await import("../play/episode.js");
      const { playRunMeta } = await import("../play/meta.js");
      const { outcomeRunRecord, playPayload, publicResult, scoreSession, stepLogRecord } = await import(
        "../play/result.js"
      );
      const { onlineTrackError } = await import("../play/runner.js");
      const { playAtTerminal } = await import("../play/terminal.js");
      const { bundle, inst, source } = await pickInstance(o);
      const protocol = checkProtocol(o.protocol);
      const human = !o.agent && !o.agentCmd && !o.script;
      const agent = human ? undefined : await resolveOnlineAgent(o);
      const evalTrack = checkTrack(o.evalTrack) ?? agent?.evalTrack ?? "EVAL-CB";
      if (agent) {
        const te = onlineTrackError(agent, evalTrack);
        if (te) throw new InputError(te, { field: "--eval-track" });
        if (evalTrack === "EVAL-TA")
          throw new InputError("EVAL-TA needs a tool-logging agent (gf01 play-llm)", {
            field: "--eval-track",
          });
      } else if (evalTrack !== "EVAL-CB")
        throw new InputError("a person plays on EVAL-CB", { field: "--eval-track" });
      const session = new PlaySession(inst, compileInstance(inst), {
        protocol,
        exploreEpisodes: o.exploreEpisodes,
        maxInvalidPerStep: human ? undefined : 5,
      });
      const agentName = o.agentName ?? agent?.name ?? "human-terminal";
      let extras: { tool_log_hash?: string } = {};
      let outcome: ReturnType<typeof scoreSession>;
      if (human) outcome = await playAtTerminal(session, process.stdin, process.stdout);
      else {
        const player = await agent!.start({
          goal: session.goal,
          protocol,
          exploreEpisodes: session.exploreEpisodes,
          seed: o.seed,
          index: 0,
          instance: agent!.whiteBox ? inst : undefined,
        });
        try {
          await driveSession(session, player);
        } catch (e) {
          await player.abort?.();
          throw e; // EpisodeFailed: one stderr line, exit 1, nothing written
        }
        outcome = scoreSession(session);
        extras = (await player.end?.(publicResult(outcome))) ?? {};
      }
      const meta = playRunMeta(bundle.meta, {
        evalTrack,
        rendererTrack: o.rendererTrack,
        gitCommit: o.gitCommit ?? currentGitCommit(),
        toolAllowlistId: agent?.toolAllowlistId,
        toolLogHash: evalTrack === "EVAL-CB" ? "" : (extras.tool_log_hash ?? ""),
      });
      // A person's row carries who played and which session (report counts repeats as attempts).
      const who = human ? await humanIds(o.player) : {};
      const ctx = {
        eval_track: evalTrack,
        renderer_track: o.rendererTrack,
        agent_name: agentName,
        meta,
        ...who,
      };
      const payload = playPayload(session, outcome, { ...ctx, instance_source: source });
      if (o.out) await writeFileAtomic(o.out, dumpJsonFile(payload));
      if (o.runsOut) {
        const runs = await JsonlAppender.open(o.runsOut);
        const steps = await JsonlAppender.open(`${o.runsOut}.steps.jsonl`);
        await runs.append(runRecordLine(outcomeRunRecord(session, outcome, ctx)));
        await steps.append(
          JSON.stringify(
            stepLogRecord(outcome, { agent_name: agentName, eval_track: evalTrack, extra: who }),
          ),
        );
        await runs.close();
        await steps.close();
      }
      if (human) {
        if (o.out) process.stdout.write(`wrote ${o.out}\n`);
      } else printJson(payload);
    });

  const playLlm = addProtocolOptions(
    addModelOptions(
      program
        .command("play-llm")
        .description(
          "An LLM plays every instance of a bundle online (EVAL-CB or EVAL-TA), via the model engine",
        )
        .requiredOption("--instances <file>", "instance bundle"),
    )
      .addOption(
        new Option("--eval-track <track>", "EVAL-CB (closed book) | EVAL-TA (tools)")
          .choices(["EVAL-CB", "EVAL-TA"])
          .default("EVAL-CB"),
      )
      .option("--scratchpad", "let the model think in <scratchpad> before its JSON action")
      .option(
        "--max-malformed <n>",
        "re-asks after a reply without a JSON action, then skip",
        intArg("max-malformed", 0),
        2,
      )
      .option("--max-tool-calls <n>", "EVAL-TA tool calls per timestep", intArg("max-tool-calls", 0), 4),
  )
    .addOption(
      new Option("--renderer-track <track>", "json | visual").choices(["json", "visual"]).default("json"),
    )
    .option("--agent-name <name>", "agent_name in rows (default LLM-<model>)")
    .option("--steps-out <file>", "per-step log (default <results>.steps.jsonl)", outFileFlag("steps-out"))
    .option("--git-commit <sha>", "provenance stamp (default: git rev-parse HEAD)");
  addConfigOption(playLlm);
  addQueueOption(playLlm.optionsGroup("Distributed runs (docs/scale.md):"));
  playLlm.action(async (o: ModelCliValues & Record<string, unknown>) => {
    const { DiskCache } = await import("../../core/engine/cache.js");
    const { engineFromOptions } = await import("../../core/engine/cli.js");
    const { PromptStore, promptFileFor } = await import("../../core/engine/prompt-store.js");
    const { Progress } = await import("../../core/progress.js");
    const { currentGitCommit } = await import("../api.js");
    const { loadBundle } = await import("../artifacts/bundle.js");
    const { llmAgent } = await import("../play/llm.js");
    const { checkProtocol } = await import("../play/api.js");
    const { playBundle } = await import("../play/runner.js");
    const e = await engineFromOptions(o);
    const prompts = e.run.resultsPath ? new PromptStore(promptFileFor(e.run.resultsPath)) : undefined;
    // Each episode's prompts are written when it is recorded, in bundle order: the same bytes
    // at any --max-concurrency (and as --queue).
    const { EpisodePrompts } = await import("../play/prompt-order.js");
    const ordered = prompts ? new EpisodePrompts(prompts) : undefined;
    const agent = llmAgent({
      client: e.client,
      params: e.params,
      track: o.evalTrack as "EVAL-CB" | "EVAL-TA",
      scratchpad: !!o.scratchpad,
      maxMalformed: o.maxMalformed as number,
      maxToolCalls: o.maxToolCalls as number,
      cache: e.run.cacheDir ? new DiskCache(e.run.cacheDir) : undefined,
      retry: e.run.retry,
      timeoutMs: e.run.timeoutMs,
      name: o.agentName as string | undefined,
      prompts: ordered,
    });
    const bundle = await loadBundle(o.instances as BundleSource);
    // Written once the inputs are read (issue 31: a bad bundle leaves no config behind).
    if (e.run.resultsPath) {
      const { writeEffectiveConfig } = await import("../../core/engine/run-config.js");
      await writeEffectiveConfig(playLlm, `${e.run.resultsPath}.config.json`);
    }
    const n = bundle.instances.length;
    const bar = new Progress(Math.min(n, e.run.limit ?? n), "play-llm", process.stderr, e.run.progress);
    const queue = o.queue as import("../../core/queue/url.js").QueueUrl | undefined;
    const evalTrack = o.evalTrack as "EVAL-CB" | "EVAL-TA";
    const remote =
      queue && e.clientSpec
        ? (await import("../queue/play.js")).queuedEpisodes(
            queue,
            {
              llm: {
                client: e.clientSpec,
                descriptor: e.client.descriptor,
                params: e.params,
                track: evalTrack,
                scratchpad: !!o.scratchpad,
                maxMalformed: o.maxMalformed as number,
                maxToolCalls: o.maxToolCalls as number,
                retry: e.run.retry,
                timeoutMs: e.run.timeoutMs,
                name: o.agentName as string | undefined,
              },
            },
            {
              prompts,
              onReused: (k) => bar.skip(k),
              onDone: (k) => bar.tick(k),
              // --cache-dir: episodes the cache answers whole are played here; the others carry
              // their cached responses, and the workers' new ones come back into the cache.
              cache: e.run.cacheDir ? new DiskCache(e.run.cacheDir) : undefined,
            },
          )
        : undefined;
    const r = await playBundle({
      bundle,
      agent,
      evalTrack: o.evalTrack as "EVAL-CB" | "EVAL-TA",
      rendererTrack: o.rendererTrack as "json" | "visual",
      protocol: checkProtocol(o.protocol as string),
      exploreEpisodes: o.exploreEpisodes as number,
      concurrency: e.run.maxConcurrency,
      maxUnparseableShare: e.run.maxUnparseableShare,
      out: e.run.resultsPath,
      stepsOut: o.stepsOut as string | undefined,
      resume: e.run.resume,
      overwrite: e.run.overwrite,
      limit: e.run.limit,
      gitCommit: (o.gitCommit as string | undefined) ?? currentGitCommit(),
      onFirstError: (x) => bar.message(`gf01: ${x.message}`),
      onRecord: ordered ? (i) => ordered.release(i) : undefined,
      onEpisode: () => {
        if (!remote) bar.tick();
      },
      remote,
    }).catch(async (err: unknown) => {
      const q = await import("../../core/queue/cli.js");
      if (await q.reportQueueFailure("gf01", err)) q.failRun("gf01");
      throw err;
    });
    await e.client.close?.();
    await prompts?.close();
    bar.finish();
    printJson({ ...r.payload, model: e.client.descriptor, config_hash: agent.configHash() });
    // Episode errors (endpoint/agent failures) and mostly unusable replies exit 1; nothing errored was scored.
    if (typeof r.payload.unparseable_failure === "string")
      process.stderr.write(`${r.payload.unparseable_failure}\n`);
    if (!r.ok)
      throw new CommanderError(
        r.payload.errored || r.payload.unparseable_failure ? 1 : 2,
        "gf01.play-llm",
        "",
      );
  });
}
