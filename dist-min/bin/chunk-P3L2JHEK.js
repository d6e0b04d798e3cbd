import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ATTEMPT_POLICIES,
  AttemptCollector,
  GROUP_DIMENSIONS,
  ReportBuilder,
  difficultySlice,
  formatReportTable,
  humanPlayer
} from "./chunk-YATXMT6G.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-HFM5OLF6.js";
export {
  ATTEMPT_POLICIES,
  AttemptCollector,
  GROUP_DIMENSIONS,
  ReportBuilder,
  difficultySlice,
  formatReportTable,
  humanPlayer
};
