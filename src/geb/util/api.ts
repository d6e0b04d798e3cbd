/**
 * File-level API of `geb util …` (docs/geb/util.md): each function reads and validates its
 * inputs (errors name file, line and field), writes its output atomically, and returns the
 * line the reference prints.
 */
import { existsSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync, writeFileAtomic } from "../../core/jsonl.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { pyJsonLoads } from "../../core/pyjsonloads.js";
import { parseWith, schemaRegistry } from "../../core/schema.js";
import { pyFixed } from "../api.js";
import { readTextFile } from "../../core/text.js";
import { type DrilldownOptions, drilldown } from "./drilldown.js";
import { type Estimate, type EstimateInput, estimateRuntime, meanSecondsPerQ } from "./estimate.js";
import { filterRowsById, limitRows, objectRows, parseIds } from "./rows.js";
import {
  type CoverBy,
  failuresOnly,
  mergeById,
  promoteAnchors,
  pyPathStr,
  selectCounterexamples,
} from "./select.js";
import { validateSubset } from "./validate.js";

/** The reference's `write_jsonl`: one `json.dumps(row, ensure_ascii=False)` per line. */
const jsonlText = (rows: readonly unknown[]) =>
  rows.map((r) => `${pyJsonDumps(r, { ensureAscii: false })}\n`).join("");
const rowsOf = (file: string, what: string) => objectRows(readTextFile(file, what), file).map((r) => r.row);

export async function limitFile(o: { input: string; out: string; maxRows: number }): Promise<string> {
  const r = limitRows(readTextFile(o.input, "input"), o.maxRows, o.input);
  await writeFileAtomic(o.out, r.text);
  return `Wrote ${o.out} (${r.rows} rows)`;
}

/** Exit 1 (`ok: false`) when no id was loaded or no row was written, as the reference. */
export async function filterIdsFile(o: {
  data: string;
  ids: string;
  out: string;
  invert: boolean;
}): Promise<{ ok: boolean; message: string }> {
  const ids = parseIds(readTextFile(o.ids, "id file"));
  if (!ids.size) return { ok: false, message: `No IDs loaded from ${o.ids}` };
  const r = filterRowsById(readTextFile(o.data, "data"), ids, o.invert, o.data);
  await writeFileAtomic(o.out, r.text);
  return {
    ok: r.outRows > 0,
    message: `filter_jsonl_by_ids: in_rows=${r.inRows} out_rows=${r.outRows} invert=${o.invert ? "True" : "False"}`,
  };
}

