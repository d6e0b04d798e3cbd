import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  Progress,
  formatDuration,
  progressAuto
} from "./chunk-7FPTHU2P.js";
import "./chunk-HFM5OLF6.js";
export {
  Progress,
  formatDuration,
  progressAuto
};
