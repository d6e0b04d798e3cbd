/**
 * Which oraclebench produced an artifact: the toolkit's own git commit, never the commit of the
 * folder a user happens to run in (docs/gf01.md, "Provenance").
 *  - running built code (`dist/`, e.g. an npm install): the commit `npm run build` recorded in
 *    dist/build-info.json (scripts/postbuild.ts), so an install stamps the code it runs;
 *  - running the sources from a checkout (tsx): `git rev-parse HEAD` of that checkout, resolved
 *    from this module's location, not the working directory;
 *  - neither: "unknown".
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
export const BUILD_INFO_FILE = "build-info.json";
/** The folder of the nearest package.json named oraclebench above `from`, if any. */
export function packageRoot(from = fileURLToPath(import.meta.url)) {
    let d = dirname(from);
    for (;;) {
        try {
            if (JSON.parse(readFileSync(join(d, "package.json"), "utf8")).name === "oraclebench")
                return d;
        }
        catch {
            // no (readable) package.json here: keep walking up
        }
        const up = dirname(d);
        if (up === d)
            return undefined;
        d = up;
    }
}
function gitHead(root) {
    // Only the toolkit's own checkout: an install inside a user's repo has no .git of its own,
    // and `git -C` would otherwise walk up into the user's repository.
    if (!existsSync(join(root, ".git")))
        return undefined;
    try {
        const sha = execFileSync("git", ["-C", root, "rev-parse", "HEAD"], {
            stdio: ["ignore", "pipe", "ignore"],
        })
            .toString()
            .trim();
        return /^[0-9a-f]{7,64}$/.test(sha) ? sha : undefined;
    }
    catch {
        return undefined;
    }
}
function readBuildInfo(root) {
    try {
        const info = JSON.parse(readFileSync(join(root, "dist", BUILD_INFO_FILE), "utf8"));
        return typeof info.git_commit === "string" && info.git_commit ? info : undefined;
    }
    catch {
        return undefined;
    }
}
const cache = new Map();
/** The toolkit's own commit (see the module comment); computed once per process. */
export function toolkitCommit(modulePath = fileURLToPath(import.meta.url)) {
    const hit = cache.get(modulePath);
    if (hit !== undefined)
        return hit;
    const root = packageRoot(modulePath);
    let sha = "unknown";
    if (root) {
        const built = modulePath.startsWith(join(root, "dist") + sep);
        sha = (built ? readBuildInfo(root)?.git_commit : undefined) ?? gitHead(root) ?? "unknown";
    }
    cache.set(modulePath, sha);
    return sha;
}
//# sourceMappingURL=provenance.js.map