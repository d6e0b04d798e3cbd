import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  baselineToFile,
  forEachDataRow,
  formatReport,
  generateToFile,
  generateToFileAsync,
  gradeFiles,
  intakeWarning,
  metricsForJson,
  openOutput,
  pyFixed,
  readPredictionIndex,
  readPredictions,
  resultsJsonText,
  runBaseline,
  runDemo,
  validateBooks
} from "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  baselineToFile,
  forEachDataRow,
  formatReport,
  generateToFile,
  generateToFileAsync,
  gradeFiles,
  intakeWarning,
  metricsForJson,
  openOutput,
  pyFixed,
  readPredictionIndex,
  readPredictions,
  resultsJsonText,
  runBaseline,
  runDemo,
  validateBooks
};
