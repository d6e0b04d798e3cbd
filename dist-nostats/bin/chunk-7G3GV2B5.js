import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  MAX_PAGE,
  startViewServer
} from "./chunk-HRSC6BT4.js";
import "./chunk-K3BHPOQA.js";
import "./chunk-HFM5OLF6.js";
export {
  MAX_PAGE,
  startViewServer
};
