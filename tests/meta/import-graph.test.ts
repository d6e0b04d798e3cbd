import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";

/**
 * The import graph of src/ (docs/architecture.md, house.md "Floors"): no module imports itself
 * back through any chain, and the floors hold (src/core knows no family, the families never
 * import each other). Read in-process with oxc's parser (a parse, not a type check: the whole
 * tree takes well under a second). When TypeScript 7 (which has no stable JS API) replaced 5.9,
 * this graph was checked equal, file by file, to the one `ts.preProcessFile` gave.
 *
 * Every edge counts, whatever its kind:
 *  - static `import … from`, side-effect `import "…"` and `export … from`;
 *  - `import type` and type positions `import("…").T`: a type cycle still ties two modules'
 *    designs together (house.md names the play/agent ↔ result type cycle as a smell), and the
 *    cure is the same: move the shared type down;
 *  - dynamic `import("…")` with a literal specifier: a lazy import defers the loading, not the
 *    dependency — the two modules still cannot be understood or moved apart.
 * Specifiers are resolved as tsc does for this package: `./x.js` → `./x.ts`, or `./x/index.ts`.
 * Bare specifiers (packages, `node:`) are not part of the graph.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const srcDir = join(root, "src");

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile();

/** `./x.js` → the .ts (or .tsx, or folder index) file tsc would read; undefined for packages. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => /\.tsx?$/.test(c) && isFile(c)) ?? (isFile(base) ? base : undefined);
}

/** Type positions `import("…").T`, found by walking the syntax tree. */
function typeImports(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const x of node) typeImports(x, out);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as { type?: string; source?: { value?: unknown } };
  if (n.type === "TSImportType" && typeof n.source?.value === "string") out.push(n.source.value);
  for (const v of Object.values(node)) if (v && typeof v === "object") typeImports(v, out);
}

/** Every module a file names: imports and re-exports (type-only too), literal dynamic imports. */
function moduleRequests(file: string, text: string): string[] {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0].message}`);
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const out = staticImports.map((s) => s.moduleRequest.value);
  for (const s of staticExports)
    for (const e of s.entries) if (e.moduleRequest) out.push(e.moduleRequest.value);
  for (const d of dynamicImports) {
    const literal = /^["'`]([^"'`$]*)["'`]$/.exec(text.slice(d.moduleRequest.start, d.moduleRequest.end));
    if (literal) out.push(literal[1]);
  }
  typeImports(parsed.program, out);
  return out;
}

/** file (relative to src/, with /) → the src/ files it imports. */
function importGraph(): Map<string, string[]> {
  const rel = (p: string) => relative(srcDir, p).split(sep).join("/");
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(srcDir)) {
    const text = readFileSync(file, "utf8");
    const specifiers = moduleRequests(file, text);
    const targets = new Set<string>();
    for (const fileName of specifiers) {
      const target = resolveSpecifier(file, fileName);
      if (target?.startsWith(srcDir + sep)) targets.add(rel(target));
    }
    graph.set(rel(file), [...targets].sort());
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** One concrete cycle through a component, for the message: a → b → … → a. */
function cycleIn(graph: Map<string, string[]>, scc: string[]): string {
  const inside = new Set(scc);
  const start = scc[0];
  const prev = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length) {
    const v = queue.shift() as string;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]) as string);
        return [...path, start].join(" → ");
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return scc.join(" ↔ ");
}

const graph = importGraph();

describe("import graph of src/", () => {
  it("reads the tree", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("index.ts")).toContain("geb/index.ts");
  });

  it("has no import circle", () => {
    const found = circles(graph).map(
      (scc) => `${cycleIn(graph, scc)}   (${scc.length} files: ${scc.join(", ")})`,
    );
    expect(found, `import circles:\n${found.join("\n")}`).toEqual([]);
  });

  it("src/ holds index.ts and folders only (every other module has a room of its own)", () => {
    const loose = readdirSync(srcDir).filter(
      (n) => n !== "index.ts" && !statSync(join(srcDir, n)).isDirectory(),
    );
    expect(loose).toEqual([]);
  });

  it("keeps the floors: core knows no family, geb and gf01 never import each other", () => {
    const floor = (file: string) => file.split("/")[0];
    const forbidden: Record<string, string[]> = {
      core: ["geb", "gf01", "web"],
      geb: ["gf01", "web"],
      gf01: ["geb", "web"],
    };
    const breaches: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets)
        if (forbidden[floor(file)]?.includes(floor(target))) breaches.push(`${file} → ${target}`);
    expect(breaches, `imports across the floors:\n${breaches.join("\n")}`).toEqual([]);
  });
});
