/**
 * Generator and baseline parity with the reference parity corpus
 * (../shared/reference/geb/parity, README there): every dataset regenerated from its recorded
 * command is byte-identical, and our reference-dialect baselines reproduce the reference's
 * four prediction files per dataset byte for byte. In-process (no CLI spawns).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../../src/core/pyjson.js";
import { baselineToFile } from "../../../src/geb/api.js";
import { makeBaseline } from "../../../src/geb/baselines/baselines.js";
import { validateBook } from "../../../src/geb/dataset/book.js";
import { generateDataset } from "../../../src/geb/dataset/generate.js";
import { rowPieces, TextCache } from "../../../src/geb/dataset/serialize.js";
import {
  DEFAULT_GENERATE_CONFIG,
  type DistractorProfile,
  type GenerateConfig,
  type StateMode,
} from "../../../src/geb/dataset/types.js";
import { sharedGeb, tmp } from "../helpers.js";

const parity = join(sharedGeb, "parity");

interface DatasetEntry {
  name: string;
  file: string;
  md5: string;
  bytes: number;
  generate_command: string;
  baseline_commands: string[];
}
const index = JSON.parse(readFileSync(join(parity, "datasets.json"), "utf8")) as { datasets: DatasetEntry[] };

/** The reference CLI's `generate` flags → our config (reference CLI defaults for the rest). */
function configFromCommand(command: string): GenerateConfig {
  const args = command.split(/\s+/);
  const at = args.indexOf("generate");
  if (at < 0) throw new Error(`not a generate command: ${command}`);
  const cfg: GenerateConfig = { ...DEFAULT_GENERATE_CONFIG, compat: "reference-0.1" };
  const ints: Record<string, keyof GenerateConfig> = {
    "--seed": "seed",
    "--episodes": "episodes",
    "--steps": "steps",
    "--keys": "keys",
    "--queries": "queries",
    "--chapters": "chapters",
    "--tail-distractor-steps": "tailDistractorSteps",
  };
  const nums: Record<string, keyof GenerateConfig> = {
    "--derived-query-rate": "derivedQueryRate",
    "--distractor-rate": "distractorRate",
    "--clear-rate": "clearRate",
    "--note-rate": "noteRate",
    "--update-burst-rate": "updateBurstRate",
  };
  const c = cfg as unknown as Record<string, unknown>;
  for (let i = at + 1; i < args.length; i++) {
    const flag = args[i];
    if (flag === "--out") i++;
    else if (flag in ints) c[ints[flag]] = Number.parseInt(args[++i], 10);
    else if (flag in nums) c[nums[flag]] = Number(args[++i]);
    else if (flag === "--state-mode") cfg.stateMode = args[++i] as StateMode;
    else if (flag === "--distractor-profile") cfg.distractorProfile = args[++i] as DistractorProfile;
    else if (flag === "--twins" || flag === "--no-twins") cfg.twins = flag === "--twins";
    else if (flag === "--require-citations" || flag === "--no-require-citations")
      cfg.requireCitations = flag === "--require-citations";
    else throw new Error(`unhandled flag ${flag} in ${command}`);
  }
  return cfg;
}

function generateBytes(cfg: GenerateConfig): Buffer {
  const parts: Buffer[] = [];
  const cache = new TextCache();
  for (const episode of generateDataset(cfg)) {
    for (const row of episode)
      for (const p of rowPieces(row, cache)) parts.push(typeof p === "string" ? Buffer.from(p, "utf8") : p);
    cache.clear();
  }
  return Buffer.concat(parts);
}

/** "line N differs: ours … / reference …" for a readable failure. */
function firstDifference(ours: Buffer, ref: Buffer): string {
  const a = ours.toString("utf8").split("\n");
  const b = ref.toString("utf8").split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    let j = 0;
    while (j < x.length && x[j] === y[j]) j++;
    return `line ${i + 1} differs at char ${j}: ours …${x.slice(Math.max(0, j - 60), j + 60)}… reference …${y.slice(Math.max(0, j - 60), j + 60)}…`;
  }
  return "identical";
}

const md5 = (b: Buffer): string => createHash("md5").update(b).digest("hex");

