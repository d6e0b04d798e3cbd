/**
 * Third step of `npm run build` (after tsc and scripts/postbuild.ts): the installed bins
 * `dist/bin/gf01.js` and `dist/bin/geb.js` become esbuild bundles of their own sources plus the
 * package's runtime dependencies (commander, zod), split so that each subcommand's
 * implementation is a chunk loaded by the `await import()` in its action. Start-up then reads a
 * few files instead of ~200 modules (zod alone is ~95): `gf01 --help` costs about what `node -e 0`
 * does (docs/performance.md, bench/startup.ts).
 *
 * What stays the same as running tsc's dist/ tree:
 *  - `import.meta.url` in a bundled module is rewritten to the URL of that module's own file in
 *    dist/ (which tsc wrote), so paths computed from it (configs/, dist/web, build-info.json,
 *    the sweep's worker file, the package root) resolve exactly as before;
 *  - modules the bundle must not copy stay external and load from dist/: the minified chart
 *    renderer (dist/core/report/vega-lib.js, scripts/postbuild.ts), the error classes (one
 *    class for the CLI and for user modules that import the library) and every package other than
 *    the runtime dependencies (optional peers such as playwright-core and gpt-tokenizer are
 *    looked up at run time, as before; a missing one still gives the one-line message).
 * The library entry points (dist/index.js, …) and `node dist/gf01/cli.js` stay tsc's output.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const dist = join(root, "dist");
/** Entries and chunks share one folder, so one relative path from any output file reaches dist/. */
const outdir = join(dist, "bin");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
};
/** Bare imports copied into the bundle: the runtime dependencies. Everything else is external. */
const BUNDLED = new Set(Object.keys(pkg.dependencies ?? {}));
/**
 * Sources never copied into the bundle: loaded from their dist/ file (see the module comment).
 * The error classes stay single: a `module:` model client is user code that may import
 * `oraclebench/engine` and throw its ModelError, which the engine tells apart by `instanceof`.
 */
const KEEP_EXTERNAL = new Set(
  [
    ["core", "report", "vega-lib.ts"],
    ["core", "errors.ts"],
    ["core", "engine", "errors.ts"],
  ].map((parts) => join(src, ...parts)),
);

const toPosix = (p: string): string => p.split(sep).join("/");
/** `src/a/b.ts` → the path of `dist/a/b.js` relative to the bundle folder. */
const distPathOf = (file: string): string => {
  const rel = toPosix(relative(outdir, join(dist, relative(src, file)))).replace(/\.tsx?$/, ".js");
  return rel.startsWith(".") ? rel : `./${rel}`;
};

const keepDistSemantics: Plugin = {
  name: "oraclebench-dist-semantics",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      const name = args.path.startsWith("@")
        ? args.path.split("/").slice(0, 2).join("/")
        : args.path.split("/")[0];
      return BUNDLED.has(name) ? undefined : { external: true };
    });
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const abs = join(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      return KEEP_EXTERNAL.has(abs) ? { path: distPathOf(abs), external: true } : undefined;
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + sep)) return undefined;
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return { contents: text, loader: "ts" };
      const own = `new URL(${JSON.stringify(distPathOf(args.path))}, import.meta.url).href`;
      return { contents: text.replace(/\bimport\.meta\.url\b/g, own), loader: "ts" };
    });
  },
};

// tsc's own output for the bins (and their maps and declarations) is replaced; chunks of an
// earlier bundle go.
for (const f of readdirSync(outdir))
  if (/^(gf01|geb)\.(js|js\.map|d\.ts|d\.ts\.map)$/.test(f) || /^chunk-\w+\.js$/.test(f))
    rmSync(join(outdir, f), { force: true });

const result = await build({
  entryPoints: [join(src, "bin", "gf01.ts"), join(src, "bin", "geb.ts")],
  outdir,
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // commander is CommonJS: its `require("node:events")` needs a real require in an ES module.
  banner: {
    js: 'import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);',
  },
  plugins: [keepDistSemantics],
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

/**
 * `BUNDLE_ANALYZE=1`: the sources each bin evaluates before any command runs (its entry and the
 * chunks it imports statically), biggest first: what `--help` costs.
 */
if (process.env.BUNDLE_ANALYZE) {
  // Why a package is loaded at start-up: the static import chain from the bin to it.
  const ins = result.metafile.inputs;
  for (const name of ["gf01", "geb"]) {
    const start = Object.keys(ins).find((f) => f.endsWith(`src/bin/${name}.ts`)) ?? "";
    const prev = new Map<string, string>([[start, ""]]);
    const queue = [start];
    while (queue.length) {
      const f = queue.shift() as string;
      for (const i of ins[f]?.imports ?? [])
        if (i.kind === "import-statement" && !i.external && !prev.has(i.path)) {
          prev.set(i.path, f);
          queue.push(i.path);
        }
    }
    // Every source that imports zod itself, with the chain that reaches it.
    for (const f of prev.keys()) {
      if (f.includes("node_modules")) continue;
      if (!(ins[f]?.imports ?? []).some((i) => i.path.includes("node_modules/zod/"))) continue;
      const chain: string[] = [];
      for (let g: string | undefined = f; g; g = prev.get(g)) chain.unshift(g.replace(/^src\//, ""));
      console.log(`${name} loads zod: ${chain.join(" → ")}`);
    }
  }
  const outs = result.metafile.outputs;
  for (const name of ["gf01", "geb"]) {
    const seen = new Set<string>();
    const visit = (out: string): void => {
      if (seen.has(out)) return;
      seen.add(out);
      for (const i of outs[out]?.imports ?? [])
        if (i.kind === "import-statement" && !i.external) visit(i.path);
    };
    const entry = Object.keys(outs).find((o) => o.endsWith(`/bin/${name}.js`));
    if (entry) visit(entry);
    const inputs = new Map<string, number>();
    for (const o of seen) for (const [f, v] of Object.entries(outs[o].inputs)) inputs.set(f, v.bytesInOutput);
    const total = [...inputs.values()].reduce((a, b) => a + b, 0);
    console.log(`${name}: ${seen.size} file(s), ${(total / 1024).toFixed(0)} KiB of code at start-up`);
    for (const [f, n] of [...inputs].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
  }
}
