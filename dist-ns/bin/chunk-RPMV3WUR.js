import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  BOTTLENECKS,
  DEFAULT_THRESHOLDS,
  buildDiagnosis,
  classifyBottleneck,
  evidenceExamples,
  extractMetrics,
  formatDiagnosis,
  loadThresholds
} from "./chunk-YAGFXQZ2.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-HFM5OLF6.js";
export {
  BOTTLENECKS,
  DEFAULT_THRESHOLDS,
  buildDiagnosis,
  classifyBottleneck,
  evidenceExamples,
  extractMetrics,
  formatDiagnosis,
  loadThresholds
};