describe("reference-0.1 generator: the parity corpus's 22 datasets byte for byte", () => {
  it.each(index.datasets.map((d) => [d.name, d] as const))("%s", (_name, d) => {
    const ours = generateBytes(configFromCommand(d.generate_command));
    const ref = readFileSync(join(parity, d.file));
    expect(md5(ref)).toBe(d.md5);
    if (md5(ours) !== d.md5) expect.fail(firstDifference(ours, ref));
    expect(ours.length).toBe(d.bytes);
  });
});

describe("reference-0.1 baselines: the reference's prediction files byte for byte", () => {
  const dir = tmp();
  it.each(index.datasets.map((d) => [d.name, d] as const))(
    "%s: naive/ledger × open/closed book",
    (_name, d) => {
      for (const baseline of ["naive", "ledger"] as const) {
        for (const protocol of ["open_book", "closed_book"] as const) {
          const rel = `preds/${d.name}/${baseline}_${protocol}.jsonl`;
          expect(d.baseline_commands.some((c) => c.endsWith(`--out ${rel}`))).toBe(true);
          const out = join(dir, `${d.name}.${baseline}.${protocol}.jsonl`);
          baselineToFile({ data: join(parity, d.file), baseline, protocol, out, dialect: "reference-0.1" });
          const ours = readFileSync(out);
          const ref = readFileSync(join(parity, rel));
          if (!ours.equals(ref)) expect.fail(`${rel}: ${firstDifference(ours, ref)}`);
        }
      }
    },
  );
});

describe("validate-book --compat reference-0.1: the reference validator's verdicts", () => {
  /** Produced by the reference's `validate_book_artifact` (tests/fixtures/geb/make-book-validation.py). */
  const expected = JSON.parse(
    readFileSync(new URL("../../fixtures/geb/book-validation-reference.json", import.meta.url), "utf8"),
  ) as {
    books: { dataset: string; episode_id: string; ok: boolean; errors: string[] }[];
    edits: {
      dataset: string;
      episode_id: string;
      edit: string;
      old: string | null;
      new: string | null;
      ok: boolean;
      errors: string[];
    }[];
  };
  const books = new Map<string, Map<string, string>>();
  const bookOf = (dataset: string, episode: string): string => {
    let byEpisode = books.get(dataset);
    if (!byEpisode) {
      byEpisode = new Map();
      const d = index.datasets.find((x) => x.name === dataset)!;
      for (const line of readFileSync(join(parity, d.file), "utf8").split("\n")) {
        if (!line) continue;
        const row = JSON.parse(line);
        if (!byEpisode.has(row.episode_id)) byEpisode.set(row.episode_id, row.book);
      }
      books.set(dataset, byEpisode);
    }
    const book = byEpisode.get(episode);
    if (book === undefined) throw new Error(`${dataset} ${episode}: no such episode`);
    return book;
  };

  it("every book of the corpus (NOTE ledger lines accepted; a tag.100 glossary line and an empty twin value rejected)", () => {
    expect(expected.books.length).toBe(72);
    for (const b of expected.books) {
      const v = validateBook(bookOf(b.dataset, b.episode_id), "reference-0.1");
      expect({ ok: v.ok, errors: v.errors }, `${b.dataset} ${b.episode_id}`).toEqual({
        ok: b.ok,
        errors: b.errors,
      });
    }
  });

  it("edited books: leaks (NOTE lines too), generic keys, missing sections, CRLF", () => {
    for (const e of expected.edits) {
      const book = bookOf(e.dataset, e.episode_id);
      const text =
        e.edit === "crlf"
          ? book.replaceAll("\n", "\r\n")
          : e.old === null
            ? book
            : book.replace(e.old, () => e.new ?? "");
      const v = validateBook(text, "reference-0.1");
      expect({ ok: v.ok, errors: v.errors }, `${e.dataset} ${e.edit}`).toEqual({
        ok: e.ok,
        errors: e.errors,
      });
    }
  });
});

