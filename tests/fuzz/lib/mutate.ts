/**
 * Mutations of valid artifacts for the fuzz suite: grammar-aware (JSON values at a random
 * path, JSONL / text lines) plus raw bytes. Each is a fast-check arbitrary of the bytes to
 * write, so a failing case shrinks and replays from its seed. Shared by tests/fuzz/*.test.ts
 * and bench/_fuzz-soak.ts (same properties, fresh seeds, longer).
 */
import fc from "fast-check";

export type Shape = "json" | "jsonl" | "text";

/** Values a careless or hostile writer puts where another type belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    "",
    " ",
    "NaN",
    "Infinity",
    "-1",
    "0x10",
    "\u0000",
    "\uFEFF",
    "../../etc/passwd",
    "x".repeat(10_000),
    [],
    {},
    [null],
    { "": null },
    JSON.parse('{"__proto__": 1}'),
    { constructor: { prototype: 1 } },
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.array(fc.integer({ min: -3, max: 40 }), { maxLength: 4 }),
  fc.dictionary(
    fc.string({ maxLength: 6 }),
    fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
    {
      maxKeys: 3,
    },
  ),
);

type Path = (string | number)[];

/** Every path into a JSON value (the root is []); capped so huge artifacts stay cheap. */
function paths(v: unknown, cap = 4000): Path[] {
  const out: Path[] = [[]];
  const walk = (x: unknown, p: Path): void => {
    if (out.length >= cap) return;
    if (Array.isArray(x))
      x.forEach((y, i) => {
        out.push([...p, i]);
        walk(y, [...p, i]);
      });
    else if (x && typeof x === "object")
      for (const [k, y] of Object.entries(x)) {
        out.push([...p, k]);
        walk(y, [...p, k]);
      }
  };
  walk(v, []);
  return out;
}

function getAt(v: unknown, p: Path): unknown {
  let x = v;
  for (const k of p) x = (x as Record<string | number, unknown>)[k];
  return x;
}

type Op = "replace" | "delete" | "duplicate" | "empty" | "addKey" | "numberEdge" | "stringEdge";

