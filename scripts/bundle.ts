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
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";

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

/** The esbuild options of the bins' bundle (`write: false` for a dry run: tests/meta/startup.test.ts). */
export function bundleOptions(write = true): BuildOptions & { metafile: true } {
  return {
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
    write,
    logLevel: "warning",
  };
}

/**
 * What a bin evaluates before any command runs: the sources (and packages' files) its entry
 * imports statically, each mapped to the file that imports it (the chain back to the bin), and
 * the modules left external (node builtins, dist/ files, other packages) that they import.
 */
export function startupInputs(
  metafile: Metafile,
  bin: "gf01" | "geb",
): { inputs: Map<string, string>; external: Set<string> } {
  const start = Object.keys(metafile.inputs).find((f) => f.endsWith(`src/bin/${bin}.ts`)) ?? "";
  return staticClosure(metafile, [start]);
}

/**
 * The sources `starts` load through static imports (what runs before any dynamic import),
 * each mapped to the file that imports it ("" for a start), and the external modules.
 */
export function staticClosure(
  metafile: Metafile,
  starts: readonly string[],
): { inputs: Map<string, string>; external: Set<string> } {
  const ins = metafile.inputs;
  const inputs = new Map<string, string>(starts.map((s) => [s, ""]));
  const external = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const f = queue.shift() as string;
    for (const i of ins[f]?.imports ?? []) {
      if (i.kind !== "import-statement" && i.kind !== "require-call") continue;
      if (i.external) external.add(i.path);
      else if (!inputs.has(i.path)) {
        inputs.set(i.path, f);
        queue.push(i.path);
      }
    }
  }
  return { inputs, external };
}

async function main(): Promise<void> {
  // tsc's own output for the bins (and their maps and declarations) is replaced; chunks of an
  // earlier bundle go.
  for (const f of readdirSync(outdir))
    if (/^(gf01|geb)\.(js|js\.map|d\.ts|d\.ts\.map)$/.test(f) || /^chunk-\w+\.js$/.test(f))
      rmSync(join(outdir, f), { force: true });
  const result = await build(bundleOptions());
  // `BUNDLE_ANALYZE=1`: what each bin loads at start-up (`--help`), biggest first, and the
  // import chain to every source that imports zod, if any does.
  if (!process.env.BUNDLE_ANALYZE) return;
  for (const bin of ["gf01", "geb"] as const) {
    const { inputs, external } = startupInputs(result.metafile, bin);
    for (const f of inputs.keys()) {
      if (f.includes("node_modules")) continue;
      if (!(result.metafile.inputs[f]?.imports ?? []).some((i) => i.path.includes("node_modules/zod/")))
        continue;
      const chain: string[] = [];
      for (let g: string | undefined = f; g; g = inputs.get(g)) chain.unshift(g.replace(/^src\//, ""));
      console.log(`${bin} loads zod: ${chain.join(" → ")}`);
    }
    const sizes = new Map<string, number>();
    for (const out of Object.values(result.metafile.outputs))
      for (const [f, v] of Object.entries(out.inputs)) if (inputs.has(f)) sizes.set(f, v.bytesInOutput);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${bin}: ${inputs.size} module(s), ${(total / 1024).toFixed(0)} KiB of code at start-up; external: ${[...external].sort().join(", ")}`,
    );
    for (const [f, n] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
