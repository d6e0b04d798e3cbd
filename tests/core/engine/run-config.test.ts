/**
 * Run config files (`--config run.yaml|json`): keys are the flags, the command line wins,
 * unknown keys and bad values are errors naming file, line and key, the effective config
 * written beside the results repeats the run byte for byte, and `.env` supplies keys that
 * never reach an artifact.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ledgerReaderAnswer } from "../../../src/core/engine/index.js";
import { runConfigSchema } from "../../../src/core/engine/run-config-schema.js";
import { addConfigOption, configKeys, loadDotEnv } from "../../../src/core/engine/run-config.js";
import { InputError } from "../../../src/core/errors.js";
import { registerModelCommands } from "../../../src/geb/cli/model.js";
import { registerSweepCommands } from "../../../src/geb/cli/sweep.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { kvCommentary } from "../../geb/pipeline/helpers.js";
import { gebIn } from "./geb-in.js";

const SECRET = "sk-dotenv-DO-NOT-LEAK-0987654321";
let dir: string;
let data: string;
let server: Loopback;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-run-config-"));
  data = kvCommentary(dir, 0, 1);
  server = await startLoopback({ answer: ledgerReaderAnswer });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A small command with every kind of flag, parsed in-process. */
function toy() {
  const collect = (v: string, prev: string[] = []) => [...prev, v];
  const cmd = new Command("toy")
    .exitOverride()
    .option("--model <spec>")
    .option("--max-concurrency <n>", "n", (v) => {
      if (!/^[1-9]\d*$/.test(v))
        throw new InputError(`expected an integer ≥ 1, got ${JSON.stringify(v)}`, {
          field: "--max-concurrency",
        });
      return v;
    })
    .option("--stop <s>", "repeat", collect)
    .option("--no-timings", "no clocks")
    .option("--fast", "a switch")
    .action(() => {});
  addConfigOption(cmd);
  return cmd;
}

function write(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

describe("config files", () => {
  it("keys are the long flag names; the command line wins, before or after --config", async () => {
    const f = write(
      "a.yaml",
      "model: openai:m\nmax-concurrency: 8\nstop: [A, B]\ntimings: false\nfast: true\n",
    );
    const a = toy();
    await a.parseAsync(["--config", f], { from: "user" });
    expect(a.opts()).toEqual({
      config: f,
      model: "openai:m",
      maxConcurrency: "8",
      stop: ["A", "B"],
      timings: false,
      fast: true,
    });
    const b = toy();
    await b.parseAsync(["--model", "x:y", "--config", f, "--stop", "C", "--max-concurrency", "2"], {
      from: "user",
    });
    expect(b.opts()).toMatchObject({ model: "x:y", maxConcurrency: "2", stop: ["C"] });
    const c = toy();
    await c.parseAsync(["--stop", "C", "--config", f], { from: "user" });
    expect(c.opts().stop).toEqual(["C"]);
    // JSON works the same; a scalar for a repeatable flag is a one-element list.
    const j = write("a.json", JSON.stringify({ stop: "Z", "max-concurrency": 3 }));
    const d = toy();
    await d.parseAsync(["--config", j], { from: "user" });
    expect(d.opts()).toMatchObject({ stop: ["Z"], maxConcurrency: "3" });
  });

  it("unknown keys, wrong types and bad values are input errors naming file, line and key", async () => {
    const cases: [string, string, RegExp][] = [
      ["u.yaml", "model: m\n\nmodle: m\n", /u\.yaml:3: field modle: unknown key/],
      [
        "dash.yaml",
        "--model: m\n",
        /field --model: unknown key \(write keys without the leading --: model\)/,
      ],
      ["t.yaml", "fast: yes please\n", /t\.yaml:1: field fast: expected true or false/],
      ["v.yaml", "max-concurrency: 0\n", /v\.yaml: field max-concurrency: expected an integer ≥ 1, got "0"/],
      ["l.yaml", "stop: [{a: 1}]\n", /field stop: expected a list of strings/],
      ["bad.yaml", "model: [unclosed\n", /bad\.yaml:\d+: field --config: invalid YAML/],
      ["bad.json", "{", /bad\.json: field --config: invalid JSON/],
      ["list.yaml", "- model\n", /field --config: a config file holds one object/],
    ];
    for (const [name, text, re] of cases) {
      const f = write(name, text);
      const e = await toy()
        .parseAsync(["--config", f], { from: "user" })
        .catch((x) => x);
      expect(e, name).toBeInstanceOf(InputError);
      expect(e.message, name).toMatch(re);
    }
    const missing = await toy()
      .parseAsync(["--config", join(dir, "nope.yaml")], { from: "user" })
      .catch((x) => x);
    expect(missing.message).toMatch(/field --config: cannot read .*nope\.yaml: ENOENT/);
  });

  it("the JSON Schema is derived from the flags and strict", () => {
    const program = new Command("geb");
    registerModelCommands(program);
    const model = program.commands.find((c) => c.name() === "model") as Command;
    const keys = configKeys(model).map((k) => k.key);
    expect(keys).toEqual(
      expect.arrayContaining(["model", "data", "base-url", "stop", "timings", "max-concurrency"]),
    );
    expect(keys).not.toContain("config");
    const schema = runConfigSchema(model);
    expect(
      schema.safeParse({ model: "openai:m", stop: ["a"], timings: false, "max-concurrency": 4 }).success,
    ).toBe(true);
    expect(schema.safeParse({ modle: "x" }).success).toBe(false);
    expect(schema.safeParse({ citations: "sometimes" }).success).toBe(false);
  });

  it("loadDotEnv fills unset variables only", () => {
    const d = join(dir, "envdir");
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, ".env"), `A_KEY=from-file\nB_KEY="quoted value"\n# comment\n`);
    const env: NodeJS.ProcessEnv = { B_KEY: "already" };
    expect(loadDotEnv(d, env)).toEqual(["A_KEY"]);
    expect(env).toEqual({ A_KEY: "from-file", B_KEY: "already" });
    expect(loadDotEnv(join(dir, "no-such-dir"), env)).toEqual([]);
  });
});

