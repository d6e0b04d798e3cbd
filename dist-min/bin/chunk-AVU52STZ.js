import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ATOM_BUDGET_RULES,
  DEFAULT_ATOM_BUDGET_RULE,
  compileInstance,
  compileSystem,
  effectWindow,
  inputBit,
  outputBit,
  symbolKey,
  withAtomBudget
} from "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  ATOM_BUDGET_RULES,
  DEFAULT_ATOM_BUDGET_RULE,
  compileInstance,
  compileSystem,
  effectWindow,
  inputBit,
  outputBit,
  symbolKey,
  withAtomBudget
};
