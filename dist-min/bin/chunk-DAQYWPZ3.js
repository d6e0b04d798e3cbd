import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  GroupAppender,
  JsonlAppender,
  checkOutputPath,
  outputPathProblem,
  readJsonFile,
  readJsonFileSync,
  readJsonl,
  readJsonlAll,
  writeError,
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  GroupAppender,
  JsonlAppender,
  checkOutputPath,
  outputPathProblem,
  readJsonFile,
  readJsonFileSync,
  readJsonl,
  readJsonlAll,
  writeError,
  writeFileAtomic
};
