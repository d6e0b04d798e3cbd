import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  instancesAsBundle,
  isFormalPath,
  isFormalPayload,
  loadFormalSource,
  loadHoaTask
} from "./chunk-SAJ2WFIU.js";
import "./chunk-LF7XRNB5.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";
export {
  instancesAsBundle,
  isFormalPath,
  isFormalPayload,
  loadFormalSource,
  loadHoaTask
};
