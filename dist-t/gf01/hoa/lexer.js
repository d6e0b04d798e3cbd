import { HoaError } from "./errors.js";
const isIdentStart = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isDigit = (c) => c >= 48 && c <= 57;
const isIdentPart = (c) => isIdentStart(c) || isDigit(c) || c === 45;
const INT_LIMIT = 2 ** 31;
export function tokenize(text, file) {
    const tokens = [];
    const n = text.length;
    let i = 0;
    let line = 1;
    let lineStart = 0;
    const pos = (at) => ({ line, col: at - lineStart + 1 });
    const push = (kind, value, start, int = 0) => tokens.push({ kind, value, int, ...start });
    // Advance over text[i..to), keeping line/column right across newlines inside strings/comments.
    const advance = (to) => {
        for (; i < to; i++) {
            if (text.charCodeAt(i) === 10) {
                line++;
                lineStart = i + 1;
            }
        }
    };
    while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 9 || c === 10 || c === 13) {
            advance(i + 1);
            continue;
        }
        const start = pos(i);
        if (c === 47 && text.charCodeAt(i + 1) === 42) {
            // `/* ... */`, nesting allowed: `/*a/*b*/c*/` is one comment.
            let depth = 0;
            let j = i;
            while (j < n) {
                if (text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42) {
                    depth++;
                    j += 2;
                }
                else if (text.charCodeAt(j) === 42 && text.charCodeAt(j + 1) === 47) {
                    depth--;
                    j += 2;
                    if (depth === 0)
                        break;
                }
                else
                    j++;
            }
            if (depth !== 0)
                throw new HoaError("unterminated comment (missing */)", start, file);
            advance(j);
            continue;
        }
        if (c === 34) {
            // C-like string `"(\\.|[^\\"])*"`; \n \t \r decode to control characters, any other
            // escaped character stands for itself (so \" and \\ work).
            let j = i + 1;
            let out = "";
            for (;;) {
                if (j >= n)
                    throw new HoaError("unterminated string (missing closing quote)", start, file);
                const d = text[j];
                if (d === '"')
                    break;
                if (d === "\\") {
                    if (j + 1 >= n)
                        throw new HoaError("unterminated string (missing closing quote)", start, file);
                    const e = text[j + 1];
                    out += e === "n" ? "\n" : e === "t" ? "\t" : e === "r" ? "\r" : e;
                    j += 2;
                }
                else {
                    out += d;
                    j++;
                }
            }
            advance(j + 1);
            push("STRING", out, start);
            continue;
        }
        if (isDigit(c)) {
            let j = i;
            while (j < n && isDigit(text.charCodeAt(j)))
                j++;
            const digits = text.slice(i, j);
            if (digits.length > 1 && digits[0] === "0")
                throw new HoaError(`invalid integer ${digits} (no leading zeros in HOA)`, start, file);
            const v = Number(digits);
            if (v >= INT_LIMIT)
                throw new HoaError(`integer ${digits} is too large (HOA integers are < 2^31)`, start, file);
            if (j < n && isIdentStart(text.charCodeAt(j)))
                throw new HoaError(`unexpected character ${JSON.stringify(text[j])} after integer ${digits}`, pos(j), file);
            advance(j);
            push("INT", digits, start, v);
            continue;
        }
        if (isIdentStart(c)) {
            let j = i + 1;
            while (j < n && isIdentPart(text.charCodeAt(j)))
                j++;
            const word = text.slice(i, j);
            if (text.charCodeAt(j) === 58) {
                advance(j + 1);
                push("HEADERNAME", word, start);
            }
            else {
                advance(j);
                push(word === "t" || word === "f" ? "BOOLEAN" : "IDENTIFIER", word, start);
            }
            continue;
        }
        if (c === 64) {
            let j = i + 1;
            while (j < n && isIdentPart(text.charCodeAt(j)))
                j++;
            if (j === i + 1)
                throw new HoaError("alias name expected after @", start, file);
            const aname = text.slice(i, j);
            advance(j);
            push("ANAME", aname, start);
            continue;
        }
        if (c === 45) {
            const rest = text.slice(i, i + 9);
            const kw = rest.startsWith("--BODY--")
                ? "--BODY--"
                : rest.startsWith("--END--")
                    ? "--END--"
                    : rest.startsWith("--ABORT--")
                        ? "--ABORT--"
                        : undefined;
            if (!kw)
                throw new HoaError(`unexpected character "-" (expected --BODY--, --END-- or --ABORT--)`, start, file);
            advance(i + kw.length);
            push(kw === "--BODY--" ? "BODY" : kw === "--END--" ? "END" : "ABORT", kw, start);
            continue;
        }
        if ("!&|()[]{}".includes(text[i])) {
            advance(i + 1);
            push("PUNCT", text[i - 1], start);
            continue;
        }
        const cp = text.codePointAt(i) ?? c;
        throw new HoaError(`unexpected character ${JSON.stringify(String.fromCodePoint(cp))}`, start, file);
    }
    tokens.push({ kind: "EOF", value: "end of input", int: 0, ...pos(i) });
    return tokens;
}
//# sourceMappingURL=lexer.js.map