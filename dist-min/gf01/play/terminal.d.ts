import type { Readable, Writable } from "node:stream";
import { type EpisodePlayer } from "./agent.js";
import type { PlaySession } from "./episode.js";
import { type EpisodeOutcome } from "./result.js";
/** Parse one typed line into a move, or explain what is wrong. */
export declare function parseHumanLine(line: string): {
    move: unknown;
} | {
    quit: true;
} | {
    help: true;
} | {
    error: string;
};
/** A terminal player over any streams (process.stdin/stdout, or test streams). */
export declare function terminalPlayer(input: Readable, output: Writable): EpisodePlayer & {
    close(): void;
};
/** Play one session at a terminal and show the verdict screen. */
export declare function playAtTerminal(session: PlaySession, input: Readable, output: Writable): Promise<EpisodeOutcome>;
