import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ModelError } from "../errors.js";
import { messagesToPrompt } from "./llamacpp.js";
/**
 * Placeholders replaced inside argv elements. Plain literal substitution of a fixed set of
 * tokens: the prompt itself never goes into argv (it travels by stdin or file), so there is
 * nothing to quote, escape or brace-double.
 */
export const COMMAND_PLACEHOLDERS = ["{prompt_file}", "{max_tokens}", "{model}"];
function substitute(arg, values) {
    let out = arg;
    for (const [k, v] of Object.entries(values))
        out = out.split(k).join(v);
    return out;
}
/**
 * External command adapter: runs `argv` once per request, sends the prompt on stdin (or in a
 * temp file named by `{prompt_file}` / $OB_PROMPT_FILE), and takes stdout verbatim as the
 * model's text. Params are exposed as $OB_PARAMS_JSON. Non-zero exit is a `command` error.
 */
export class CommandClient {
    descriptor;
    argv;
    via;
    env;
    constructor(opts) {
        if (opts.argv.length === 0 || !opts.argv[0])
            throw new ModelError("client", "command argv is empty");
        this.argv = [...opts.argv];
        this.via = opts.promptVia ?? "stdin";
        this.env = opts.env ?? process.env;
        this.descriptor = {
            kind: "command",
            model: opts.model ?? opts.argv[0],
            endpoint: JSON.stringify({ argv: this.argv, via: this.via }),
        };
    }
    async complete(req, ctx) {
        const prompt = messagesToPrompt(req);
        let dir;
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
        }
        finally {
            if (dir)
                await rm(dir, { recursive: true, force: true });
        }
    }
}
function runProgram(program, args, env, stdin, signal) {
    return new Promise((resolve, reject) => {
        if (signal.aborted) {
            reject(abortError(signal));
            return;
        }
        const child = spawn(program, args, { env, stdio: ["pipe", "pipe", "pipe"], shell: false });
        const out = [];
        const err = [];
        let errBytes = 0;
        const onAbort = () => child.kill("SIGKILL");
        signal.addEventListener("abort", onAbort, { once: true });
        child.stdout.on("data", (b) => out.push(b));
        child.stderr.on("data", (b) => {
            if (errBytes < 4096)
                err.push(b);
            errBytes += b.length;
        });
        // A program that ignores stdin closes the pipe early; that is not an error.
        child.stdin.on("error", () => { });
        child.on("error", (e) => {
            signal.removeEventListener("abort", onAbort);
            const code = e.code;
            // A program that is missing or not executable fails every request: stop the run.
            const cannotStart = code === "ENOENT" || code === "EACCES";
            reject(new ModelError("command", `cannot run ${program}: ${code ?? e.message}${cannotStart ? " — check the path and that it is executable (--model command:<program>)" : ""}`, cannotStart ? { reason: "cannot_start" } : {}));
        });
        child.on("close", (code, sig) => {
            signal.removeEventListener("abort", onAbort);
            if (signal.aborted)
                return reject(abortError(signal));
            if (code !== 0) {
                const tail = Buffer.concat(err).toString("utf8").trim().slice(0, 300);
                return reject(new ModelError("command", `${program} exited ${code ?? sig}${tail ? `: ${tail}` : ""}`));
            }
            resolve(Buffer.concat(out).toString("utf8"));
        });
        child.stdin.end(stdin, "utf8");
    });
}
function abortError(signal) {
    const reason = signal.reason;
    return reason?.name === "TimeoutError"
        ? new ModelError("timeout", "command timed out")
        : new ModelError("aborted", "command aborted");
}
//# sourceMappingURL=command.js.map