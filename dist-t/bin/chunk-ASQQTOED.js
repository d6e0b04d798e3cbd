import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  addModelOptions,
  engineFromOptions,
  num,
  paramsFromOptions,
  parseResponseFormat
} from "./chunk-4LXGBU3I.js";
import "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";
export {
  addModelOptions,
  engineFromOptions,
  num,
  paramsFromOptions,
  parseResponseFormat
};
