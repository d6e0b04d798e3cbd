import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  LINEAR_FEATURE_ORDER,
  N_FEATURES,
  alignModel,
  featureMatrix,
  loadLinearModel,
  parseLinearModel,
  pickLinear,
  scoreMatrix
} from "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  LINEAR_FEATURE_ORDER,
  N_FEATURES,
  alignModel,
  featureMatrix,
  loadLinearModel,
  parseLinearModel,
  pickLinear,
  scoreMatrix
};
