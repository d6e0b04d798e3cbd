/**
 * The `--model` spec forms, for help texts and errors. Apart from ./index.ts so that declaring
 * the flags (`--help`) loads no client (and so no node:http/https): start-up, docs/performance.md.
 */
export declare const MODEL_SPEC_HELP: string;
