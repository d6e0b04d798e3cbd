/**
 * Run config files: `--config run.yaml|run.json` holds any of a command's flags, so a run's
 * settings can be committed next to its results and repeated. Keys are the long flag names
 * without `--` (and without `no-`: `timings: false` is `--no-timings`); values are what the
 * flag takes (a string or number, true/false for switches, a list for repeatable flags) and
 * go through the flag's own parser, so a bad value is rejected exactly as on the command
 * line. Unknown keys are errors naming the file, line and key. Flags given on the command
 * line win over the file. The effective config (every flag's value as the run used it) is
 * written beside the results as JSON in the same shape, so `--config <that file>` repeats
 * the run. `.env` in the working directory is read for keys (variables already set win);
 * nothing from it is ever written anywhere.
 *
 * The keys a command accepts are derived from its commander options, so the file format,
 * its JSON Schema (`runConfigSchema`, exported to schemas/) and the flags cannot drift apart.
 * Loading happens in the `--config` option's own parser (commander runs it while parsing,
 * before it checks required flags), so `--model` / `--data` may come from the file.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseEnv } from "node:util";
import type { Command, Option } from "commander";
import { InputError } from "../errors.js";
import { internalErrorLine, setConfigFileInUse } from "../cli.js";

/** How a flag is written in a config file. */
export interface ConfigKey {
  /** Key in the file: the long flag without `--` / `--no-`. */
  key: string;
  /** commander attribute name. */
  attr: string;
  type: "boolean" | "value" | "list";
  choices?: readonly string[];
  description: string;
}

/** Flags that are about the state of the output files, not the run: never written back. */
const NOT_WRITTEN = new Set(["config", "resume", "overwrite"]);

const camelToKebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A repeatable flag accumulates into a list: its parser, given an empty list, returns a list.
 * (Probed rather than declared so every existing `collect` flag is recognised.)
 */
function isList(opt: Option): boolean {
  if (!opt.required && !opt.optional) return false;
  if (opt.variadic) return true;
  if (!opt.parseArg) return false;
  try {
    return Array.isArray(opt.parseArg("x", []));
  } catch {
    return false;
  }
}

/** The config keys of a command (one per attribute; `--x` / `--no-x` pairs share one). */
export function configKeys(cmd: Command): ConfigKey[] {
  const out = new Map<string, ConfigKey>();
  for (const opt of cmd.options as Option[]) {
    const attr = opt.attributeName();
    if (attr === "config" || attr === "help" || attr === "version") continue;
    if (out.has(attr)) continue;
    const isSwitch = !opt.required && !opt.optional;
    out.set(attr, {
      key: camelToKebab(attr),
      attr,
      type: isSwitch ? "boolean" : isList(opt) ? "list" : "value",
      choices: opt.argChoices,
      description: opt.description,
    });
  }
  return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Parse a config file's text: JSON for `.json`, YAML (a JSON superset) otherwise. */
function parseConfigText(
  file: string,
  text: string,
): { data: unknown; lineOf: (key: string) => number | undefined } {
  if (file.endsWith(".json")) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, field: "--config" });
    }
    const lines = text.split("\n");
    return {
      data,
      lineOf: (key) => {
        const i = lines.findIndex((l) => l.includes(JSON.stringify(key)));
        return i === -1 ? undefined : i + 1;
      },
    };
  }
  // Loaded only when a YAML config is given: `--help` and flag-only runs never load it.
  const YAML = createRequire(import.meta.url)("yaml") as typeof import("yaml");
  const counter = new YAML.LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    throw new InputError(`invalid YAML: ${err.message.split("\n")[0]}`, {
      file,
      line: err.linePos?.[0].line,
      field: "--config",
    });
  }
  const lineOf = (key: string): number | undefined => {
    const contents = doc.contents;
    if (!YAML.isMap(contents)) return undefined;
    for (const pair of contents.items) {
      const k = pair.key as { value?: unknown; range?: [number, number, number] } | null;
      if (k && k.value === key && k.range) return counter.linePos(k.range[0]).line;
    }
    return undefined;
  };
  return { data: doc.toJS(), lineOf };
}

export interface LoadedConfig {
  file: string;
  /** key → value as written (validated). */
  values: Record<string, unknown>;
}

/**
 * Read and check a config file against a command's keys (no values applied). Errors are
 * InputErrors naming the file, the line when known, and the key.
 */
