import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  GRADE_INTERVAL_METRICS,
  GradeIntervals,
  episodeCluster,
  intervalsLine
} from "./chunk-LCTBYAZL.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-HFM5OLF6.js";
export {
  GRADE_INTERVAL_METRICS,
  GradeIntervals,
  episodeCluster,
  intervalsLine
};
