import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  readPromptLines
} from "./chunk-KU3RCWH4.js";
import {
  readJsonl
} from "./chunk-QYZGEUIB.js";

// src/core/view/io.ts
import { basename } from "node:path";
import { InputError } from "../core/errors.js";
var readError = (e, file) => {
  if (e instanceof InputError) return e;
  const code = e?.code;
  return code ? new InputError(`cannot read file: ${code}`, { file }) : e;
};
async function eachRow(file, parse, onRow) {
  try {
    for await (const r of readJsonl(file, parse)) onRow(r.value);
  } catch (e) {
    throw readError(e, file);
  }
}
async function readRows(file, parse) {
  const out = [];
  await eachRow(file, parse, (r) => out.push(r));
  return out;
}
async function readPromptStore(file) {
  const out = /* @__PURE__ */ new Map();
  try {
    for await (const p of readPromptLines(file)) out.set(p.prompt_sha256, p.messages);
  } catch (e) {
    throw readError(e, file);
  }
  return out;
}
function uniqueLabels(runs) {
  const count = /* @__PURE__ */ new Map();
  for (const r of runs) count.set(r.label, (count.get(r.label) ?? 0) + 1);
  for (const r of runs) if ((count.get(r.label) ?? 0) > 1) r.label = `${r.label} (${basename(r.source)})`;
}

export {
  eachRow,
  readRows,
  readPromptStore,
  uniqueLabels
};
