/**
 * Golden `--help` of every command of both bins, and of every option behind it: flags, help
 * text, default, choices, required, group, declared range, and what its parser makes of a few
 * probe values. Shared option groups (src/core/engine/cli.ts's flag declarations) are built from
 * data for several commands; this proves a change there leaves every command's surface as it
 * was, byte for byte. A deliberate change of help text or flags regenerates the files:
 * `UPDATE_HELP_GOLDEN=1 npx vitest run tests/meta/help-golden.test.ts`, and the diff is reviewed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { declaredRange } from "../../src/core/cli.js";
import { buildProgram as gebProgram } from "../../src/geb/cli.js";
import { buildProgram as gf01Program } from "../../src/gf01/cli.js";
import { repoRoot } from "../geb/helpers.js";

const DIR = join(repoRoot, "tests/fixtures/help");
/** Values every option parser is given; none names a file that exists in the repository. */
const PROBES = ["", "4", "-1", "0.5", "x=y"];
/** Parsers with side effects (`--config` reads and applies a file): not probed. */
const NOT_PROBED = new Set(["--config"]);

/** What the parser returns for each probe (a thrown error as "! message"), on one line. */
function probe(o: Option): string[] {
  const parse = o.parseArg as ((v: string, prev: unknown) => unknown) | undefined;
  // Commander's own parser for `choices` says the same for every option: not repeated.
  if (!parse || o.argChoices || NOT_PROBED.has(o.long ?? "")) return [];
  const results = PROBES.map((v) => {
    try {
      return parse(v, undefined);
    } catch (e) {
      return `! ${(e as Error).message}`;
    }
  });
  return [JSON.stringify(results)];
}

function optionLines(o: Option): string[] {
  const meta = {
    attribute: o.attributeName(),
    default: o.defaultValue,
    defaultDescription: o.defaultValueDescription,
    choices: o.argChoices,
    mandatory: o.mandatory || undefined,
    negate: o.negate || undefined,
    hidden: o.hidden || undefined,
    group: o.helpGroupHeading,
    parser: o.parseArg ? true : undefined,
    range: declaredRange(o.parseArg),
  };
  return [`  ${o.flags} ${JSON.stringify(meta)}`, ...probe(o).map((p) => `    parses ${p}`)];
}

/** Every command's help (80 columns, no colour) and its options, depth first. */
function surface(cmd: Command, path: string[] = []): string {
  cmd.configureOutput({ getOutHelpWidth: () => 80, getOutHasColors: () => false });
  const name = [...path, cmd.name()].join(" ");
  const parts = [
    `=== ${name}`,
    cmd.helpInformation(),
    `--- options of ${name}`,
    ...cmd.options.flatMap(optionLines),
    "",
  ];
  return [parts.join("\n"), ...cmd.commands.map((c) => surface(c, [...path, cmd.name()]))].join("\n");
}

describe("golden help of every command", () => {
  for (const [bin, build] of [
    ["geb", gebProgram],
    ["gf01", gf01Program],
  ] as const)
    it(`${bin}: help text and options unchanged`, () => {
      const file = join(DIR, `${bin}.txt`);
      const text = surface(build());
      if (process.env.UPDATE_HELP_GOLDEN === "1") writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, "utf8"));
    });
});