/** A JSON file's text decoded as Python's json.loads (a leading BOM skipped); bad JSON is an InputError on it. */
function pyJsonOfFile(text: string, file: string): unknown {
  try {
    return pyJsonLoads(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

export function estimateFromFiles(i: EstimateInput & { fromCombined?: string }): Estimate {
  let secondsPerQ = i.secondsPerQ;
  if (i.fromCombined) {
    const data = pyJsonOfFile(readTextFile(i.fromCombined, "combined results"), i.fromCombined);
    secondsPerQ = meanSecondsPerQ(data, i.fromCombined) ?? secondsPerQ;
  }
  return estimateRuntime({ ...i, secondsPerQ });
}

export async function minimizeFile(o: {
  drilldown: string;
  out: string;
  maxRows: number;
  coverBy: CoverBy;
  includePasses: boolean;
}): Promise<string> {
  const rows = failuresOnly(rowsOf(o.drilldown, "drilldown"), o.includePasses);
  if (!rows.length) {
    await writeFileAtomic(o.out, "");
    return `Wrote 0 rows to ${o.out} (no failures found).`;
  }
  const s = selectCounterexamples(rows, o.maxRows, o.coverBy);
  await writeFileAtomic(o.out, jsonlText(s.rows));
  const pct = s.total ? (100 * s.covered) / s.total : 100;
  return `Wrote ${s.rows.length} rows to ${o.out} (coverage ${s.covered}/${s.total} = ${pyFixed(pct, 1)}%).`;
}

export async function promoteFile(o: {
  data: string;
  drilldown: string;
  out: string;
  maxAnchors: number;
  coverBy: CoverBy;
  includePasses: boolean;
  family?: string;
  append: boolean;
}): Promise<string[]> {
  const data = rowsOf(o.data, "data");
  const failures = failuresOnly(rowsOf(o.drilldown, "drilldown"), o.includePasses);
  if (!failures.length) {
    await writeFileAtomic(o.out, "");
    return [`Wrote 0 rows to ${o.out} (no failures found).`];
  }
  const selected = selectCounterexamples(failures, o.maxAnchors, o.coverBy).rows;
  let promoted: ReturnType<typeof promoteAnchors>;
  try {
    promoted = promoteAnchors(data, selected, { drilldownLabel: pyPathStr(o.drilldown), family: o.family });
  } catch (e) {
    if (e instanceof InputError) throw e.at({ file: o.data });
    throw e;
  }
  let { rows } = promoted;
  const { missing } = promoted;
  if (o.append && existsSync(o.out)) rows = mergeById(rowsOf(o.out, "existing anchors"), rows);
  await writeFileAtomic(o.out, jsonlText(rows));
  const lines: string[] = [];
  if (missing.length)
    lines.push(`Warning: missing ${missing.length} source rows for ids: ${missing.join(", ")}`);
  lines.push(`Wrote ${rows.length} rows to ${o.out}.`);
  return lines;
}

export async function drilldownFile(
  o: DrilldownOptions & { data: string; preds: string; out: string; includePasses: boolean },
): Promise<string> {
  const rows = objectRows(readTextFile(o.data, "data"), o.data);
  for (const { line, row } of rows) {
    if (typeof row.document !== "string")
      throw new InputError("must be a string", { file: o.data, line, field: "document" });
    for (const f of ["gold", "meta"] as const)
      if (row[f] !== undefined && (row[f] === null || typeof row[f] !== "object" || Array.isArray(row[f])))
        throw new InputError("must be an object", { file: o.data, line, field: f });
  }
  const data = rows.map((r) => r.row);
  const r = drilldown(data, rowsOf(o.preds, "predictions"), o);
  await writeFileAtomic(o.out, jsonlText(r.rows));
  return `Wrote ${r.rows.length} rows to ${o.out} (${r.passes}/${r.total} exact_ok).`;
}

/**
 * The registered name `schema` stands for: a name itself, or one of our generated
 * `schemas/<name>.schema.json` files (they carry `$id` = name). Other files: undefined.
 */
async function registeredName(
  schema: string,
  loadSchemas: (() => Promise<unknown>) | undefined,
): Promise<string | undefined> {
  let id: unknown = schema;
  if (existsSync(schema)) {
    const js = readJsonFileSync(schema, "schema");
    id = js && typeof js === "object" && !Array.isArray(js) ? (js as Record<string, unknown>).$id : undefined;
    if (typeof id !== "string") return undefined;
  }
  // Our schemas register when the families load (only now: it costs a second of start-up).
  await loadSchemas?.();
  return schemaRegistry.has(id as string) ? (id as string) : undefined;
}

/** Validate a JSON artifact; `errors` empty = valid. */
export async function validateArtifactFile(o: {
  schema: string;
  path: string;
  /**
   * Loads the modules that register our schemas (both families': the package entry), before a
   * schema name is looked up. The caller's to give: a library module that imported the
   * package's own entry would close an import circle through it (the CLI passes it).
   */
  loadSchemas?: () => Promise<unknown>;
}): Promise<{ errors: string[]; mode: "ours" | "subset" }> {
  const text = readTextFile(o.path, "artifact");
  const data = pyJsonOfFile(text, o.path);
  const name = await registeredName(o.schema, o.loadSchemas);
  if (!name && !existsSync(o.schema))
    throw new InputError("no such schema file, and not a schema name of ours (see schemas/)", {
      file: o.schema,
    });
  if (name) {
    try {
      parseWith(
        schemaRegistry.get(name) as Parameters<typeof parseWith>[0],
        JSON.parse(text.replace(/^\uFEFF/, "")),
        { file: o.path },
      );
      return { errors: [], mode: "ours" };
    } catch (e) {
      if (e instanceof InputError) return { errors: [e.message], mode: "ours" };
      throw e;
    }
  }
  const schema = readJsonFileSync(o.schema, "schema");
  if (schema === null || typeof schema !== "object" || Array.isArray(schema))
    throw new InputError("a schema must be a JSON object", { file: o.schema });
  return { errors: validateSubset(data, schema as Record<string, unknown>), mode: "subset" };
}
