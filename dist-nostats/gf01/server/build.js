/**
 * The browser bundle: `dist/web/` (Vite output). `gf01 serve` uses it as is when it exists; when
 * it is missing (fresh clone) the app is built once through Vite's JS API. Vite is imported
 * lazily so a production install with a prebuilt `dist/web` never loads it.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../core/errors.js";
/** Repository root: the nearest ancestor of this module holding package.json and src/web. */
export function repoRoot(from = dirname(fileURLToPath(import.meta.url))) {
    let d = resolve(from);
    for (;;) {
        if (existsSync(join(d, "package.json")) &&
            (existsSync(join(d, "src", "web")) || existsSync(join(d, "dist", "web"))))
            return d;
        const up = dirname(d);
        if (up === d)
            throw new InputError("cannot find the oraclebench package root (no package.json with src/web or dist/web)");
        d = up;
    }
}
export const defaultWebDir = () => join(repoRoot(), "dist", "web");
export const hasWebBuild = (dir) => existsSync(join(dir, "index.html"));
/** Newest modification time under a folder (the app sources are a few files). */
function newestMtime(dir) {
    let m = 0;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        m = Math.max(m, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
    }
    return m;
}
/** In a checkout, dist/web is stale when any file in src/web is newer than its index.html. */
export function webBuildIsStale(dir) {
    const src = join(repoRoot(), "src", "web");
    if (!existsSync(src) || !hasWebBuild(dir))
        return false;
    return newestMtime(src) > statSync(join(dir, "index.html")).mtimeMs;
}
/** Build the app into `dist/web` with `src/web/vite.config.ts`. Returns the output folder. */
export async function buildWeb(o = {}) {
    const root = repoRoot();
    const config = join(root, "src", "web", "vite.config.ts");
    if (!existsSync(config))
        throw new InputError(`no prebuilt dist/web and no sources to build it from (${config} missing)`);
    let vite;
    try {
        vite = await import("vite");
    }
    catch {
        throw new InputError("dist/web is missing and Vite is not installed: run `npm ci` (dev dependencies) or ship dist/web");
    }
    o.log?.("gf01 serve: building the browser app (dist/web) with Vite …");
    await vite.build({ configFile: config, logLevel: "warn" });
    return join(root, "dist", "web");
}
/**
 * `dir` if it holds a build; otherwise (or when the default dist/web is older than src/web)
 * build the default `dist/web`. An explicit `dir` is never rebuilt.
 */
export async function ensureWebBuild(o = {}) {
    const dir = o.dir ?? defaultWebDir();
    if (!o.rebuild && hasWebBuild(dir) && (o.dir !== undefined || !webBuildIsStale(dir)))
        return dir;
    if (o.dir && resolve(o.dir) !== resolve(defaultWebDir()))
        throw new InputError(`no index.html in --web-dir ${o.dir}`, { field: "web-dir" });
    return buildWeb({ log: o.log });
}
//# sourceMappingURL=build.js.map