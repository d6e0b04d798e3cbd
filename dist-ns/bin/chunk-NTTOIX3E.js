import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ROW_STATS_FILE,
  baselineRowStat,
  fromReferencePayload,
  loadRuns,
  readRunFile,
  runFiles
} from "./chunk-6Z5U26UB.js";
import "./chunk-7TOWR5KS.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  ROW_STATS_FILE,
  baselineRowStat,
  fromReferencePayload,
  loadRuns,
  readRunFile,
  runFiles
};
