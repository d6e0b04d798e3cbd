/**
 * Second half of `npm run build`, after tsc wrote dist/:
 *  1. dist/build-info.json: the package version and the git commit of the checkout being built,
 *     the provenance stamp an installed package writes into bundles and run rows
 *     (src/core/provenance.ts);
 *  2. dist/core/report/vega-lib.js: tsc's re-export of the `vega` and `vega-lite` dev
 *     dependencies replaced by one minified bundle of both (the HTML report's chart renderer),
 *     with the bundled packages' licenses beside it. An install then needs neither package nor
 *     their ~70 dependencies (~20 MB on disk) and draws the same SVG bytes;
 *  3. dist/geb/ui/live/app/: the static files of the `geb ui live` browser app (tsc copies only
 *     TypeScript; the server finds them next to its own module).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { BUILD_INFO_FILE, type BuildInfo } from "../src/core/provenance.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "unknown"; // a source archive, not a checkout
  }
}

const info: BuildInfo = { name: pkg.name, version: pkg.version, git_commit: gitCommit() || "unknown" };
writeFileSync(join(dist, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);

const out = join(dist, "core/report/vega-lib.js");
// tsc's map describes the re-export this bundle replaces.
rmSync(`${out}.map`, { force: true });
const result = await build({
  entryPoints: [join(root, "src/core/report/vega-lib.ts")],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  // vega-canvas tries `import("canvas")` and falls back when it is absent; SVG needs no canvas.
  external: ["canvas"],
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

// Licenses of every bundled package (vega is BSD-3-Clause, d3 ISC: notices must travel along).
const pkgs = new Set<string>();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) pkgs.add(m[1]);
}
const notices: string[] = [];
for (const dir of [...pkgs].sort()) {
  const abs = join(root, dir);
  const meta = JSON.parse(readFileSync(join(abs, "package.json"), "utf8")) as {
    name: string;
    version: string;
    license?: string;
  };
  const file = ["LICENSE", "LICENSE.md", "LICENSE.txt", "license"].map((f) => join(abs, f)).find(existsSync);
  notices.push(
    `${meta.name}@${meta.version} (${meta.license ?? "see package"})\n\n${file ? readFileSync(file, "utf8").trim() : ""}\n`,
  );
}
writeFileSync(`${out}.LICENSES.txt`, `Packages bundled in vega-lib.js\n\n${notices.join("\n---\n\n")}`);

cpSync(join(root, "src/geb/ui/live/app"), join(dist, "geb/ui/live/app"), { recursive: true });
