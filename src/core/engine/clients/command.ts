import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnGroup, stopGroup } from "../../process-group.js";
import { ModelError } from "../errors.js";
import type { CallContext, ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "../types.js";
import { messagesToPrompt } from "./llamacpp.js";

export interface CommandClientOptions {
  /** Program and arguments as an argv array; never passed through a shell. */
  argv: readonly string[];
  /** How the prompt reaches the program (default stdin). */
  promptVia?: "stdin" | "file";
  /** Label for records (default: the program name). */
  model?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Placeholders replaced inside argv elements. Plain literal substitution of a fixed set of
 * tokens: the prompt itself never goes into argv (it travels by stdin or file), so there is
 * nothing to quote, escape or brace-double.
 */
export const COMMAND_PLACEHOLDERS = ["{prompt_file}", "{max_tokens}", "{model}"] as const;

function substitute(arg: string, values: Record<string, string>): string {
  let out = arg;
  for (const [k, v] of Object.entries(values)) out = out.split(k).join(v);
  return out;
}

/**
 * External command adapter: runs `argv` once per request, sends the prompt on stdin (or in a
 * temp file named by `{prompt_file}` / $OB_PROMPT_FILE), and takes stdout verbatim as the
 * model's text. Params are exposed as $OB_PARAMS_JSON. Non-zero exit is a `command` error.
 * The program runs in its own process group, stopped as a whole on timeout or abort (and
 * reaped after it exits), so nothing it started outlives the request.
 */
export class CommandClient implements ModelClient {
  readonly descriptor: ClientDescriptor;
  private readonly argv: readonly string[];
  private readonly via: "stdin" | "file";
  private readonly env: NodeJS.ProcessEnv;

  constructor(opts: CommandClientOptions) {
    if (opts.argv.length === 0 || !opts.argv[0]) throw new ModelError("client", "command argv is empty");
    this.argv = [...opts.argv];
    this.via = opts.promptVia ?? "stdin";
    this.env = opts.env ?? process.env;
    this.descriptor = {
      kind: "command",
      model: opts.model ?? opts.argv[0],
      endpoint: JSON.stringify({ argv: this.argv, via: this.via }),
    };
  }

  async complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse> {
    const prompt = messagesToPrompt(req);
    let dir: string | undefined;
    let promptFile = "";
    try {
      if (this.via === "file") {
        dir = await mkdtemp(join(tmpdir(), "ob-prompt-"));
        promptFile = join(dir, "prompt.txt");
        await writeFile(promptFile, prompt, "utf8");
      }
      const values = {
        "{prompt_file}": promptFile,
        "{max_tokens}": String(req.params.max_tokens ?? ""),
        "{model}": this.descriptor.model,
      };
      const [program, ...args] = this.argv.map((a) => substitute(a, values));
      const env = {
        ...this.env,
        OB_PROMPT_FILE: promptFile,
        OB_PARAMS_JSON: JSON.stringify(req.params),
        OB_MAX_TOKENS: String(req.params.max_tokens ?? ""),
      };
      const text = await runProgram(program, args, env, this.via === "stdin" ? prompt : "", ctx.signal);
      return { text };
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }
}

function runProgram(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin: string,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const child = spawnGroup(program, args, { env, stdio: ["pipe", "pipe", "pipe"], shell: false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errBytes = 0;
    const onAbort = () => void stopGroup(child);
    signal.addEventListener("abort", onAbort, { once: true });
    child.stdout!.on("data", (b: Buffer) => out.push(b));
    child.stderr!.on("data", (b: Buffer) => {
      if (errBytes < 4096) err.push(b);
      errBytes += b.length;
    });
    // A program that ignores stdin closes the pipe early; that is not an error.
    child.stdin!.on("error", () => {});
    child.on("error", (e) => {
      signal.removeEventListener("abort", onAbort);
      const code = (e as NodeJS.ErrnoException).code;
      // A program that is missing or not executable fails every request: stop the run.
      const cannotStart = code === "ENOENT" || code === "EACCES";
      reject(
        new ModelError(
          "command",
          `cannot run ${program}: ${code ?? e.message}${cannotStart ? " — check the path and that it is executable (--model command:<program>)" : ""}`,
          cannotStart ? { reason: "cannot_start" } : {},
        ),
      );
    });
    child.on("close", (code, sig) => {
      signal.removeEventListener("abort", onAbort);
      // Anything the program left running in its group goes too.
      void stopGroup(child, 0);
      if (signal.aborted) return reject(abortError(signal));
      if (code !== 0) {
        const tail = Buffer.concat(err).toString("utf8").trim().slice(0, 300);
        return reject(
          new ModelError("command", `${program} exited ${code ?? sig}${tail ? `: ${tail}` : ""}`),
        );
      }
      resolve(Buffer.concat(out).toString("utf8"));
    });
    child.stdin!.end(stdin, "utf8");
  });
}

function abortError(signal: AbortSignal): ModelError {
  const reason = signal.reason as Error | undefined;
  return reason?.name === "TimeoutError"
    ? new ModelError("timeout", "command timed out")
    : new ModelError("aborted", "command aborted");
}