export function readRunConfig(file: string, keys: readonly ConfigKey[]): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        field: "--config",
      },
    );
  }
  const { data, lineOf } = parseConfigText(file, text);
  if (data === null || data === undefined) return { file, values: {} };
  if (typeof data !== "object" || Array.isArray(data))
    throw new InputError("a config file holds one object of flag: value pairs", { file, field: "--config" });
  const byKey = new Map(keys.map((k) => [k.key, k]));
  const values: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(data as Record<string, unknown>)) {
    const where = { file, line: lineOf(key), field: key };
    const spec = byKey.get(key);
    if (!spec) {
      const hint = key.startsWith("--") ? ` (write keys without the leading --: ${key.slice(2)})` : "";
      throw new InputError(
        `unknown key${hint}; this command's keys are the long flag names of its --help`,
        where,
      );
    }
    const scalar = (x: unknown) => typeof x === "string" || (typeof x === "number" && Number.isFinite(x));
    if (spec.type === "boolean") {
      if (typeof v !== "boolean")
        throw new InputError(`expected true or false, got ${JSON.stringify(v)}`, where);
    } else if (spec.type === "list") {
      const list = Array.isArray(v) ? v : [v];
      if (!list.every(scalar))
        throw new InputError(`expected a list of strings, got ${JSON.stringify(v)}`, where);
    } else if (!scalar(v)) {
      throw new InputError(`expected a string or number, got ${JSON.stringify(v)}`, where);
    }
    values[key] = v;
  }
  return { file, values };
}

/**
 * What a config applied, per command: every attribute it set, and for repeatable flags the
 * list it set (a command-line occurrence after `--config` builds a new list on top of it).
 */
interface Applied {
  attrs: Set<string>;
  lists: Map<string, { ref: unknown; n: number }>;
}
const applied = new WeakMap<Command, Applied>();

/**
 * Where the values of the last applied config file came from: the key each flag was set
 * from. A value checked after parsing (in a command's action: `--label k=v`, a model spec)
 * fails with the flag as its field and no file; `withConfigOrigin` names the file then.
 */
let origin: { file: string; keys: Map<string, string> } | undefined;
// Commander's "required option … not specified" then names the file too (core/cli.ts).
setConfigFileInUse(() => origin?.file);

/** Forget the config file of a previous run (each CLI `main` starts with this). */
export function forgetConfigOrigin(): void {
  origin = undefined;
}

/**
 * `e` with the config file and key named when its field is a flag whose value came from the
 * `--config` file (and the error names no file yet); else `e` unchanged.
 */
