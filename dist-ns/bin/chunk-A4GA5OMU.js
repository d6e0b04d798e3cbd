import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  createClient,
  normalizeModelSpec
} from "./chunk-TXADI6DU.js";
import {
  MODEL_SPEC_HELP
} from "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";
export {
  MODEL_SPEC_HELP,
  createClient,
  normalizeModelSpec
};
