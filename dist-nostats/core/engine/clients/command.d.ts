import type { CallContext, ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "../types.js";
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
export declare const COMMAND_PLACEHOLDERS: readonly ["{prompt_file}", "{max_tokens}", "{model}"];
/**
 * External command adapter: runs `argv` once per request, sends the prompt on stdin (or in a
 * temp file named by `{prompt_file}` / $OB_PROMPT_FILE), and takes stdout verbatim as the
 * model's text. Params are exposed as $OB_PARAMS_JSON. Non-zero exit is a `command` error.
 */
export declare class CommandClient implements ModelClient {
    readonly descriptor: ClientDescriptor;
    private readonly argv;
    private readonly via;
    private readonly env;
    constructor(opts: CommandClientOptions);
    complete(req: ModelRequest, ctx: CallContext): Promise<ModelResponse>;
}
