import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  checkAgents,
  currentGitCommit,
  defaultScorer,
  demo,
  evaluateAgent,
  generateBundle,
  identifiabilityCheckFile,
  importFormal,
  listInstances,
  manifestFor,
  manifestOf,
  migrateRunsFile,
  parseAtomBudgetRule,
  parseBestMatchPool,
  reportRunsFile,
  runChecks,
  validateRunsFile,
  verifyOne,
  writeGeneratedBundle
} from "./chunk-JQMG3OL7.js";
import "./chunk-VWI5WMTO.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-PGYW3ALA.js";
import "./chunk-YQMPR3RY.js";
import "./chunk-YATXMT6G.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-LW3FID2T.js";
import "./chunk-63ISRUDU.js";
import "./chunk-EDYDAUKS.js";
import {
  bundleToJson,
  loadBundle
} from "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import {
  dumpJsonFile
} from "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  bundleToJson,
  checkAgents,
  currentGitCommit,
  defaultScorer,
  demo,
  dumpJsonFile,
  evaluateAgent,
  generateBundle,
  identifiabilityCheckFile,
  importFormal,
  listInstances,
  loadBundle,
  manifestFor,
  manifestOf,
  migrateRunsFile,
  parseAtomBudgetRule,
  parseBestMatchPool,
  reportRunsFile,
  runChecks,
  validateRunsFile,
  verifyOne,
  writeGeneratedBundle
};