/** Apply one structural mutation in place (returns the new root). */
function applyJson(root: unknown, p: Path, op: Op, shared: unknown, key: string): unknown {
  // A fresh copy: generated values (constants above) are shared between cases.
  const value = shared === undefined ? undefined : JSON.parse(JSON.stringify(shared));
  if (p.length === 0) return op === "replace" ? value : root;
  const parent = getAt(root, p.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const k = p[p.length - 1];
  const cur = (parent as Record<string | number, unknown>)[k];
  switch (op) {
    case "replace":
      (parent as Record<string | number, unknown>)[k] = value;
      break;
    case "delete":
      if (Array.isArray(parent)) parent.splice(k as number, 1);
      else delete (parent as Record<string, unknown>)[k as string];
      break;
    case "duplicate":
      if (Array.isArray(parent)) parent.splice(k as number, 0, structuredClone(cur));
      else (parent as Record<string, unknown>)[`${String(k)}_`] = structuredClone(cur);
      break;
    case "empty":
      (parent as Record<string | number, unknown>)[k] = Array.isArray(cur)
        ? []
        : cur && typeof cur === "object"
          ? {}
          : "";
      break;
    case "addKey":
      if (cur && typeof cur === "object" && !Array.isArray(cur))
        (cur as Record<string, unknown>)[key] = value;
      else (parent as Record<string | number, unknown>)[k] = value;
      break;
    case "numberEdge":
      (parent as Record<string | number, unknown>)[k] =
        typeof cur === "number" ? [-cur, cur + 0.5, cur * 1e12, -1, 0, 2 ** 31][key.length % 6] : value;
      break;
    case "stringEdge":
      (parent as Record<string | number, unknown>)[k] =
        typeof cur === "string"
          ? [cur.toUpperCase(), `${cur} `, cur.slice(1), `${cur}\n${cur}`, ""][key.length % 5]
          : value;
      break;
  }
  return root;
}

const opArb = fc.constantFrom<Op>(
  "replace",
  "replace",
  "delete",
  "delete",
  "duplicate",
  "empty",
  "addKey",
  "numberEdge",
  "stringEdge",
);
const mutationStep = fc.record({
  pick: fc.nat(),
  op: opArb,
  value: hostileValue,
  key: fc.oneof(fc.constantFrom("extra", "__proto__", "", "constructor"), fc.string({ maxLength: 6 })),
});

/** 1-3 structural edits of a JSON document. */
function jsonMutations(text: string): fc.Arbitrary<string> {
  const base = JSON.parse(text.replace(/^\uFEFF/, ""));
  return fc.array(mutationStep, { minLength: 1, maxLength: 3 }).map((steps) => {
    let root = structuredClone(base);
    for (const s of steps) {
      const ps = paths(root);
      root = applyJson(root, ps[s.pick % ps.length], s.op, s.value, s.key);
    }
    return JSON.stringify(root, null, 2);
  });
}

/** Structural edits of one JSONL row, or line-level edits of the file. */
function jsonlMutations(text: string): fc.Arbitrary<string> {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const rowEdit = fc
    .record({ line: fc.nat(), steps: fc.array(mutationStep, { minLength: 1, maxLength: 3 }) })
    .map(({ line, steps }) => {
      const i = line % lines.length;
      let root: unknown;
      try {
        root = JSON.parse(lines[i]);
      } catch {
        return text;
      }
      for (const s of steps) {
        const ps = paths(root);
        root = applyJson(root, ps[s.pick % ps.length], s.op, s.value, s.key);
      }
      const out = [...lines];
      out[i] = JSON.stringify(root);
      return `${out.join("\n")}\n`;
    });
  return fc.oneof({ weight: 3, arbitrary: rowEdit }, { weight: 1, arbitrary: lineMutations(text) });
}

/** Line-level edits: drop, duplicate, swap, cut, insert junk, CRLF, BOM. */
function lineMutations(text: string): fc.Arbitrary<string> {
  const lines = text.split("\n");
  return fc
    .record({
      kind: fc.constantFrom("drop", "dup", "swap", "cut", "junk", "crlf", "bom", "blank"),
      a: fc.nat(),
      b: fc.nat(),
      junk: fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom("{", "}", "[", "null", "[]", "{}", "1", '"x"', "\u0000", "--", "State: 99"),
      ),
    })
    .map(({ kind, a, b, junk }) => {
      const out = [...lines];
      const i = a % out.length;
      const j = b % out.length;
      switch (kind) {
        case "drop":
          out.splice(i, 1);
          break;
        case "dup":
          out.splice(i, 0, out[i]);
          break;
        case "swap":
          [out[i], out[j]] = [out[j], out[i]];
          break;
        case "cut":
          out[i] = out[i].slice(0, b % (out[i].length + 1));
          break;
        case "junk":
          out.splice(i, 0, junk);
          break;
        case "crlf":
          return out.join("\r\n");
        case "bom":
          return `\uFEFF${text}`;
        case "blank":
          out.splice(i, 0, "   ");
          break;
      }
      return out.join("\n");
    });
}

/** Raw-byte damage: truncation, flipped / inserted bytes (invalid UTF-8, NUL), or noise. */
export function byteMutations(text: string): fc.Arbitrary<Uint8Array> {
  const bytes = Buffer.from(text, "utf8");
  return fc.oneof(
    fc.nat({ max: bytes.length }).map((n) => bytes.subarray(0, n)),
    fc
      .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 })
      .map((edits) => {
        const b = Buffer.from(bytes);
        for (const [at, v] of edits) if (b.length) b[at % b.length] = v;
        return b;
      }),
    fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 16 })).map(([at, ins]) => {
      const i = bytes.length ? at % bytes.length : 0;
      return Buffer.concat([bytes.subarray(0, i), ins, bytes.subarray(i)]);
    }),
    fc.uint8Array({ maxLength: 256 }),
    fc.constant(new Uint8Array(0)),
  );
}

/** Everything for one artifact: structure-aware edits (most cases) plus raw bytes. */
export function mutationsOf(text: string, shape: Shape): fc.Arbitrary<string | Uint8Array> {
  const structured: fc.Arbitrary<string> =
    shape === "json" ? jsonMutations(text) : shape === "jsonl" ? jsonlMutations(text) : lineMutations(text);
  return fc.oneof({ weight: 4, arbitrary: structured }, { weight: 1, arbitrary: byteMutations(text) });
}
