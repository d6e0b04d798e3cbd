import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PromptStore,
  promptBytes,
  promptFileFor,
  readPrompt,
  readPromptLines
} from "./chunk-KU3RCWH4.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  PromptStore,
  promptBytes,
  promptFileFor,
  readPrompt,
  readPromptLines
};
