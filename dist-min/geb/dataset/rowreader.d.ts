/**
 * Dataset row decoding that parses each episode's text once.
 *
 * Every row of an episode repeats the same multi-kilobyte `document` and `book`; decoding and
 * JSON-parsing them per row is most of the cost of reading a dataset. For each line we find
 * the byte range of those two string values; when the bytes equal the previous row's, we
 * splice in a short placeholder, parse the small remainder, and reuse the decoded strings.
 * Any doubt (no match, odd layout, placeholder not where expected) falls back to a full parse,
 * so results never depend on the shortcut.
 */
export declare class EpisodeRowDecoder {
    private readonly slots;
    /** Decode one JSONL line; throws SyntaxError (from JSON.parse) on invalid JSON. */
    decode(line: Buffer): unknown;
}
