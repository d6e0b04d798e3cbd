/**
 * Call `onLine(bytes, lineNo)` for each non-blank line of `file` (1-based numbers; `\r\n` and a
 * UTF-8 BOM are tolerated). `bytes` is only valid during the call.
 */
export declare function forEachLine(file: string, onLine: (bytes: Buffer, lineNo: number) => void): void;
/**
 * Buffered writer to `<file>.tmp-<pid>`, renamed onto `file` by `commit()`: a failure never
 * leaves a partial artifact (call `abort()` in the error path).
 */
export declare class AtomicWriter {
    private readonly file;
    private fd;
    private readonly tmp;
    private pending;
    private pendingBytes;
    private text;
    private closed;
    /** Background mode: the caller drains with `flushAsync()`; writes overlap with its compute. */
    private background;
    private inflight;
    /**
     * The target is a stream (`--out /dev/stdout`, a FIFO): written to directly, never renamed
     * over (as root, a rename would replace the device node itself).
     */
    private readonly direct;
    /** fsync before the rename (default true; see commit()). */
    private readonly durable;
    /**
     * `background: true`: never flush inside write(); the caller drains with flushAsync().
     * `durable: false`: skip the fsync, for big files that nothing resumes from.
     */
    constructor(file: string, opts?: {
        background?: boolean;
        durable?: boolean;
    });
    write(piece: string | Buffer): void;
    /** Bytes buffered and not yet handed to the OS. */
    get buffered(): number;
    /**
     * Switch to background writing: buffered chunks are written by libuv's thread pool while
     * the caller keeps generating (on 2 cores this hides most of a 300 MB write). At most one
     * write is in flight, which bounds memory to about two chunks.
     */
    flushAsync(): Promise<void>;
    /** Wait for background writes, then flush the rest and rename into place. */
    commitAsync(): Promise<void>;
    private flushText;
    private flush;
    commit(): void;
    abort(): void;
}
/** Write a whole small text file atomically (results JSON). */
export declare function writeTextAtomic(file: string, text: string, opts?: {
    durable?: boolean;
}): void;
