/**
 * Shared by the inspect export tests: run a CLI in-process capturing stdout/stderr, and
 * validate logs with tests/interop/inspect-validate.py (python3 + jsonschema against inspect's
 * published OpenAPI schema, tests/fixtures/interop/inspect-openapi.json).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { debianPackages } from "../helpers/debian.js";

export const SCHEMA = fileURLToPath(new URL("../fixtures/interop/inspect-openapi.json", import.meta.url));
const VALIDATOR = fileURLToPath(new URL("./inspect-validate.py", import.meta.url));

export interface ValidatedLog {
  errors: string[];
  header: {
    status: string;
    eval: Record<string, unknown> & {
      task: string;
      eval_id: string;
      model: string;
      metadata: Record<string, unknown>;
    };
    results: {
      total_samples: number;
      completed_samples: number;
      scores: {
        name: string;
        metrics: Record<string, { value: number }>;
        metadata: Record<string, unknown>;
      }[];
    };
  };
  samples: {
    id: string;
    epoch: number;
    input: unknown;
    target: string;
    messages: { role: string; content: string }[];
    output: { completion: string };
    scores: Record<string, { value: unknown; metadata: Record<string, unknown> }>;
    metadata: Record<string, unknown>;
  }[];
  members?: string[];
}

/** Validate logs with python; one entry per file. */
export async function validateLogs(files: string[]): Promise<Record<string, ValidatedLog>> {
  await debianPackages(); // python3-jsonschema
  const out = execFileSync("python3", [VALIDATOR, SCHEMA, ...files], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return JSON.parse(out);
}

/** Run a CLI `main` in-process; returns exit code, stdout and stderr. */
export async function capture(
  main: (argv: string[]) => Promise<number>,
  argv: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const w = process.stdout.write;
  const e = process.stderr.write;
  const log = console.log;
  process.stdout.write = ((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  }) as typeof process.stderr.write;
  console.log = (...a: unknown[]) => {
    stdout += `${a.join(" ")}\n`;
  };
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = w;
    process.stderr.write = e;
    console.log = log;
  }
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
