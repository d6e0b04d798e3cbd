/** Python `len(text.split())` token counts. */
/** Whitespace other than space and newline, as Python's `str.split()` sees it. */
const OTHER_WS = /[\t\v\f\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
/** True when `text` holds whitespace other than space and newline (then count with `countTokens`). */
export const hasOtherWhitespace = (text) => OTHER_WS.test(text);
/** Python `len(text.split())`. */
export function countTokens(text) {
    return OTHER_WS.test(text) ? countTokensSlow(text) : countPlainTokens(text);
}
/**
 * `countTokens` for a text known to hold no whitespace but spaces and newlines (the caller
 * tested a text containing it with `hasOtherWhitespace`): runs between separators, counted
 * with native indexOf.
 */
export function countPlainTokens(text) {
    let n = 0;
    let lineStart = 0;
    const len = text.length;
    while (lineStart <= len) {
        let lineEnd = text.indexOf("\n", lineStart);
        if (lineEnd < 0)
            lineEnd = len;
        let pos = lineStart;
        while (pos < lineEnd) {
            let sp = text.indexOf(" ", pos);
            if (sp < 0 || sp > lineEnd)
                sp = lineEnd;
            if (sp > pos)
                n++;
            pos = sp + 1;
        }
        lineStart = lineEnd + 1;
    }
    return n;
}
function countTokensSlow(text) {
    let n = 0;
    let inTok = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const ws = c === 32 || (c >= 9 && c <= 13) || (c >= 28 && c <= 31) || (c > 127 && OTHER_WS.test(text[i]));
        if (ws)
            inTok = false;
        else if (!inTok) {
            inTok = true;
            n++;
        }
    }
    return n;
}
//# sourceMappingURL=tokens.js.map