/**
 * The one progress display (engine runs, play-llm, sweeps, grids). Rules:
 * - stderr only (JSON goes to stdout);
 * - on by default only when stderr is a TTY (and not CI / TERM=dumb); `enabled: true`
 *   (`--progress`) forces it on, `false` (`--no-progress`) off;
 * - on a TTY it redraws one line with `\r` at most every 80 ms, so hot loops may tick freely;
 *   forced on a pipe or file it writes plain newline-terminated lines at most every
 *   `plainEveryMs` — never a control character, so logs stay clean;
 * - shows done/total, rate, ETA; subclasses add figures through `suffix()`.
 */
export interface ProgressStream {
    write(s: string): unknown;
    isTTY?: boolean;
    /** Terminal width: a redrawn line longer than this would wrap and break the redraw. */
    columns?: number;
}
/** Default on/off for a stream: a real terminal, not CI, not TERM=dumb. */
export declare function progressAuto(stream?: ProgressStream): boolean;
/** Seconds as `42s`, `3m05s`, `2h07m`. */
export declare function formatDuration(s: number): string;
export declare class Progress {
    protected total: number;
    private readonly label;
    private readonly stream;
    protected readonly enabled: boolean;
    protected readonly tty: boolean;
    protected done: number;
    /** Counted as done but not toward the rate (resumed rows, cells already on disk). */
    private skipped;
    private lastDraw;
    private drawn;
    protected readonly start: number;
    /** Interval between plain (non-TTY) lines. */
    plainEveryMs: number;
    constructor(total: number, label?: string, stream?: ProgressStream, enabled?: boolean);
    setTotal(total: number): void;
    /** Items already done before this run started (do not count toward rate or ETA). */
    skip(n: number): void;
    tick(n?: number): void;
    /** Redraw now if due (subclasses call it after updating their figures). */
    protected draw(force: boolean): void;
    private fit;
    /** Extra figures after the ETA (e.g. tokens, spend). */
    protected suffix(_elapsedS: number): string;
    line(now?: number): string;
    /** Print one line (e.g. the first error) without tearing a bar drawn on a TTY. */
    message(text: string): void;
    finish(): void;
}