describe("geb model --config", () => {
  it("writes the effective config beside the results; --config <it> repeats the run byte for byte; .env keys reach the server and no artifact", async () => {
    const work = join(dir, "work");
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, ".env"), `OPENAI_API_KEY=${SECRET}\n`);
    const cfg = join(work, "run.yaml");
    writeFileSync(
      cfg,
      [
        `data: ${data}`,
        "model: openai:m",
        `base-url: ${server.url}/v1`,
        "max-concurrency: 2",
        "limit: 5",
        "timings: false",
        "progress: false",
        "",
      ].join("\n"),
    );
    const before = server.requests.length;
    const r1 = await gebIn(
      ["model", "--config", cfg, "--limit", "3", "--out-dir", "out1"],
      { OPENAI_API_KEY: undefined },
      work,
    );
    expect(r1.err).toBe("");
    expect(r1.code).toBe(0);
    // 3 items (the command line's --limit won) and the key from .env was sent.
    expect(server.requests.length - before).toBe(3);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    const eff = JSON.parse(readFileSync(join(work, "out1/config.json"), "utf8"));
    expect(eff).toMatchObject({
      data,
      model: "openai:m",
      "base-url": `${server.url}/v1`,
      limit: "3",
      timings: false,
      "out-dir": "out1",
    });
    expect(eff).not.toHaveProperty("config");
    expect(JSON.stringify(eff)).not.toContain(SECRET);

    const r2 = await gebIn(
      ["model", "--config", "out1/config.json", "--out-dir", "out2"],
      { OPENAI_API_KEY: undefined },
      work,
    );
    expect(r2.code).toBe(0);
    expect(r2.out).toBe(r1.out);
    for (const f of readdirSync(join(work, "out1")).filter((x) => x !== "config.json"))
      expect(readFileSync(join(work, "out2", f), "utf8"), f).toBe(
        readFileSync(join(work, "out1", f), "utf8"),
      );

    // No artifact holds the key read from .env.
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((x) => (statSync(join(d, x)).isDirectory() ? files(join(d, x)) : [join(d, x)]));
    for (const f of files(work).filter((x) => !x.endsWith(".env")))
      expect(readFileSync(f, "utf8"), f).not.toContain(SECRET);
    expect(r1.out + r1.err).not.toContain(SECRET);
  });
});

describe("geb sweep --config", () => {
  it("values from the file count as given (the reference defaults do not override them)", async () => {
    const work = join(dir, "sweep");
    mkdirSync(work, { recursive: true });
    // Before the fix, the file's values were set but the sweep ran the reference's 50-cell grid.
    writeFileSync(
      join(work, "sw.yaml"),
      "seeds: 1\nepisodes: 1\nsteps-list: '20'\nstate-modes: kv\ndistractor-profiles: instruction\nprogress: false\n",
    );
    const r = await gebIn(["sweep", "--out", "s1", "--config", "sw.yaml"], {}, work, registerSweepCommands);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^sweep: 1 cells \(1 run/m);
    const eff = JSON.parse(readFileSync(join(work, "s1/config.json"), "utf8"));
    expect(eff).toMatchObject({ seeds: "1", "state-modes": "kv", out: "s1" });
    const again = await gebIn(
      ["sweep", "--config", "s1/config.json", "--out", "s2"],
      {},
      work,
      registerSweepCommands,
    );
    expect(again.out).toMatch(/^sweep: 1 cells \(1 run/m);
  });
});

describe("gf01 play-llm --config", () => {
  it("reads the file (the bundle and model from it) and writes <results>.config.json", async () => {
    const { buildProgram } = await import("../../../src/gf01/cli.js");
    const { generateBundle } = await import("../../../src/gf01/api.js");
    const work = join(dir, "gf01");
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, "b.json"), JSON.stringify(generateBundle({ seeds: [0] })));
    writeFileSync(
      join(work, "p.yaml"),
      `instances: ${join(work, "b.json")}\nmodel: builtin:echo\nresults: ${join(work, "r/llm.jsonl")}\nmax-malformed: 0\nprogress: false\n`,
    );
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      await buildProgram().parseAsync(["play-llm", "--config", join(work, "p.yaml"), "--limit", "1"], {
        from: "user",
      });
    } finally {
      out.mockRestore();
    }
    const eff = JSON.parse(readFileSync(join(work, "r/llm.jsonl.config.json"), "utf8"));
    expect(eff).toMatchObject({ model: "builtin:echo", limit: "1", "max-malformed": 0 });
    expect(existsSync(join(work, "r/llm.jsonl"))).toBe(true);
  });
});
