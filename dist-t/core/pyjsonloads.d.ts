/** Like Python's `JSONDecodeError`: a message and the character offset. */
export declare class PyJsonDecodeError extends SyntaxError {
    readonly pos: number;
    constructor(msg: string, pos: number);
}
/** Python `json.loads(text)` (whole text: one value, surrounding JSON whitespace only). */
export declare function pyJsonLoads(text: string): unknown;
