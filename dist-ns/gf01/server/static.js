/** Static files of the built browser app (GET/HEAD only, no directory listing, no escapes). */
import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
const TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".woff2": "font/woff2",
};
/** Everything the app loads is same-origin; no inline scripts, no third parties. */
const SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
};
/** On every API answer too: JSON is never rendered or framed, and never sniffed as HTML. */
export const API_SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
};
export function createStaticHandler(dir) {
    const root = resolve(dir);
    return (req, res) => {
        if (req.method !== "GET" && req.method !== "HEAD")
            return false;
        let path;
        try {
            // The raw request path: `new URL("//x", base)` would read "//x" as a host, not a path.
            const u = req.url ?? "/";
            const q = u.indexOf("?");
            path = decodeURIComponent(q < 0 ? u : u.slice(0, q));
        }
        catch {
            return false;
        }
        if (path.includes("\0"))
            return false;
        if (path === "/" || path === "")
            path = "/index.html";
        const file = normalize(join(root, path));
        if (file !== root && !file.startsWith(root + sep))
            return false;
        let size;
        try {
            const st = statSync(file);
            if (!st.isFile())
                return false;
            size = st.size;
        }
        catch {
            return false;
        }
        const html = extname(file) === ".html";
        res.writeHead(200, {
            "content-type": TYPES[extname(file)] ?? "application/octet-stream",
            "content-length": String(size),
            // index.html is small and names the bundle: always revalidate; the rest may be cached briefly.
            "cache-control": html ? "no-cache" : "public, max-age=300",
            ...SECURITY_HEADERS,
        });
        if (req.method === "HEAD")
            res.end();
        else
            createReadStream(file).pipe(res);
        return true;
    };
}
//# sourceMappingURL=static.js.map