/** Where streamed text goes. `write` may be awaited for back-pressure. */
export interface TextSink {
    write(text: string): Promise<void>;
    /** Make the output final (flush; rename a temp file into place). */
    commit(): Promise<void>;
    /** Drop the output (remove the temp file); never throws. */
    abort(): Promise<void>;
}
/** Open `file` for atomic streamed writing (InputError naming the file on any failure). */
export declare function openAtomicText(file: string): Promise<TextSink>;
/** A sink on a Node writable stream (e.g. process.stdout), honouring its back-pressure. */
export declare function streamSink(out: NodeJS.WritableStream): TextSink;
