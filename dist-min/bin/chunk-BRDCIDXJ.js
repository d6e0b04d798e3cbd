import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PlaySession
} from "./chunk-EA4IENQI.js";
import "./chunk-Z5AODXDI.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-HFM5OLF6.js";
export {
  PlaySession
};
