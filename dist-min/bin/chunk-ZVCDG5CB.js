import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  formatTable
} from "./chunk-2MFGQVOO.js";
import "./chunk-HFM5OLF6.js";
export {
  formatTable
};