describe("reference-0.1 over a sample of the whole config space (md5s from the reference)", () => {
  /** tests/fixtures/geb/make-reference-sample.py: every mode × profile pair plus random extras. */
  const sample = JSON.parse(
    readFileSync(new URL("../../fixtures/geb/reference-sample.json", import.meta.url), "utf8"),
  ) as {
    cases: {
      config: Record<string, number | string | boolean>;
      rows: number;
      bytes: number;
      md5: string;
      preds: Record<string, string>;
    }[];
  };
  const cfgOf = (c: Record<string, number | string | boolean>): GenerateConfig => ({
    seed: c.seed as number,
    episodes: c.episodes as number,
    steps: c.steps as number,
    keys: c.keys as number,
    queries: c.queries as number,
    derivedQueryRate: c.derived_query_rate as number,
    chapters: c.chapters as number,
    distractorRate: c.distractor_rate as number,
    tailDistractorSteps: c.tail_distractor_steps as number,
    clearRate: c.clear_rate as number,
    noteRate: c.note_rate as number,
    updateBurstRate: c.update_burst_rate as number,
    distractorProfile: c.distractor_profile as DistractorProfile,
    stateMode: c.state_mode as StateMode,
    twins: c.twins as boolean,
    requireCitations: c.require_citations as boolean,
    compat: "reference-0.1",
  });

  it(`${sample.cases.length} configurations: data and the four baseline prediction files`, () => {
    expect(sample.cases.length).toBe(80);
    for (const c of sample.cases) {
      const cfg = cfgOf(c.config);
      const label = JSON.stringify(c.config);
      const rows = [...generateDataset(cfg)].flat();
      const data = generateBytes(cfg);
      expect({ rows: rows.length, bytes: data.length, md5: md5(data) }, label).toEqual({
        rows: c.rows,
        bytes: c.bytes,
        md5: c.md5,
      });
      for (const baseline of ["naive", "ledger"] as const) {
        for (const protocol of ["open_book", "closed_book"] as const) {
          const p = makeBaseline(baseline, protocol, "reference-0.1");
          const text = rows
            .map(
              (r) =>
                `${pyJsonDumps(p.predict({ id: r.id, meta: r.meta, text: protocol === "open_book" ? r.document : r.book }), { ensureAscii: false })}\n`,
            )
            .join("");
          expect(md5(Buffer.from(text, "utf8")), `${baseline}_${protocol} ${label}`).toBe(
            c.preds[`${baseline}_${protocol}`],
          );
        }
      }
    }
  });
});

describe("reference-0.1 sweep cells: each run's data.jsonl and ledger closed-book preds.jsonl (md5)", () => {
  for (const sweep of ["sweep_default", "sweep_custom"]) {
    it(sweep, () => {
      const dir = join(parity, "sweep", sweep);
      const runs = JSON.parse(readFileSync(join(dir, "combined.json"), "utf8")) as {
        seed: number;
        steps: number;
        state_mode: StateMode;
        distractor_profile: DistractorProfile;
        data: { path: string; n: number };
        config: Record<string, unknown>;
      }[];
      const md5s = JSON.parse(readFileSync(join(dir, "run_md5s.json"), "utf8")) as Record<
        string,
        { "data.jsonl_md5": string; data_rows: number; "preds.jsonl_md5": string }
      >;
      expect(runs.length).toBe(Object.keys(md5s).length);
      for (const run of runs) {
        const c = run.config;
        const cfg: GenerateConfig = {
          ...DEFAULT_GENERATE_CONFIG,
          seed: run.seed,
          episodes: c.episodes as number,
          steps: run.steps,
          keys: c.keys as number,
          queries: c.queries as number,
          // The reference sweep's --no-derived-queries sets the rate to 0.
          derivedQueryRate: c.no_derived_queries ? 0 : (c.derived_query_rate as number),
          chapters: c.chapters as number,
          distractorRate: c.distractor_rate as number,
          tailDistractorSteps: c.tail_distractor_steps as number,
          clearRate: c.clear_rate as number,
          noteRate: c.note_rate as number,
          updateBurstRate: c.update_burst_rate as number,
          requireCitations: c.require_citations as boolean,
          twins: c.twins as boolean,
          stateMode: run.state_mode,
          distractorProfile: run.distractor_profile,
          compat: "reference-0.1",
        };
        const name = run.data.path.split("/").at(-2)!;
        const want = md5s[name];
        const rows = [...generateDataset(cfg)].flat();
        expect({ rows: rows.length, md5: md5(generateBytes(cfg)) }, name).toEqual({
          rows: want.data_rows,
          md5: want["data.jsonl_md5"],
        });
        const p = makeBaseline("ledger", "closed_book", "reference-0.1");
        const preds = rows
          .map(
            (r) =>
              `${pyJsonDumps(p.predict({ id: r.id, meta: r.meta, text: r.book }), { ensureAscii: false })}\n`,
          )
          .join("");
        expect(md5(Buffer.from(preds, "utf8")), name).toBe(want["preds.jsonl_md5"]);
      }
    });
  }
});
