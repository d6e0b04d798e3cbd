import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  costUsd,
  estimateTokens,
  latencyStats,
  loadPriceTable,
  priceFor,
  summarizeByModel,
  summarizeUsage,
  tokenEstimator,
  trialStats,
  usageFor
} from "./chunk-3RFMFL4K.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";
export {
  costUsd,
  estimateTokens,
  latencyStats,
  loadPriceTable,
  priceFor,
  summarizeByModel,
  summarizeUsage,
  tokenEstimator,
  trialStats,
  usageFor
};
