import type { LineSink } from "../play/http.js";
/** Truncate `file` after its last newline (no-op for a missing, empty or whole file). Returns bytes cut. */
export declare function cutTornTail(file: string): Promise<number>;
/**
 * A group-commit JSONL sink whose `push` resolves only once its line is fsync'd: `runs.jsonl`
 * of `gf01 serve`, where a player told "recorded" relies on the row surviving a power loss,
 * not only a process kill. One `fdatasync` covers every line of a group, so the cost per row
 * falls as load rises.
 */
export declare function openDurableJsonl(file: string, o?: {
    log?: (l: string) => void;
}): Promise<LineSink>;
/** A group-commit JSONL sink without fsync per group (fsync'd on close), torn tail cut first. */
export declare function openJsonl(file: string, o?: {
    log?: (l: string) => void;
}): Promise<LineSink>;
