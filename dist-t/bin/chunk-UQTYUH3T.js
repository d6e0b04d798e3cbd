import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/gf01/server/build.ts
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../core/errors.js";
function repoRoot(from = dirname(fileURLToPath(new URL("../gf01/server/build.js", import.meta.url).href))) {
  let d = resolve(from);
  for (; ; ) {
    if (existsSync(join(d, "package.json")) && (existsSync(join(d, "src", "web")) || existsSync(join(d, "dist", "web"))))
      return d;
    const up = dirname(d);
    if (up === d)
      throw new InputError(
        "cannot find the oraclebench package root (no package.json with src/web or dist/web)"
      );
    d = up;
  }
}
var defaultWebDir = () => join(repoRoot(), "dist", "web");
var hasWebBuild = (dir) => existsSync(join(dir, "index.html"));
function newestMtime(dir) {
  let m = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    m = Math.max(m, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return m;
}
function webBuildIsStale(dir) {
  const src = join(repoRoot(), "src", "web");
  if (!existsSync(src) || !hasWebBuild(dir)) return false;
  return newestMtime(src) > statSync(join(dir, "index.html")).mtimeMs;
}
async function buildWeb(o = {}) {
  const root = repoRoot();
  const config = join(root, "src", "web", "vite.config.ts");
  if (!existsSync(config))
    throw new InputError(`no prebuilt dist/web and no sources to build it from (${config} missing)`);
  let vite;
  try {
    vite = await import("vite");
  } catch {
    throw new InputError(
      "dist/web is missing and Vite is not installed: run `npm ci` (dev dependencies) or ship dist/web"
    );
  }
  o.log?.("gf01 serve: building the browser app (dist/web) with Vite \u2026");
  await vite.build({ configFile: config, logLevel: "warn" });
  return join(root, "dist", "web");
}
async function ensureWebBuild(o = {}) {
  const dir = o.dir ?? defaultWebDir();
  if (!o.rebuild && hasWebBuild(dir) && (o.dir !== void 0 || !webBuildIsStale(dir))) return dir;
  if (o.dir && resolve(o.dir) !== resolve(defaultWebDir()))
    throw new InputError(`no index.html in --web-dir ${o.dir}`, { field: "web-dir" });
  return buildWeb({ log: o.log });
}

export {
  repoRoot,
  defaultWebDir,
  hasWebBuild,
  webBuildIsStale,
  buildWeb,
  ensureWebBuild
};
