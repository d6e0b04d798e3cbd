import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  EpisodeFailed,
  driveSession
} from "./chunk-7IB7HC4M.js";
import "./chunk-HFM5OLF6.js";
export {
  EpisodeFailed,
  driveSession
};
