/**
 * Docs follow the code: every `gf01 …` / `geb …` / `goldevidencebench …` command written in
 * README.md or docs/ (in code blocks and in inline code) names subcommands and flags that the
 * CLI defines. The CLI is read from its commander program definition, not from --help text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram as gebProgram } from "../../src/geb/cli.js";
import { buildProgram as gf01Program } from "../../src/gf01/cli.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));

function markdownFiles(): string[] {
  const out = [join(repo, "README.md")];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".md")) out.push(join(d, e.name));
    }
  };
  walk(join(repo, "docs"));
  return out;
}

/** Command snippets: lines of fenced code blocks (continuations joined) and inline code spans. */
function commandSnippets(md: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const lines = md.split("\n");
  let fence: string | null = null;
  let cur = "";
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const f = /^\s*(```+|~~~+)/.exec(l);
    if (f) {
      fence = fence === null ? f[1] : null;
      continue;
    }
    if (fence !== null) {
      if (!cur) start = i + 1;
      if (l.endsWith("\\")) {
        cur += `${l.slice(0, -1)} `;
        continue;
      }
      out.push({ text: cur + l, line: start });
      cur = "";
    } else {
      const row = tableCommand(l);
      if (row) out.push({ text: row, line: i + 1 });
      else for (const m of l.matchAll(/`([^`]+)`/g)) out.push({ text: m[1], line: i + 1 });
    }
  }
  return out;
}

/**
 * A CLI reference table row `| \`gf01 report\` | \`--format json\|table\`, … |` (or with the bin
 * left out, `| \`report\` | … |`, in a file about one bin) as one command line: the command from
 * the first cell, then every flag written in the other cells (`--a/--b` both; `-suffix`
 * shorthands and `--x-*` wildcards skipped).
 */