export function withConfigOrigin(e: InputError): InputError {
  if (!origin || e.file || !e.field) return e;
  const flag = e.field.replace(/^--/, "").split(/[.[]/)[0];
  const key = origin.keys.get(flag);
  if (key === undefined) return e;
  return new InputError(e.reason, { file: origin.file, line: e.line, field: key });
}

/**
 * Report a bin's failure on stderr and return its exit code: an input error (naming the config
 * file it came from) 2; an expected failure (`plain`: a run or agent that failed) one line and
 * 1; anything else the internal-error line and 1.
 */
export function reportFailure(prog: string, e: unknown, plain: boolean): number {
  if (e instanceof InputError) {
    process.stderr.write(`${prog}: ${withConfigOrigin(e).message}\n`);
    return 2;
  }
  if (plain) {
    process.stderr.write(`${prog}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stderr.write(internalErrorLine(prog, e));
  return 1;
}

/** Apply a loaded config to a command: every flag not already given on the command line. */
export function applyRunConfig(cmd: Command, cfg: LoadedConfig): void {
  const keys = new Map(configKeys(cmd).map((k) => [k.key, k]));
  const opts = new Map<string, Option>();
  for (const o of cmd.options as Option[]) {
    const attr = o.attributeName();
    // The positive form parses values; for a switch pair the value decides which one applies.
    if (!opts.has(attr) || !o.negate) opts.set(attr, o);
  }
  const done = applied.get(cmd) ?? { attrs: new Set<string>(), lists: new Map() };
  applied.set(cmd, done);
  // Values from the file are set with source "cli": commands that tell flags the user gave
  // from defaults (`geb sweep`'s reference defaults, pipeline knobs) must treat them as given.
  const set = (attr: string, v: unknown) => {
    cmd.setOptionValueWithSource(attr, v, "cli");
    done.attrs.add(attr);
  };
  if (origin?.file !== cfg.file) origin = { file: cfg.file, keys: new Map() };
  for (const [key, v] of Object.entries(cfg.values)) {
    const spec = keys.get(key) as ConfigKey;
    // Given on the command line before --config: the command line wins.
    if (cmd.getOptionValueSource(spec.attr) === "cli" && !done.attrs.has(spec.attr)) continue;
    const opt = opts.get(spec.attr) as Option;
    const where = { file: cfg.file, field: key };
    origin.keys.set(opt.long?.replace(/^--/, "") ?? key, key);
    try {
      if (spec.type === "boolean") {
        set(spec.attr, v);
      } else if (spec.type === "list") {
        let acc: unknown = [];
        const list = (Array.isArray(v) ? v : [v]).map(String);
        for (const item of list) acc = opt.parseArg ? opt.parseArg(item, acc) : [...(acc as string[]), item];
        set(spec.attr, acc);
        done.lists.set(spec.attr, { ref: acc, n: list.length });
      } else {
        const s = String(v);
        if (opt.argChoices && !opt.argChoices.includes(s))
          throw new InputError(`expected one of ${opt.argChoices.join(", ")}, got ${JSON.stringify(s)}`);
        set(spec.attr, opt.parseArg ? opt.parseArg(s, undefined) : s);
      }
    } catch (e) {
      if (e instanceof InputError) throw new InputError(e.reason, { ...where, line: e.line });
      throw new InputError((e as Error).message, where);
    }
  }
}

/**
 * Read `.env` in `cwd` into `env` for variables not already set (the environment wins, as
 * with dotenv). Only keys are expected there; nothing read is ever written to an artifact.
 */
export function loadDotEnv(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(`${cwd}/.env`, "utf8");
  } catch {
    return [];
  }
  const set: string[] = [];
  for (const [k, v] of Object.entries(parseEnv(text))) {
    if (env[k] === undefined) {
      env[k] = v;
      set.push(k);
    }
  }
  return set;
}

/**
 * Declare `--config <file>` on a model-facing command. Loading it applies the file's values
 * (see the module comment); the pre-action hook then reads `.env` and makes a repeatable flag
 * given on the command line replace the file's list instead of extending it.
 */
export function addConfigOption(cmd: Command): Command {
  cmd.option(
    "--config <file>",
    "run config (YAML or JSON) holding any of these flags (keys: long flag names; the command line wins); the effective config is written beside the results",
    (file: string) => {
      applyRunConfig(cmd, readRunConfig(file, configKeys(cmd)));
      return file;
    },
  );
  cmd.hook("preAction", () => {
    loadDotEnv();
    const done = applied.get(cmd);
    if (!done) return;
    for (const [attr, { ref, n }] of done.lists) {
      // Still the file's list: kept. A new list: the command line added to it, keep only its part.
      const v = cmd.getOptionValue(attr);
      if (v !== ref && Array.isArray(v)) cmd.setOptionValueWithSource(attr, v.slice(n), "cli");
    }
  });
  return cmd;
}

/**
 * The run's effective config in the file's own format: every flag with a value (given,
 * from a file, or defaulted), except `--config`, `--resume` and `--overwrite` (they describe
 * the output files, not the run). Only flags: never environment variables or keys.
 */
export function effectiveConfig(cmd: Command): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of configKeys(cmd)) {
    if (NOT_WRITTEN.has(k.attr)) continue;
    const v = cmd.getOptionValue(k.attr);
    if (v === undefined) continue;
    out[k.key] = v;
  }
  return out;
}

/**
 * Where the effective config goes: `<out-dir>/config.json` when the command writes a results
 * folder, else `<results>.config.json` beside the results JSONL (like its `.errors.jsonl`).
 */
export function configPathFor(outDir: string | undefined, results: string | undefined): string | undefined {
  if (outDir) return `${outDir.replace(/\/+$/, "")}/config.json`;
  if (results) return `${results}.config.json`;
  return undefined;
}

/** Write the effective config (pretty JSON, keys sorted as in `configKeys`). */
export async function writeEffectiveConfig(cmd: Command, file: string): Promise<void> {
  const { mkdir } = await import("node:fs/promises");
  const { dirname } = await import("node:path");
  const { writeFileAtomic } = await import("../jsonl.js");
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(effectiveConfig(cmd), null, 2)}\n`);
}
