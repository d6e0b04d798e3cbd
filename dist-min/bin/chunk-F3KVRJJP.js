import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  playRunMeta
} from "./chunk-5A6T2F3E.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-HFM5OLF6.js";
export {
  playRunMeta
};