let tableBin: string | null = null;
function tableCommand(line: string): string | null {
  const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
  if (cells.length < 4 || cells[0] !== "") return null;
  const first = /^`([a-z][\w -]*)`/.exec(cells[1])?.[1];
  if (!first) return null;
  const words = first.split(" ");
  const explicit = ["gf01", "geb", "goldevidencebench"].includes(words[0]);
  const bin = explicit ? words.shift() : tableBin;
  if (!bin) return null;
  // Without the bin written, only rows naming one of its commands are CLI rows (not field tables).
  if (!explicit && !programs[bin].commands.some((c) => c.name() === words[0])) return null;
  const flags: string[] = [];
  for (const cell of cells.slice(2))
    for (const m of cell.matchAll(/`(--[^`]*)`/g))
      for (const part of m[1].split(/\s/)[0].split("/"))
        if (/^--[a-z][\w-]*[a-z0-9]$/i.test(part)) flags.push(part);
  return flags.length ? `${bin} ${words.join(" ")} ${flags.join(" ")}` : null;
}

const PROGRAMS: Record<string, () => Command> = {
  gf01: gf01Program,
  geb: gebProgram,
  goldevidencebench: gebProgram,
};

const programs: Record<string, Command> = Object.fromEntries(
  Object.entries(PROGRAMS).map(([k, f]) => [k, f()]),
);

interface Problem {
  where: string;
  problem: string;
}

/** Check one snippet; returns problems (empty when every subcommand and flag exists). */
function check(text: string, where: string, programs: Record<string, Command>, seen?: string[]): Problem[] {
  const problems: Problem[] = [];
  // Command substitutions are commands of their own.
  text = text.replace(/\$\(([^()]*)\)/g, (_, inner: string) => {
    problems.push(...check(inner, where, programs, seen));
    return "ARG";
  });
  // A command starts at a bin name at the start of the snippet or after npx / a shell operator.
  // A pipe is ` | `; a bare `a|b` is notation for alternatives (`--format json|table`).
  const re =
    /(?:^|npx\s+|&&\s*|\s\|\s*|;\s*|\$\(\s*|^\s*)(gf01|geb|goldevidencebench)\s+((?:[^|;&)#>]|\S\|\S)*)/g;
  for (const m of text.matchAll(re)) {
    const bin = m[1];
    seen?.push(`${bin} ${m[2]}`);
    // Quoted arguments are values, never flags.
    // Usage notation: `[--seed 0]`, `--[no-]twins`.
    const tokens = m[2]
      .replace(/"[^"]*"|'[^']*'/g, "ARG")
      .replace(/\[no-\]/g, "")
      .replace(/[[\]]/g, " ")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    let cmd = programs[bin];
    let i = 0;
    for (; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.startsWith("-")) break;
      const sub = cmd.commands.find((c) => c.name() === t || c.aliases().includes(t));
      if (!sub) break;
      cmd = sub;
    }
    if (cmd === programs[bin]) {
      const t = tokens[0];
      // `gf01 …` in prose-like code ("gf01 run records") is not a command; a token that looks
      // like a subcommand name and is not one is reported.
      if (
        t &&
        /^[a-z][a-z0-9-]+$/.test(t) &&
        tokens.length > 1 &&
        tokens.slice(1).some((x) => x.startsWith("--"))
      )
        problems.push({ where, problem: `${bin}: unknown command "${t}"` });
      if (t && !t.startsWith("-")) continue;
    }
    const known = new Set<string>(["--help", "-h"]);
    for (let c: Command | null = cmd; c; c = c.parent) {
      for (const o of c.options) {
        if (o.long) known.add(o.long);
        if (o.short) known.add(o.short);
        if (o.long?.startsWith("--no-")) known.add(`--${o.long.slice(5)}`);
      }
      if (c === programs[bin]) break;
    }
    for (const t of tokens.slice(i)) {
      if (!/^--?[a-zA-Z]/.test(t)) continue;
      const flag = t.split("=")[0];
      if (!known.has(flag)) problems.push({ where, problem: `${commandPath(cmd)}: unknown flag ${flag}` });
    }
  }
  return problems;
}

const commandPath = (c: Command): string => {
  const names: string[] = [];
  for (let x: Command | null = c; x; x = x.parent) names.unshift(x.name());
  return names.join(" ");
};

describe("documented commands exist", () => {
  it("the checker catches an unknown command and an unknown flag", () => {
    expect(check("gf01 frobnicate --instances b.json", "t", programs)).toHaveLength(1);
    expect(check("npx gf01 report --runs r.jsonl --no-such-flag", "t", programs)).toEqual([
      { where: "t", problem: "gf01 report: unknown flag --no-such-flag" },
    ]);
    expect(check("geb selector train --data ex.jsonl --out linear.json", "t", programs)).toEqual([]);
    expect(check("geb generate --no-twins --out x", "t", programs)).toEqual([]);
    expect(check("gf01 report --runs r.jsonl --format json|table | head", "t", programs)).toEqual([]);
    expect(check("geb grade --data d.jsonl [--[no-]entailment-check] [--bogus 3]", "t", programs)).toEqual([
      { where: "t", problem: "geb grade: unknown flag --bogus" },
    ]);
    expect(check('x "$(npx gf01 list --instances b.json --idz | head -n 1)"', "t", programs)).toHaveLength(1);
  });

  for (const file of markdownFiles())
    it(relative(repo, file), () => {
      const problems: Problem[] = [];
      const seen: string[] = [];
      const rel = relative(repo, file);
      tableBin = rel.startsWith("docs/geb/") ? "geb" : rel.startsWith("docs/gf01") ? "gf01" : null;
      for (const s of commandSnippets(readFileSync(file, "utf8")))
        problems.push(...check(s.text, `${relative(repo, file)}:${s.line}`, programs, seen));
      if (process.env.DOCS_COMMANDS_VERBOSE)
        process.stdout.write(`${relative(repo, file)}: ${seen.length} commands\n`);
      expect(problems.map((p) => `${p.where}: ${p.problem}`)).toEqual([]);
    });
});
