/**
 * `gf01 play` (one episode: a person at the terminal, a stdio program, a script or an online
 * baseline; official payload to --out) and `gf01 play-llm` (an LLM over a bundle, with the
 * engine's flags: concurrency, cache, resume).
 */
import type { Command } from "commander";
export declare function registerPlayCommands(program: Command): void;
