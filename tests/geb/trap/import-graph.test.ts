/**
 * No import circle inside src/geb/trap (issue 33): the framework, the kit and the families
 * import downwards only. framework.ts once took `PersonaSessionResult` from the
 * persona_session_drift family, which imports the framework; the shared result types now
 * live in types.ts. Static relative imports (`import … from "./x.js"`, `export … from`) are
 * read as text; a circle is reported with its files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../src/geb/trap");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

function importGraph(): Map<string, string[]> {
  const files = new Set(tsFiles(ROOT));
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    const deps = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/g)]
      .map((m) => resolve(dirname(f), m[1].replace(/\.js$/, ".ts")))
      .filter((t) => files.has(t));
    graph.set(f, deps);
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(relative(ROOT, w));
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("src/geb/trap import graph", () => {
  const graph = importGraph();
  it("reads the framework's imports", () => {
    expect(graph.get(join(ROOT, "framework.ts"))?.length).toBeGreaterThan(0);
  });
  it("has no circle", () => {
    expect(circles(graph)).toEqual([]);
  });
  it("the framework imports no family", () => {
    const fromFramework = (graph.get(join(ROOT, "framework.ts")) ?? []).map((f) => relative(ROOT, f));
    expect(fromFramework.filter((f) => f.startsWith("families"))).toEqual([]);
  });
});
